#pragma once
// What a benchmark keeps between Google Benchmark's calls of its function: the live simulations,
// their thread team and the sample buffers, so a later call (including the MemoryManager's extra
// pass) neither rebuilds nor allocates.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bench/counters.hpp"
#include "bench/prepared_state.hpp"
#include "md/phase_timer.hpp"
#include "md/thread_team.hpp"

namespace mdb::bench {

/// Samples of the thermodynamic state taken during a trajectory (case units).
struct ThermoSamples {
  std::vector<double> time, energy, conserved, temperature, pressure, density;
  void clear();
  void reserve(std::size_t n);
  std::size_t size() const { return time.size(); }
};

/// Live state of one benchmark.
struct Workspace {
  int owner = 0;  ///< which family made it: Step and Trajectory of one state do not share
  StateKey key;
  int replicas = 1;
  int threads = 1;      ///< the team stepping replicas (Batched)
  int sim_threads = 1;  ///< the team inside each simulation (--md_threads)
  std::vector<std::unique_ptr<Simulation>> sims;  ///< one per replica
  std::unique_ptr<ThreadTeam> pool;
  std::vector<double> latencies;  ///< seconds per timed step
  ThermoSamples thermo;
};

/// The process's one live workspace for (owner family, state, replicas, threads, sim_threads):
/// reused when all
/// match the last call's, so Google Benchmark's successive calls of one benchmark continue one
/// trajectory; otherwise the old one is freed and a new one built from the cached equilibrated
/// state (replicas, warm-up). Throws std::runtime_error when the state cannot be prepared.
Workspace& acquire_workspace(int owner, const StateKey& key, int replicas, int threads,
                             int sim_threads = 1);
/// Frees the live workspace (after a blow-up, so the next call starts clean).
void discard_workspace();

/// Host-memory change over a timed region.
class MemoryProbe {
 public:
  void start();
  /// Fills heap/RSS growth, allocations and peak RSS into `m`.
  void finish(Measurement& m) const;

 private:
  std::int64_t allocations_ = 0, live_ = 0, rss_ = 0;
};

/// Seconds per PhaseTimer tick.
double seconds_per_tick();

/// Times steps with the time-stamp counter and keeps their latencies: the harness's whole
/// per-step cost (two counter reads, a subtraction, a store), measured by harness_overhead.
class StepRecorder {
 public:
  /// Uses `buffer` (grown to hold `expected` samples, never shrunk) for the latencies.
  StepRecorder(std::vector<double>& buffer, std::size_t expected);
  static std::uint64_t begin() { return PhaseTimer::now(); }
  /// Records the step that began at `t0` and returns its duration (s).
  double end(std::uint64_t t0) {
    const double dt = static_cast<double>(PhaseTimer::now() - t0) * spt_;
    seconds_ += dt;
    if (n_ < cap_) lat_[n_] = dt;
    ++n_;
    return dt;
  }
  /// Total recorded time (s) and the recorded samples (the first `capacity` steps).
  double seconds() const { return seconds_; }
  std::span<double> samples() const { return {lat_, n_ < cap_ ? n_ : cap_}; }

 private:
  double* lat_;
  std::size_t cap_;
  std::size_t n_ = 0;
  double seconds_ = 0.0;
  double spt_;
};

/// Adds the phase times of `sim`'s timer to `m`.
void add_phase_times(Simulation& sim, Measurement& m);

}  // namespace mdb::bench
