#pragma once
// What md_distill distils from: the teacher's model, the student's species and the MD runs that
// sample the teacher (a DUNN carbon model through KIM's parameters, or SPC/Fw water with PME).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench/distill/distill_options.hpp"
#include "md/force/force_field.hpp"
#include "model/distill/frame_sampler.hpp"

namespace mdb::distill {

/// One teacher, ready to sample and label.
struct DistillTeacher {
  std::function<std::unique_ptr<ForceField>()> make;
  std::vector<std::string> species;  ///< the student's, in its AEV order
  std::string labelled_by;           ///< a frames file's tag: a fit refuses other teachers' frames
  std::string described;             ///< in the student's description: "<teacher> (<mode>)"
  std::string sampled_what;          ///< "graphite (crystals 300-2000 K)", "water (300, 400 K)"
  std::string curve_title;           ///< "the DUNN teacher"
  /// The training runs for `frames` frames each (also each active-learning round's, with its
  /// own seed).
  std::function<std::vector<SamplingRun>(int frames, std::uint64_t seed)> training_runs;
  /// The held-out sets: new trajectories (other seeds), by name.
  std::vector<std::pair<std::string, std::vector<SamplingRun>>> held_out;
};

/// The teacher --teacher names: "water-spcfw" (md_bench's water case's model), else an installed
/// KIM DUNN model. Throws std::invalid_argument when this build lacks it (KIM, FFTW) or the KIM
/// model is not installed.
DistillTeacher make_distill_teacher(const DistillOptions& o);

}  // namespace mdb::distill
