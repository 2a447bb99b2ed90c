#pragma once
// What a benchmark keeps between Google Benchmark's calls of its function: the live engine and the
// sample buffers, so a later call (including the MemoryManager's extra pass) neither rebuilds nor
// allocates.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bench/counters.hpp"
#include "bench/prepared_state.hpp"
#include "md/core/phase_timer.hpp"
#include "md/engine/engine.hpp"

namespace mdb::bench {

/// Samples of the thermodynamic state taken during a trajectory (case units).
struct ThermoSamples {
  std::vector<double> time, energy, conserved, temperature, pressure, density;
  void clear();
  void reserve(std::size_t n);
  std::size_t size() const { return time.size(); }
};

/// Step latencies kept per benchmark call (8 MB of doubles): the buffer is made this size with the
/// workspace, so memory does not step up mid-run when Google Benchmark raises its iteration
/// count; a call with more steps keeps the first kMaxLatencySamples (percentiles over ~10 s of
/// 64-atom steps).
inline constexpr std::size_t kMaxLatencySamples = std::size_t{1} << 20;

/// Live state of one benchmark.
struct Workspace {
  int owner = 0;  ///< which family made it: Step and Trajectory of one state do not share
  StateKey key;
  EngineChoice choice;
  std::unique_ptr<Engine> engine;
  /// Steps timed as one span: 1 where the engine times single steps on the host, else about
  /// kChunkSeconds of steps (set from a paced run after the warm-up).
  long chunk = 1;
  double warm_step_s = 0.0;       ///< the warm-up's pace, wall seconds per step (make_timed_engine)
  std::vector<double> latencies;  ///< seconds per timed step (host-timed engines)
  ThermoSamples thermo;
  std::vector<Thermo> thermo_now;  ///< the last thermo read-back, reused
};

/// The process's one live workspace for (owner family, state, engine choice): reused when all
/// match the last call's, so Google Benchmark's successive calls of one benchmark continue one
/// trajectory; otherwise the old one is freed and a new one built from the cached equilibrated
/// state (make_timed_engine). Throws what make_timed_engine throws.
Workspace& acquire_workspace(int owner, const StateKey& key, const EngineChoice& choice);
/// Frees the live workspace (after a blow-up, so the next call starts clean).
void discard_workspace();

/// Host-memory change over a timed region.
class MemoryProbe {
 public:
  void start();
  /// Fills heap/RSS growth, allocations and peak RSS into `m`, and notes the region's heap use
  /// for Google Benchmark's memory pass (note_measured_heap); `iterations`: Google Benchmark's
  /// iterations in the region.
  void finish(Measurement& m, std::int64_t iterations) const;

 private:
  std::int64_t allocations_ = 0, allocated_ = 0, live_ = 0, rss_ = 0;
};

/// Seconds per PhaseTimer tick.
double seconds_per_tick();

/// Keeps the latencies of steps an engine timed on the host (Engine::last_step_seconds): the
/// harness's per-step cost beside the engine's own two counter reads is a store, measured by
/// harness_overhead.
class StepRecorder {
 public:
  /// Uses `buffer` (grown to hold `expected` samples, never shrunk) for the latencies.
  StepRecorder(std::vector<double>& buffer, std::size_t expected);
  /// Records a step that took `dt` seconds (timed by the engine).
  void add(double dt) {
    if (n_ < cap_) lat_[n_] = dt;
    ++n_;
  }
  /// The recorded samples (the first `capacity` steps).
  std::span<double> samples() const { return {lat_, n_ < cap_ ? n_ : cap_}; }

 private:
  double* lat_;
  std::size_t cap_;
  std::size_t n_ = 0;
};

}  // namespace mdb::bench
