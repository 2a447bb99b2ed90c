#pragma once
// One batch of host-timed steps as md_bench times them: each step's own time (the engine's two
// counter reads) recorded and summed, and a health check every kHealthEvery steps, outside the
// steps' time. run_steps (families.cpp) times Step, Scaling and Batched rows with it, and
// harness_overhead measures what it costs around a step.
#include <cstdint>
#include <optional>
#include <string>

#include "bench/workspace.hpp"
#include "md/engine/engine.hpp"

namespace mdb::bench {

inline constexpr long kHealthEvery = 100;  ///< steps between blow-up checks

struct HostBatch {
  double seconds = 0.0;              ///< the batch's steps, summed
  std::optional<std::string> error;  ///< a failed health check: the batch stopped there
};

/// Runs `steps` steps of `engine`; `until_check` carries the countdown to the next health check
/// (kinetic temperature above `max_temperature`, non-finite or lost atoms) across batches.
inline HostBatch run_host_batch(Engine& engine, StepRecorder& rec, std::int64_t steps,
                                long& until_check, double max_temperature) {
  HostBatch batch;
  for (std::int64_t i = 0; i < steps; ++i) {
    engine.step();
    const double dt = engine.last_step_seconds();
    rec.add(dt);
    batch.seconds += dt;
    if (--until_check == 0) {
      until_check = kHealthEvery;
      if ((batch.error = engine.check_health(max_temperature))) return batch;
    }
  }
  return batch;
}

}  // namespace mdb::bench
