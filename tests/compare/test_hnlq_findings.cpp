// The lattice rules: each fires just beyond its threshold and stays silent just inside it, and
// every rule is documented in docs/REPORT.md with its condition.
#include "compare/report/hnlq/findings.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "compare/diff/gbench_json.hpp"

namespace mdb::compare {
namespace {

// A lattice_bench row with medians as given (real_time in ns, per call).
BenchSummary row(const std::string& name, std::map<std::string, double> medians) {
  BenchSummary b;
  b.name = name;
  b.parts = parse_bench_name(name);
  b.repetitions = 5;
  b.repetition_cv = 0.01;
  b.medians = std::move(medians);
  return b;
}

// Reference and cpu rows of `op` `lattice` q4 M2 at each batch, with cpu's time per call given
// as the reference's divided by the speed-up.
RunSummary speedups(const std::vector<std::pair<long long, double>>& batch_speedup,
                    const std::string& op = "Encode", const std::string& lattice = "Z2") {
  RunSummary run;
  for (const auto& [batch, speedup] : batch_speedup) {
    const std::string stem = "Quantize/" + op + "/" + lattice + "/q4/M2/" + std::to_string(batch);
    const double ref_ns = 20.0 * static_cast<double>(batch) + 5;
    run.benchmarks.push_back(row(stem + "/reference", {{"real_time", ref_ns}}));
    run.benchmarks.push_back(row(stem + "/cpu", {{"real_time", ref_ns / speedup}}));
  }
  return run;
}

std::vector<LatticeFinding> with_rule(const RunSummary& run, const std::string& rule) {
  std::vector<LatticeFinding> out;
  for (const auto& f : find_lattice_findings(run)) {
    if (f.finding.rule == rule) out.push_back(f);
  }
  return out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(LatticeFindings, NoLatticeRowsNoFindings) {
  RunSummary run;
  run.benchmarks.push_back(row("Step/NVE/64/lj-ar/cpu/manual_time", {{"real_time", 1e4}}));
  EXPECT_TRUE(find_lattice_findings(run).empty());
}

TEST(LatticeFindings, SlowerAtTheLargestBatchIsAWarning) {
  auto found = with_rule(speedups({{1, 0.5}, {1000, 0.99}}), "lattice-slower");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kWarning);
  EXPECT_EQ(found[0].subject, "Encode Z2 q4 M2 cpu");
  EXPECT_TRUE(contains(found[0].finding.observation, "1000")) << found[0].finding.observation;
  EXPECT_TRUE(with_rule(speedups({{1, 0.5}, {1000, 1.01}}), "lattice-slower").empty());
}

TEST(LatticeFindings, SmallBatchNamesTheCrossover) {
  const RunSummary run = speedups({{1, 0.99}, {100, 3}, {10000, 5}});
  const auto found = with_rule(run, "lattice-small-batch");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kInfo);
  EXPECT_TRUE(contains(found[0].finding.recommendation, "use the reference below batch 100"))
      << found[0].finding.recommendation;
  EXPECT_TRUE(with_rule(run, "lattice-slower").empty());
  EXPECT_TRUE(
      with_rule(speedups({{1, 1.01}, {100, 3}, {10000, 5}}), "lattice-small-batch").empty());
}

// Slow at 1 and 1000 but fast at 100: the crossover is the batch from which it stays fast.
TEST(LatticeFindings, CrossoverIsWhereTheImplementationStaysFaster) {
  const auto found =
      with_rule(speedups({{1, 0.5}, {100, 2}, {1000, 0.9}, {10000, 4}}), "lattice-small-batch");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(contains(found[0].finding.recommendation, "below batch 10000"))
      << found[0].finding.recommendation;
  EXPECT_TRUE(contains(found[0].finding.observation, "batch 1, 1000"))
      << found[0].finding.observation;
}

TEST(LatticeFindings, GpuRowsGetGpuAdvice) {
  RunSummary run;
  for (const long long batch : {1LL, 10000LL}) {
    const std::string stem = "Quantize/Decode/D4/q4/M2/" + std::to_string(batch);
    run.benchmarks.push_back(row(stem + "/reference", {{"real_time", 100.0 * batch}}));
    run.benchmarks.push_back(
        row(stem + "/cuda/manual_time", {{"real_time", batch == 1 ? 1e4 : 10.0 * batch}}));
  }
  const auto found = with_rule(run, "lattice-small-batch");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].subject, "Decode D4 q4 M2 cuda");
  EXPECT_TRUE(contains(found[0].finding.recommendation, "to the CPU"));
}

