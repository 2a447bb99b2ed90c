#include "model/distill/frame_sampler.hpp"

#include <cmath>
#include <stdexcept>

#include "md/engine/simulation.hpp"
#include "md/integrate/langevin.hpp"
#include "md/structure/velocities.hpp"

namespace mdb {
namespace {

std::string run_name(const SamplingRun& run) {
  return run.phase + " " + std::to_string(static_cast<long>(run.temperature)) + " K";
}

// False when the run blew up and `quiet`; throws when it blew up otherwise.
bool run_checked(Simulation& sim, long steps, double max_temperature, const std::string& name,
                 bool quiet) {
  sim.run(steps);
  const Thermo t = sim.thermo();
  if (std::isfinite(t.total) && t.temperature < max_temperature) return true;
  if (quiet) return false;
  throw std::runtime_error("sampling '" + name + "' blew up (T = " + std::to_string(t.temperature) +
                           " K)");
}

}  // namespace

std::vector<LabelledFrame> sample_frames(
    const std::function<std::unique_ptr<ForceField>()>& teacher, const SamplingRun& run,
    const SamplingSettings& settings) {
  if (run.frames < 0 || settings.stride < 1 || !(run.temperature > 0) || !run.start) {
    throw std::invalid_argument(
        "sample_frames: a start, frames >= 0, stride >= 1 and T > 0 are needed");
  }
  const std::string name = run_name(run);
  const bool melt = run.melt;
  const double limit = 5.0 * run.temperature + (melt ? settings.melt_temperature : 0.0);
  auto simulation = [&](System system, double temperature, std::uint64_t seed) {
    return std::make_unique<Simulation>(
        std::move(system), teacher(),
        std::make_unique<LangevinIntegrator>(
            settings.timestep, ThermostatSettings{temperature, settings.friction, seed}),
        NeighborPolicy{1.0, 1, true, 10}, false, settings.threads);
  };
  System start = *run.start;
  assign_maxwell_boltzmann(start, melt ? settings.melt_temperature : run.temperature, run.seed);
  if (melt) {
    auto melting = simulation(std::move(start), settings.melt_temperature, run.seed + 1);
    if (!run_checked(*melting, settings.melt_steps, limit, name, settings.stop_at_blow_up)) {
      return {};
    }
    start = melting->system();
  }
  auto sim_ptr = simulation(std::move(start), run.temperature, run.seed + 2);
  Simulation& sim = *sim_ptr;
  std::vector<LabelledFrame> frames;
  if (!run_checked(sim, settings.equilibration_steps, limit, name, settings.stop_at_blow_up)) {
    return frames;
  }
  frames.reserve(static_cast<std::size_t>(run.frames));
  for (int f = 0; f < run.frames; ++f) {
    if (!run_checked(sim, settings.stride, limit, name, settings.stop_at_blow_up)) break;
    // The label is the step's own energy and forces: no extra teacher call per frame.
    const System& s = sim.system();
    LabelledFrame frame{s, sim.thermo().potential, {}, {}, {}, name};
    frame.fx.assign(s.fx().begin(), s.fx().end());
    frame.fy.assign(s.fy().begin(), s.fy().end());
    frame.fz.assign(s.fz().begin(), s.fz().end());
    frames.push_back(std::move(frame));
  }
  return frames;
}

}  // namespace mdb
