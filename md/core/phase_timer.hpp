#pragma once
// Per-phase wall-time accounting for the MD loop (LAMMPS's Pair / Neigh / Modify breakdown).
#include <array>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define MDB_PHASE_TIMER_TSC 1
#else
#include <chrono>
#endif

namespace mdb {

/// The phases a step's time is charged to.
enum class Phase : int { Neighbor = 0, Force = 1, Integrate = 2, Other = 3 };
inline constexpr int kNumPhases = 4;
const char* phase_name(Phase p);

/// Charges the time between consecutive stamps to phases. A steady_clock read costs 20-40 ns,
/// which is visible in a few-microsecond step, so on x86 this reads the time-stamp counter
/// (invariant TSC: constant rate, about 10 ns) and converts ticks to seconds with a rate
/// calibrated once per process. A disabled timer makes stamp() a single predictable branch.
class PhaseTimer {
 public:
  explicit PhaseTimer(bool enabled = true) : enabled_(enabled) {}

  bool enabled() const { return enabled_; }
  void set_enabled(bool on) { enabled_ = on; }

  /// Marks "now" as the start of the next phase.
  void start() {
    if (enabled_) last_ = now();
  }
  /// Same, with a counter value the caller already read (a harness timing the step with now()
  /// avoids a second read).
  void start_at(std::uint64_t ticks) { last_ = ticks; }
  /// Charges the time since the previous stamp (or start) to phase p.
  void stamp(Phase p) {
    if (!enabled_) return;
    const std::uint64_t t = now();
    ticks_[static_cast<int>(p)] += t - last_;
    last_ = t;
  }
  void reset() { ticks_.fill(0); }

  double seconds(Phase p) const { return ticks_[static_cast<int>(p)] * seconds_per_tick(); }
  double total_seconds() const;

  /// Raw counter read (TSC ticks on x86, nanoseconds elsewhere).
  static std::uint64_t now() {
#if defined(MDB_PHASE_TIMER_TSC)
    return __rdtsc();
#else
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
#endif
  }
  /// Seconds per counter tick (calibrated against steady_clock on first use, ~10 ms).
  static double seconds_per_tick();

 private:
  bool enabled_;
  std::uint64_t last_ = 0;
  std::array<std::uint64_t, kNumPhases> ticks_{};
};

}  // namespace mdb