RunSummary cuda_row(double transfer_us, double kernel_us) {
  RunSummary run;
  run.benchmarks.push_back(row("Quantize/Encode/E8/q4/M2/10000/cuda/manual_time",
                               {{"real_time", 1e3 * (transfer_us + kernel_us + 5)},
                                {"transfer_us", transfer_us},
                                {"kernel_us", kernel_us}}));
  return run;
}

TEST(LatticeFindings, TransferBoundWhenCopiesOutlastTheKernel) {
  const auto found = with_rule(cuda_row(10.1, 10), "lattice-transfer-bound");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kWarning);
  EXPECT_TRUE(contains(found[0].finding.recommendation, "pin the host buffers"));
  EXPECT_TRUE(with_rule(cuda_row(9.9, 10), "lattice-transfer-bound").empty());
  // No kernel time, no verdict.
  RunSummary cpu;
  cpu.benchmarks.push_back(row("Quantize/Encode/E8/q4/M2/10000/cpu", {{"real_time", 1e5}}));
  EXPECT_TRUE(with_rule(cpu, "lattice-transfer-bound").empty());
}

// A cuda series at batches 10^4 and `batch` whose kernel reaches `frac` of the DRAM peak at both.
RunSummary device_bandwidth(long long batch, double frac, const std::string& impl = "cuda") {
  RunSummary run;
  for (const long long b : {10000LL, batch}) {
    const std::string suffix = impl == "cuda" ? "/cuda/manual_time" : "/" + impl;
    run.benchmarks.push_back(
        row("Quantize/Encode/D4/q4/M2/" + std::to_string(b) + suffix,
            {{"real_time", 1e3}, {"kernel_GB_per_s", 3000 * frac}, {"peak_bandwidth_frac", frac}}));
  }
  return run;
}

TEST(LatticeFindings, DeviceBandwidthAtTheLargestBatch) {
  auto found = with_rule(device_bandwidth(10'000'000, 0.5), "lattice-device-bandwidth");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kInfo);
  EXPECT_EQ(found[0].subject, "Encode D4 q4 M2 cuda");
  EXPECT_TRUE(contains(found[0].finding.observation, "batch 10000000"))
      << found[0].finding.observation;
  EXPECT_TRUE(contains(found[0].finding.observation, "50 %")) << found[0].finding.observation;
  EXPECT_TRUE(contains(found[0].finding.recommendation, "fewer bytes"));
  found = with_rule(device_bandwidth(1'000'000, 0.49), "lattice-device-bandwidth");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kWarning);
  EXPECT_TRUE(contains(found[0].finding.recommendation, "ncu"));
  // Below the filling batch a low fraction says nothing; host rows never have the counter.
  EXPECT_TRUE(with_rule(device_bandwidth(999'999, 0.49), "lattice-device-bandwidth").empty());
  EXPECT_TRUE(
      with_rule(device_bandwidth(10'000'000, 0.9, "cpu"), "lattice-device-bandwidth").empty());
}

// A cuda series with the given kernel time per call at each batch.
RunSummary kernel_times(const std::vector<std::pair<long long, double>>& batch_kernel_us) {
  RunSummary run;
  for (const auto& [batch, kernel_us] : batch_kernel_us) {
    run.benchmarks.push_back(row(
        "Quantize/Decode/D4/q4/M2/" + std::to_string(batch) + "/cuda/manual_time",
        {{"real_time", 1e3 * (kernel_us + 20)}, {"kernel_us", kernel_us}, {"transfer_us", 20}}));
  }
  return run;
}

TEST(LatticeFindings, UnderfilledGpuBelowTheBatchThatFillsIt) {
  // Per vector: 5 us, 50 ns, 2.01 ns, then the best 1 ns at 10^6 and 1.2 ns at 10^7.
  auto found =
      with_rule(kernel_times({{1, 5}, {100, 5}, {10000, 20.1}, {1000000, 1000}, {10000000, 12000}}),
                "lattice-gpu-underfilled");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kInfo);
  EXPECT_EQ(found[0].subject, "Decode D4 q4 M2 cuda");
  EXPECT_TRUE(contains(found[0].finding.observation, "At batch 1, 100, 10000 "))
      << found[0].finding.observation;
  EXPECT_TRUE(contains(found[0].finding.recommendation, "batches of 1000000 or more"))
      << found[0].finding.recommendation;
  // Within 2x of the best everywhere: silent; one batch alone says nothing.
  EXPECT_TRUE(
      with_rule(kernel_times({{10000, 19.9}, {1000000, 1000}}), "lattice-gpu-underfilled").empty());
  EXPECT_TRUE(with_rule(kernel_times({{1, 5}}), "lattice-gpu-underfilled").empty());
  // A largest batch that loses again (3 ns per vector) is not called too small.
  found = with_rule(kernel_times({{100, 5}, {1000000, 1000}, {10000000, 30000}}),
                    "lattice-gpu-underfilled");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(contains(found[0].finding.observation, "At batch 100 "))
      << found[0].finding.observation;
  EXPECT_TRUE(contains(found[0].finding.recommendation, "batches of 1000000 or more"))
      << found[0].finding.recommendation;
}

// cpu throughput at two batch sizes (GB_per_s 13 bytes a vector).
RunSummary throughput(long long b0, double v0, long long b1, double v1,
                      const std::string& impl = "cpu") {
  RunSummary run;
  for (const auto& [b, v] : {std::pair{b0, v0}, std::pair{b1, v1}}) {
    run.benchmarks.push_back(row("Quantize/Encode/Z2/q4/M2/" + std::to_string(b) + "/" + impl,
                                 {{"real_time", 1e9 * static_cast<double>(b) / v},
                                  {"vectors_per_s", v},
                                  {"GB_per_s", 13e-9 * v}}));
  }
  return run;
}

TEST(LatticeFindings, PlateauWhenATenTimesLargerBatchGainsUnderTenPercent) {
  const auto found = with_rule(throughput(100, 1e8, 1000, 1.09e8), "lattice-plateau");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].finding.severity, Severity::kInfo);
  EXPECT_TRUE(contains(found[0].finding.observation, "from batch 100"));
  EXPECT_TRUE(contains(found[0].finding.observation, "13 bytes")) << found[0].finding.observation;
  // 1.417 GB/s: far below any core's memory bandwidth.
  EXPECT_TRUE(contains(found[0].finding.recommendation, "compute-bound"));
  EXPECT_TRUE(with_rule(throughput(100, 1e8, 1000, 1.11e8), "lattice-plateau").empty());
  // Under 10x more vectors proves nothing.
  EXPECT_TRUE(with_rule(throughput(100, 1e8, 900, 1e8), "lattice-plateau").empty());
  // The reference is flat by construction.
  EXPECT_TRUE(with_rule(throughput(100, 1e8, 1000, 1e8, "reference"), "lattice-plateau").empty());
}

