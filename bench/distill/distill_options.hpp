#pragma once
// md_distill's command line: what to sample, the student's shape and how to fit it.
#include <cstdint>
#include <string>
#include <vector>

#include "model/distill/frame_sampler.hpp"
#include "model/distill/student_trainer.hpp"

namespace mdb::distill {

/// Everything md_distill does, from its flags (docs/MODELS.md, "Distilling a student").
struct DistillOptions {
  std::string teacher = "DUNN_WenTadmor_2019v1_C__MO_584345505904_000";  ///< a KIM DUNN model
  int teacher_member = -1;  ///< -1 the ensemble mean, 0 the fully connected net, m a member
  std::string out = "c-nn-student.json";
  std::string curve_svg;  ///< learning curve (empty: none)
  std::string curve_csv;  ///< the same figures as a table (empty: none)
  std::string name = "c-nn-student";
  // Sampling: frames per training run, per held-out run.
  int frames = 40;
  int test_frames = 12;
  SamplingSettings sampling;
  // The student: ANI AEV term counts and cutoffs (Angstrom), hidden widths.
  int radial_shifts = 16;
  int angle_shifts = 4;
  int angular_radial_shifts = 4;
  double radial_cutoff = 5.0;
  double angular_cutoff = 3.5;
  TrainingSettings training;
  int evaluate_every = 5;  ///< epochs between held-out evaluations on the learning curve
  std::uint64_t seed = 20261124;
};

/// Parses argv (argv[0] skipped). Throws std::invalid_argument with a one-line message in the
/// flag's terms ("--epochs must be a whole number >= 1, got 'x'"); `help` is set by --help.
DistillOptions parse_distill_options(int argc, const char* const* argv, bool& help);
/// The --help text.
std::string distill_usage();

}  // namespace mdb::distill
