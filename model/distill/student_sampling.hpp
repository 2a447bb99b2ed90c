#pragma once
// Active learning: frames from the student's own MD, labelled by the teacher. A student fitted to
// the teacher's trajectories has never seen the configurations its own errors lead to; in MD it
// drifts into them (carbon's first student heated a 300 K diamond to ~1,000 K). Where it goes is
// where it needs data.
#include <functional>
#include <memory>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/distill/frame_sampler.hpp"
#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// What one run of the student's MD gave.
struct StudentMdFrames {
  std::vector<LabelledFrame> frames;  ///< tagged "<phase> <T> K student MD"
  bool blew_up = false;               ///< the student's trajectory ended early
};

/// Langevin MD with `student` (in double) as sample_frames runs it, each frame relabelled with
/// the teacher's energy and forces. A blow-up ends the run with the frames before it.
StudentMdFrames student_md_frames(const NnSpec& student, ForceField& teacher,
                                  const SamplingRun& run, SamplingSettings settings);

}  // namespace mdb