TEST(LatticeFindings, PlateauAtHighBandwidthPointsAtTheMemorySystem) {
  RunSummary run = throughput(100, 1e9, 10000, 1e9);  // 13 GB/s
  const auto found = with_rule(run, "lattice-plateau");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(contains(found[0].finding.recommendation, "STREAM"));
  EXPECT_FALSE(contains(found[0].finding.recommendation, "compute-bound, not"));
}

RunSummary overloaded(double fraction, const char* protection = nullptr) {
  RunSummary run;
  for (const char* op : {"Encode", "RoundTrip"}) {
    run.benchmarks.push_back(row(std::string("Quantize/") + op + "/D4/q4/M2/100/cpu",
                                 {{"real_time", 1e3}, {"overloaded_fraction", fraction}}));
  }
  if (protection) run.context["lq_overload"] = protection;
  return run;
}

TEST(LatticeFindings, OverloadAboveOnePercentOncePerLattice) {
  const auto found = with_rule(overloaded(0.011), "lattice-overload");
  ASSERT_EQ(found.size(), 1u);  // two rows, one lattice and parameter set
  EXPECT_EQ(found[0].subject, "D4 q4 M2");
  EXPECT_EQ(found[0].finding.severity, Severity::kWarning);
  EXPECT_TRUE(contains(found[0].finding.recommendation, "--lq_overload=on"));
  EXPECT_TRUE(with_rule(overloaded(0.009), "lattice-overload").empty());
  // With protection on, only beta is left to raise.
  const auto on = with_rule(overloaded(0.05, "on"), "lattice-overload");
  ASSERT_EQ(on.size(), 1u);
  EXPECT_FALSE(contains(on[0].finding.recommendation, "--lq_overload=on"));
  EXPECT_TRUE(contains(on[0].finding.recommendation, "--lq_beta"));
}

