#include "bench/shared_runs.hpp"

#include <cstdio>
#include <deque>
#include <map>

#include "bench/counters.hpp"
#include "bench/families.hpp"
#include "compare/diff/shared_run_label.hpp"

namespace mdb::bench {
namespace {

using Run = benchmark::BenchmarkReporter::Run;

struct Kept {
  std::string measured_by;  // its reported name
  std::string label;
  Family family = Family::Step;
  std::vector<Run> display, file;
  std::deque<benchmark::MemoryManager::Result> memory;  // the runs' heap figures point here
};

std::map<std::string, Kept>& kept() {
  static std::map<std::string, Kept> runs;
  return runs;
}

bool one_plain_run(const std::vector<Run>& runs) {
  return runs.size() == 1 && runs.front().run_type == Run::RT_Iteration &&
         !runs.front().error_occurred;
}

long long size_of(const PlannedBenchmark& p) {
  return p.spec.family == Family::Scaling && p.sizes.size() == 1 ? p.sizes.front() : -1;
}

}  // namespace

std::string measurement_identity(const PlannedBenchmark& p) {
  const BenchmarkSpec& s = p.spec;
  if (!times_single_steps(s.family) || s.key.spec == nullptr) return {};
  StateKey key = s.key;
  if (s.family == Family::Scaling) {
    if (p.sizes.size() != 1) return {};
    key.atoms = static_cast<int>(p.sizes.front());
  }
  const EngineChoice c = engine_choice(s);
  char engine[128];
  std::snprintf(engine, sizeof engine,
                " backend:%d replicas:%d/%d threads:%d graph:%d mixed:%d warmup:%d",
                static_cast<int>(c.backend), c.replicas, c.replica_threads, c.threads, c.graph,
                c.mixed, c.warmup_steps);
  return key.str() + engine;
}

void keep_shared_runs(const PlannedBenchmark& p, const std::string& identity,
                      const std::vector<Run>& display, const std::vector<Run>& file) {
  if (identity.empty() || !one_plain_run(display) || (!file.empty() && !one_plain_run(file))) {
    return;
  }
  if (kept().count(identity) > 0) return;  // a row reporting kept runs
  Kept& k = kept()[identity];
  const long long size = size_of(p);
  k.measured_by = reported_name(p.name, size);
  k.label = compare::measured_by_label(size >= 0 ? p.name + "/" + std::to_string(size) : p.name);
  k.family = p.spec.family;
  k.display = display;
  k.file = file;
  for (std::vector<Run>* runs : {&k.display, &k.file}) {
    for (Run& r : *runs) {
      if (r.memory_result == nullptr) continue;
      k.memory.push_back(*r.memory_result);
      r.memory_result = &k.memory.back();
    }
  }
}

void forget_shared_runs() {
  kept().clear();
}

std::optional<SharedRuns> shared_runs_for(const PlannedBenchmark& p, const std::string& identity) {
  if (identity.empty()) return std::nullopt;
  const auto it = kept().find(identity);
  if (it == kept().end()) return std::nullopt;
  const Kept& k = it->second;
  // A Step row carries reference figures a Scaling or Batched row's run lacks: it measures.
  if (carries_accuracy(p.spec.family) && !carries_accuracy(k.family)) return std::nullopt;
  const long long size = size_of(p);
  const auto relabel = [&](Run r) {
    r.run_name.function_name = p.name;
    r.run_name.args = size >= 0 ? std::to_string(size) : std::string();
    r.complexity_n = size >= 0 ? size : 0;
    if (!carries_accuracy(p.spec.family)) drop_reference_figures(r.counters);
    return r;
  };
  SharedRuns out;
  out.measured_by = k.measured_by;
  out.label = k.label;
  for (const Run& r : k.display) out.display.push_back(relabel(r));
  for (const Run& r : k.file) out.file.push_back(relabel(r));
  return out;
}

}  // namespace mdb::bench
