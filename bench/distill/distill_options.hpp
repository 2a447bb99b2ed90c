#pragma once
// md_distill's command line: what to sample, the student's shape and how to fit it.
#include <cstdint>
#include <string>
#include <vector>

#include "model/distill/carbon_structures.hpp"
#include "model/distill/frame_sampler.hpp"
#include "model/distill/student_trainer.hpp"

namespace mdb::distill {

/// --teacher's name for md_bench's water case's model (SPC/Fw with PME).
inline constexpr const char* kWaterTeacher = "water-spcfw";
/// The water teacher's sampling temperatures (K): the case's, and a hotter set.
inline constexpr double kWaterTemperatures[] = {300.0, 400.0};

/// Everything md_distill does, from its flags (docs/MODELS.md, "Distilling a student").
struct DistillOptions {
  /// A KIM DUNN model, or kWaterTeacher.
  std::string teacher = "DUNN_WenTadmor_2019v1_C__MO_584345505904_000";
  int teacher_member = -1;  ///< -1 the ensemble mean, 0 the fully connected net, m a member
  std::string out = "c-nn-student.json";
  std::string curve_svg;  ///< learning curve (empty: none)
  std::string curve_csv;  ///< the same figures as a table (empty: none)
  std::string name = "c-nn-student";
  std::string frames_in;   ///< labelled frames to fit instead of sampling (empty: sample)
  std::string frames_out;  ///< where to keep the sampled frames (empty: nowhere)
  // Sampling: the phases (each crystal at 300, 1,000 and 2,000 K, a liquid at 3,000 K), frames
  // per training run, per held-out run. Graphite only by default: the DUNN teacher does not hold
  // diamond or the melt together (docs/MODELS.md).
  std::vector<CarbonPhase> phases = {CarbonPhase::Graphite};
  int frames = 40;
  int test_frames = 12;
  SamplingSettings sampling;
  // The student: ANI AEV term counts and cutoffs (Angstrom), hidden widths.
  int radial_shifts = 16;
  int angle_shifts = 4;
  int angular_radial_shifts = 4;
  double radial_cutoff = 5.0;
  double angular_cutoff = 3.5;
  /// CELU's alpha in the hidden layers: its second derivative jumps by 1/alpha at 0, which MD
  /// with a student whose network is the whole energy feels as energy drift.
  double celu_alpha = 0.1;
  TrainingSettings training;
  // Active learning: rounds of the student's own MD, labelled by the teacher, then a refit.
  int rounds = 0;
  int round_frames = 20;              ///< frames per student-MD run
  int round_epochs = 100;             ///< epochs of each refit (continuing from the weights)
  double round_learning_rate = 5e-4;  ///< start of each refit's decay to final_lr
  int evaluate_every = 5;             ///< epochs between held-out evaluations on the learning curve
  std::uint64_t seed = 20261124;

  bool water_teacher() const { return teacher == kWaterTeacher; }
};

/// Parses argv (argv[0] skipped). Throws std::invalid_argument with a one-line message in the
/// flag's terms ("--epochs must be a whole number >= 1, got 'x'"); `help` is set by --help.
DistillOptions parse_distill_options(int argc, const char* const* argv, bool& help);
/// The --help text.
std::string distill_usage();

}  // namespace mdb::distill