RunSummary target(const std::string& op, const std::string& lattice, double best) {
  RunSummary run;
  for (const auto& [batch, rate] : {std::pair{1LL, best / 3}, std::pair{100LL, best}}) {
    run.benchmarks.push_back(
        row("Quantize/" + op + "/" + lattice + "/q4/M2/" + std::to_string(batch) + "/cpu",
            {{"real_time", 1e9 * static_cast<double>(batch) / rate}, {"vectors_per_s", rate}}));
  }
  return run;
}

TEST(LatticeFindings, CosetTargetsMetOrMissed) {
  for (const auto& [op, goal] : {std::pair{"Encode", 1e5}, std::pair{"Decode", 2e5}}) {
    auto missed = with_rule(target(op, "D4", 0.99 * goal), "lattice-target");
    ASSERT_EQ(missed.size(), 1u) << op;
    EXPECT_EQ(missed[0].finding.severity, Severity::kWarning) << op;
    EXPECT_TRUE(contains(missed[0].finding.observation, "missed"));
    auto met = with_rule(target(op, "D4", 1.01 * goal), "lattice-target");
    ASSERT_EQ(met.size(), 1u) << op;
    EXPECT_EQ(met[0].finding.severity, Severity::kInfo) << op;
    EXPECT_TRUE(contains(met[0].finding.observation, "met"));
  }
  // Coset's targets are for D4 q4 M2 encode and decode only.
  EXPECT_TRUE(with_rule(target("Encode", "E8", 10), "lattice-target").empty());
  EXPECT_TRUE(with_rule(target("RoundTrip", "D4", 10), "lattice-target").empty());
}

TEST(LatticeFindings, ErrorRunsAreLeftOut) {
  RunSummary run = cuda_row(50, 10);
  run.benchmarks.front().error = true;
  EXPECT_TRUE(find_lattice_findings(run).empty());
}

TEST(LatticeFindings, MostSevereFirst) {
  RunSummary run = speedups({{1, 0.5}, {100, 3}});                         // small-batch: info
  for (auto& b : overloaded(0.5).benchmarks) run.benchmarks.push_back(b);  // warning
  const auto all = find_lattice_findings(run);
  ASSERT_GE(all.size(), 2u);
  EXPECT_EQ(all.front().finding.severity, Severity::kWarning);
  EXPECT_EQ(all.back().finding.severity, Severity::kInfo);
}

// Every rule the code can fire is in the table, and the table is in docs/REPORT.md with its
// condition, as the hotspot rules are.
TEST(LatticeFindings, EveryRuleIsDocumentedWithItsCondition) {
  std::ifstream in(MDB_REPORT_DOC);
  ASSERT_TRUE(in) << MDB_REPORT_DOC;
  std::stringstream raw;
  raw << in.rdbuf();
  const std::string doc = raw.str();
  std::set<std::string> ids;
  for (const auto& r : lattice_rules()) {
    ids.insert(std::string(r.id));
    // Built by append: gcc 12 raises a false -Wrestrict on `"x" + std::string`.
    std::string quoted("`");
    quoted.append(r.id).append("`");
    EXPECT_TRUE(contains(doc, quoted)) << r.id;
    EXPECT_TRUE(contains(doc, std::string(r.condition))) << r.condition;
  }
  RunSummary all = speedups({{1, 0.5}, {100, 3}});
  for (const RunSummary& more :
       {speedups({{10, 0.5}}, "Decode"), cuda_row(50, 10), throughput(10, 1e8, 1000, 1e8),
        overloaded(0.5), target("Encode", "D4", 10), device_bandwidth(10'000'000, 0.2),
        kernel_times({{1, 5}, {1000000, 1000}})}) {
    for (const auto& b : more.benchmarks) all.benchmarks.push_back(b);
  }
  std::set<std::string> fired;
  for (const auto& f : find_lattice_findings(all)) fired.insert(f.finding.rule);
  EXPECT_EQ(fired, ids);
}

// On real output every finding is one of the documented rules and names a series it read.
TEST(LatticeFindings, RealRunFindingsAreDocumentedRules) {
  const RunSummary run = summarize_run(load_benchmark_files(
      {(std::filesystem::path(MDB_COMPARE_DATA_DIR) / "hnlq_run.json").string()}));
  std::set<std::string> ids;
  for (const auto& r : lattice_rules()) ids.insert(std::string(r.id));
  const auto found = find_lattice_findings(run);
  EXPECT_FALSE(found.empty());  // D4 q4 M2 is in the run: the target rule always speaks
  for (const auto& f : found) {
    EXPECT_TRUE(ids.count(f.finding.rule)) << f.finding.rule;
    EXPECT_FALSE(f.subject.empty());
  }
}

}  // namespace
}  // namespace mdb::compare
