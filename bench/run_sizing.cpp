#include "bench/run_sizing.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "bench/families.hpp"

namespace mdb::bench {
namespace {

using Run = benchmark::BenchmarkReporter::Run;

constexpr std::int64_t kMaxIterations = 1000000000;  // Google Benchmark 1.7.1's kMaxIterations

// Keeps the runs of one call, to be reported after it, and passes its context on. A run's
// memory result points into Google Benchmark's runner, gone when the call returns: it is copied
// here, and the runs point at the copies while this reporter lives.
class HeldReporter final : public benchmark::BenchmarkReporter {
 public:
  explicit HeldReporter(benchmark::BenchmarkReporter& context_to) : context_to_(context_to) {}
  bool ReportContext(const Context& context) override { return context_to_.ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (Run r : runs) {
      if (r.memory_result != nullptr) {
        memory_.push_back(*r.memory_result);
        r.memory_result = &memory_.back();
      }
      runs_.push_back(std::move(r));
    }
  }
  std::vector<Run> take() { return std::exchange(runs_, {}); }

 private:
  benchmark::BenchmarkReporter& context_to_;
  std::vector<Run> runs_;
  std::deque<benchmark::MemoryManager::Result> memory_;  // stable addresses
};

// While alive, benchmark calls are probes: no progress lines, step samples or error counts.
class SizingCalls {
 public:
  SizingCalls() { set_sizing_calls(true); }
  ~SizingCalls() { set_sizing_calls(false); }
  SizingCalls(const SizingCalls&) = delete;
  SizingCalls& operator=(const SizingCalls&) = delete;
};

const Run* first_iteration_run(const std::vector<Run>& runs) {
  for (const Run& r : runs) {
    if (r.run_type == Run::RT_Iteration) return &r;
  }
  return nullptr;
}

// Seconds per iteration of a call's (first) run; nothing after an error.
std::optional<double> pace_of(const std::vector<Run>& runs) {
  const Run* r = first_iteration_run(runs);
  if (r == nullptr || r->error_occurred || r->iterations <= 0) return std::nullopt;
  return r->real_accumulated_time / static_cast<double>(r->iterations);
}

}  // namespace

std::int64_t iterations_to_fill(double fill_s, double seconds_per_iteration) {
  if (!(seconds_per_iteration > 0.0) || !std::isfinite(seconds_per_iteration)) return 1;
  const double n = std::ceil(fill_s / seconds_per_iteration);
  return n >= static_cast<double>(kMaxIterations) ? kMaxIterations
                                                  : std::max<std::int64_t>(1, std::llround(n));
}

void run_sized_row(const PlannedBenchmark& p, const SizingSettings& settings,
                   benchmark::BenchmarkReporter& reporter) {
  HeldReporter held(reporter);
  // One registration per call; a probe is one repetition whatever the flags say, with no heap
  // hook. Returns the call's runs.
  auto call = [&](std::int64_t n, bool probe) {
    benchmark::ClearRegisteredBenchmarks();
    auto* b = register_benchmark(p, n);
    if (probe && settings.repetitions != 1) b->Repetitions(1);
    benchmark::RegisterMemoryManager(probe ? nullptr : settings.memory);
    benchmark::RunSpecifiedBenchmarks(&held, ".");
    benchmark::RegisterMemoryManager(nullptr);
    benchmark::ClearRegisteredBenchmarks();
    return held.take();
  };
  // Google Benchmark's own rule for reporting a run: an error, or the minimum time filled.
  auto reportable = [&](const std::vector<Run>& runs) {
    const std::optional<double> pace = pace_of(runs);
    const Run* r = first_iteration_run(runs);
    return !pace || r->real_accumulated_time >= settings.min_time_s;
  };
  const bool single = settings.repetitions == 1;
  std::optional<double> pace;
  if (single) {
    std::vector<Run> runs = call(1, false);
    if (reportable(runs)) return reporter.ReportRuns(runs);
    pace = pace_of(runs);
  } else {
    SizingCalls probes;
    pace = pace_of(call(1, true));
  }
  if (pace) {
    const double half_s = kProbeShare * settings.min_time_s / 2;
    if (*pace < half_s / 2) {
      SizingCalls probes;
      // A first iteration is often several times slower than the row's pace, so the second
      // probe is sized by the first.
      const std::optional<double> a = pace_of(call(iterations_to_fill(half_s, *pace), true));
      const std::optional<double> b =
          a ? pace_of(call(iterations_to_fill(half_s, *a), true)) : std::nullopt;
      pace = a && b ? std::optional<double>(std::min(*a, *b)) : std::nullopt;
    }
  }
  // After a probe's error, Google Benchmark's own search runs the row and reports the error.
  std::int64_t n = pace ? iterations_to_fill(kRunFill * settings.min_time_s, *pace) : 0;
  std::vector<Run> runs = call(n, false);
  // A run that fell short met a slower machine than the probes did: as Google Benchmark does,
  // run again at the pace just seen, aiming as high as it aims.
  for (int rerun = 0; single && n > 0 && !reportable(runs) && rerun < kMaxReruns; ++rerun) {
    n = iterations_to_fill(kRerunFill * settings.min_time_s, *pace_of(runs));
    runs = call(n, false);
  }
  reporter.ReportRuns(runs);
}

}  // namespace mdb::bench
