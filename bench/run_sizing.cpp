#include "bench/run_sizing.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "bench/families.hpp"
#include "bench/iteration_batches.hpp"
#include "bench/progress.hpp"
#include "bench/samples_out.hpp"
#include "bench/scaling_fit.hpp"
#include "bench/shared_runs.hpp"

namespace mdb::bench {
namespace {

using Run = benchmark::BenchmarkReporter::Run;

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

// Turns one of families.hpp's call modes on while alive.
template <void (*Set)(bool)>
class CallMode {
 public:
  CallMode() { Set(true); }
  ~CallMode() { Set(false); }
  CallMode(const CallMode&) = delete;
  CallMode& operator=(const CallMode&) = delete;
};
// Probes: no progress lines, step samples or error counts.
using SizingCalls = CallMode<set_sizing_calls>;
// Calls that only prepare their row (set_prepare_calls).
using PrepareCalls = CallMode<set_prepare_calls>;

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

// Google Benchmark's rule for what a reporter gets of a row: only its statistics (and fit) when
// the reporter wants aggregates only and there are some, else every run.
std::vector<Run> route(const std::vector<Run>& runs, bool aggregates_only) {
  bool any_aggregate = false;
  for (const Run& r : runs) any_aggregate |= r.run_type == Run::RT_Aggregate;
  if (!aggregates_only || !any_aggregate) return runs;
  std::vector<Run> kept;
  for (const Run& r : runs) {
    if (r.run_type == Run::RT_Aggregate) kept.push_back(r);
  }
  return kept;
}

struct Held {
  std::vector<Run> display, file;
};

// What happens to a row's runs between its reported call and its reporters.
using BeforeReport = std::function<void(Held&)>;

void size_and_run(const PlannedBenchmark& p, const SizingSettings& settings,
                  SuiteReporters reporters, const BeforeReport& before_report,
                  bool every_run_to_both) {
  HeldReporter display(*reporters.display);
  std::optional<HeldReporter> file;
  if (reporters.file) file.emplace(*reporters.file);
  // One registration per call; a probe is one repetition whatever the flags say, with no heap
  // hook. Google Benchmark decides which runs each reporter gets, unless the caller does.
  auto call = [&](std::int64_t n, bool probe, double sized_pace_s = 0.0) {
    benchmark::ClearRegisteredBenchmarks();
    auto* b = register_benchmark(p, n);
    if (probe && settings.repetitions != 1) b->Repetitions(1);
    if (every_run_to_both) b->DisplayAggregatesOnly(false);
    benchmark::RegisterMemoryManager(probe ? nullptr : settings.memory);
    // Google Benchmark's statistics need every repetition at one count: those cannot extend.
    const bool extends = !probe && n > 0 && settings.repetitions == 1;
    set_run_fill(extends ? kExtendFill * settings.min_time_s : 0.0, sized_pace_s);
    benchmark::RunSpecifiedBenchmarks(&display, file ? &*file : nullptr, ".");
    set_run_fill(0.0);
    benchmark::RegisterMemoryManager(nullptr);
    benchmark::ClearRegisteredBenchmarks();
    return Held{display.take(), file ? file->take() : std::vector<Run>{}};
  };
  const std::string identity = settings.repetitions == 1 ? measurement_identity(p) : std::string();
  // `label`: a shared run's, on the row's own runs once a Scaling family's fit has taken them
  // (a fit is no row's measurement).
  auto report = [&](Held h, const std::string& label = {}) {
    keep_shared_runs(p, identity, h.display, h.file);
    before_report(h);
    for (std::vector<Run>* runs : {&h.display, &h.file}) {
      for (Run& r : *runs) {
        if (!label.empty() && r.run_type == Run::RT_Iteration) r.report_label = label;
      }
    }
    reporters.display->ReportRuns(h.display);
    if (reporters.file) reporters.file->ReportRuns(h.file);
  };
  // Google Benchmark's own rule for reporting a run: an error, or the minimum time filled. With
  // one repetition the display gets the run whatever the flags say (there are no aggregates).
  auto reportable = [&](const Held& h) {
    const Run* r = first_iteration_run(h.display);
    return !pace_of(h.display) || r->real_accumulated_time >= settings.min_time_s;
  };
  if (std::optional<SharedRuns> shared = shared_runs_for(p, identity)) {
    const long long size = p.spec.family == Family::Scaling ? p.sizes.front() : -1;
    note_benchmark_call(p.spec.name ? p.spec.name.get() : &p.name, static_cast<long>(size));
    copy_step_samples(shared->measured_by, reported_name(p.name, size));
    return report(Held{std::move(shared->display), std::move(shared->file)}, shared->label);
  }
  const bool single = settings.repetitions == 1;
  std::optional<double> pace;
  {
    // The row's engine (or peer) is built and warmed by a call that times nothing and gives
    // the warm-up's pace: a first iteration (a whole trajectory of a Trajectory row) need not
    // run only to be timed and forgotten.
    SizingCalls probes;
    PrepareCalls prepare;
    const Held prepared = call(1, true);
    pace = take_prepared_pace();
    const Run* r = first_iteration_run(prepared.display);
    if (r == nullptr || r->error_occurred) pace.reset();
  }
  if (!pace) {
    // No pace from a warm-up (a device engine, or an error, which Google Benchmark's first run
    // reports): its first run, one iteration, reported when it fills the minimum.
    if (single) {
      const Held first = call(1, false);
      if (reportable(first)) return report(first);
      pace = pace_of(first.display);
    } else {
      SizingCalls probes;
      pace = pace_of(call(1, true).display);
    }
  }
  if (pace) {
    const double probe_s = kProbeShare * settings.min_time_s;
    if (*pace < probe_s / 2) {
      // A warm-up's steps are few, a first iteration often several times slower than the row's
      // pace: a probe, shorter than aimed then, is long enough to time.
      SizingCalls probes;
      pace = pace_of(call(iterations_to_fill(probe_s, *pace), true).display);
    }
  }
  if (!pace) {
    // A probe ended in error: Google Benchmark's own search runs the row and reports the error.
    // Its first call is one iteration, as the first call here was: forget that one's samples.
    forget_step_samples(p.spec.family == Family::Scaling ? reported_name(p.name, p.sizes.front())
                                                         : reported_name(p.name));
    return report(call(0, false));
  }
  std::int64_t n =
      iterations_to_fill((single ? kRunFill : kFixedRunFill) * settings.min_time_s, *pace);
  Held runs = call(n, false, *pace);
  // A run that fell short even so met a machine that sped up in its last batch: as Google
  // Benchmark's search goes on, run again at the pace just seen, aiming as high as it aims.
  // Each rerun is longer than the one before (a run too short to time at all grows tenfold), so
  // the loop ends by Google Benchmark's cap at the latest.
  while (single && n < kMaxIterations && !reportable(runs)) {
    const double seen = *pace_of(runs.display);
    const std::int64_t want =
        seen > 0.0 ? iterations_to_fill(kRerunFill * settings.min_time_s, seen) : 10 * n;
    n = std::min(kMaxIterations, std::max(n + 1, want));
    runs = call(n, false);
  }
  report(runs);
}

}  // namespace

std::int64_t iterations_to_fill(double fill_s, double seconds_per_iteration) {
  if (!(seconds_per_iteration > 0.0) || !std::isfinite(seconds_per_iteration)) return 1;
  const double n = std::ceil(fill_s / seconds_per_iteration);
  return n >= static_cast<double>(kMaxIterations) ? kMaxIterations
                                                  : std::max<std::int64_t>(1, std::llround(n));
}

void run_sized_row(const PlannedBenchmark& p, const SizingSettings& settings,
                   SuiteReporters reporters) {
  size_and_run(
      p, settings, reporters, [](Held&) {}, false);
}

void run_sized_scaling(const PlannedBenchmark& p, const SizingSettings& settings,
                       SuiteReporters reporters) {
  ScalingFit fit;
  for (std::size_t i = 0; i < p.sizes.size(); ++i) {
    PlannedBenchmark size = p;
    size.sizes = {p.sizes[i]};
    size.complexity = false;  // fitted here, over all sizes
    const bool last = i + 1 == p.sizes.size();
    // Every run reaches both held lists; Google Benchmark's routing is applied here, with the
    // fit counted among the last size's statistics, as in one call of the family.
    size_and_run(
        size, settings, reporters,
        [&](Held& h) {
          for (Run& r : h.display) r.per_family_instance_index = static_cast<std::int64_t>(i);
          fit.add(h.display);
          std::vector<Run> all = std::move(h.display);
          if (last && p.complexity) {
            for (Run& r : fit.rows()) all.push_back(std::move(r));
          }
          h.display = route(all, settings.display_aggregates_only);
          if (reporters.file) h.file = route(all, settings.file_aggregates_only);
        },
        true);
  }
}

}  // namespace mdb::bench
