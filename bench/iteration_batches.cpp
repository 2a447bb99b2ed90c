#include "bench/iteration_batches.hpp"

#include <algorithm>
#include <cmath>

namespace mdb::bench {
namespace {

constexpr std::int64_t kBatchesPerRun = 8;
double g_run_fill_s = 0.0;
double g_run_pace_s = 0.0;

}  // namespace

void set_run_fill(double seconds, double pace_s) {
  g_run_fill_s = seconds > 0.0 ? seconds : 0.0;
  g_run_pace_s = pace_s > 0.0 ? pace_s : 0.0;
}

std::int64_t last_batch(std::int64_t done, std::int64_t remaining, double timed_s, double pace_s,
                        double fill_s, std::int64_t most) {
  if (!(pace_s > 0.0)) return remaining;
  const double need = std::ceil((fill_s - timed_s) / pace_s);
  if (!(need > static_cast<double>(remaining))) return remaining;
  return static_cast<std::int64_t>(
      std::min(need, static_cast<double>(std::max(most - done, remaining))));
}

IterationBatches::IterationBatches(benchmark::State& state, std::int64_t batch)
    : state_(state), fill_s_(g_run_fill_s), sized_pace_s_(g_run_pace_s) {
  const std::int64_t n = std::max<std::int64_t>(state.max_iterations, 1);
  const std::int64_t eighth = std::max<std::int64_t>(1, n / kBatchesPerRun);
  batch_ = batch > 0 ? std::min(batch, eighth) : eighth;
  most_ = fill_s_ > 0.0 ? std::max(n, std::min(n * kMaxRunGrowth, kMaxIterations)) : n;
}

std::int64_t IterationBatches::next(double timed_s) {
  if (last_k_ > 0) {
    const double pace = (timed_s - last_timed_s_) / static_cast<double>(last_k_);
    if (pace > 0.0 && (fastest_s_ == 0.0 || pace < fastest_s_)) fastest_s_ = pace;
  }
  const std::int64_t remaining = last_ ? 0 : state_.max_iterations - done_;
  std::int64_t k = std::min(batch_, remaining);
  if (k > 0 && k == remaining) {
    last_ = true;
    if (fill_s_ > 0.0) {
      const double pace = done_ > 0 ? fastest_s_ : sized_pace_s_;
      k = last_batch(done_, remaining, timed_s, pace, fill_s_, most_);
    }
  }
  // With nothing left Google Benchmark's loop ends here (its count reached, or an error).
  if (!state_.KeepRunningBatch(std::max<std::int64_t>(k, 1)) || k <= 0) return 0;
  done_ += k;
  last_k_ = k;
  last_timed_s_ = timed_s;
  return k;
}

}  // namespace mdb::bench
