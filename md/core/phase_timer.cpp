#include "md/core/phase_timer.hpp"

#include <chrono>
#include <thread>

namespace mdb {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Neighbor:
      return "neighbor";
    case Phase::Force:
      return "force";
    case Phase::Integrate:
      return "integrate";
    case Phase::Other:
      return "other";
  }
  return "?";
}

double PhaseTimer::total_seconds() const {
  std::uint64_t t = 0;
  for (auto v : ticks_) t += v;
  return t * seconds_per_tick();
}

double PhaseTimer::seconds_per_tick() {
#if defined(MDB_PHASE_TIMER_TSC)
  static const double rate = [] {
    using clock = std::chrono::steady_clock;
    const auto c0 = clock::now();
    const std::uint64_t t0 = now();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const auto c1 = clock::now();
    const std::uint64_t t1 = now();
    const double secs = std::chrono::duration<double>(c1 - c0).count();
    return secs / static_cast<double>(t1 - t0);
  }();
  return rate;
#else
  return 1e-9;
#endif
}

}  // namespace mdb
