#pragma once
// Frames for distillation: Langevin MD with the teacher, every `stride` steps a labelled frame.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/distill/labelled_frame.hpp"

namespace mdb {

/// One sampling trajectory: a phase at a temperature. The teacher decides what its phases are
/// (carbon_run for carbon's crystals and melt, md_distill's water boxes).
struct SamplingRun {
  std::string phase;                    ///< names the frames: "<phase> <T> K"
  std::shared_ptr<const System> start;  ///< the structure at rest (velocities are drawn)
  bool melt = false;                    ///< melt the start at settings.melt_temperature first
  double temperature = 300.0;           ///< K
  int frames = 0;
  std::uint64_t seed = 1;
};

/// How every trajectory runs (metal units).
struct SamplingSettings {
  double timestep = 0.0005;       ///< ps (0.5 fs: carbon's optical phonons have a ~25 fs period,
                                  ///< water's O-H stretch ~9 fs)
  double friction = 20.0;         ///< 1/ps, Langevin
  int equilibration_steps = 200;  ///< at the run's temperature before the first frame
  int stride = 20;                ///< steps between frames
  /// A liquid run first melts its start at this temperature (K) for melt_steps.
  double melt_temperature = 6000.0;
  int melt_steps = 1000;
  int threads = 1;  ///< the teacher's team, when it splits its loops
  /// A blow-up ends the run and returns the frames before it instead of throwing: a student's
  /// own MD (active learning) is run to find where it goes wrong.
  bool stop_at_blow_up = false;
};

/// Runs MD with `teacher` and labels a frame every settings.stride steps with the teacher's own
/// energy and forces. Frames are tagged "<phase> <T> K". Throws std::invalid_argument without a
/// start, and std::runtime_error when the
/// trajectory blows up (a non-finite energy or a temperature above 5 x the target plus the
/// melt's), naming the run, unless settings.stop_at_blow_up.
std::vector<LabelledFrame> sample_frames(
    const std::function<std::unique_ptr<ForceField>()>& teacher, const SamplingRun& run,
    const SamplingSettings& settings);

}  // namespace mdb
