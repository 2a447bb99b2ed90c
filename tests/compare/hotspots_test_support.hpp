#pragma once
// What the hotspot rules' tests share (test_hotspots.cpp, test_hotspot_timing.cpp): a healthy
// md_bench row to change one counter of, and lookups into the findings.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compare/report/hotspots.hpp"

namespace mdb::compare::hotspots_test {

// A healthy md_bench Step row: forces dominate, steady steps, no memory growth.
inline BenchSummary healthy() {
  BenchSummary b;
  b.name = "Step/NVE/64/lj-ar/cpu/manual_time";
  b.parts = parse_bench_name(b.name);
  b.repetitions = 5;
  b.repetition_cv = 0.01;
  b.medians = {{"real_time", 10e3},      {"frac_force", 0.78},   {"frac_neigh", 0.15},
               {"frac_integrate", 0.02}, {"frac_other", 0.05},   {"cv", 0.10},
               {"steps_per_s", 1e5},     {"p50_us", 9.5},        {"p95_us", 15},
               {"p99_us", 20},           {"max_us", 150},        {"mem_delta_MB", 0},
               {"allocs_per_step", 0},   {"energy_drift", 0.001}};
  return b;
}

inline std::set<std::string> rules(const Hotspots& h) {
  std::set<std::string> out;
  for (const auto& f : h.findings) out.insert(f.rule);
  return out;
}

inline const Finding* finding(const Hotspots& h, const std::string& rule) {
  for (const auto& f : h.findings) {
    if (f.rule == rule) return &f;
  }
  return nullptr;
}
// A pointer into temporary findings would dangle once the statement ends: keep them first.
const Finding* finding(Hotspots&& h, const std::string& rule) = delete;
inline bool has_rule(const Hotspots& h, const std::string& rule) {
  return finding(h, rule) != nullptr;
}

}  // namespace mdb::compare::hotspots_test
