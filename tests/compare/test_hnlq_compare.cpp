// compare on lattice_bench's JSON: every counter judged from the built-in table, the code rate
// as the identity of a row, and the accuracy counters with their own tolerances.
#include <gtest/gtest.h>

#include <filesystem>

#include "compare/diff/diff.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/diff/samples.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

constexpr const char* kRow = "Quantize/RoundTrip/D4/q4/M2/100/cpu";

// A RoundTrip row with n repetitions: deterministic accuracy counters, times with a little
// spread so the U test has ranks to work with.
BenchmarkSamples row(std::size_t n = 6) {
  BenchmarkSamples b;
  b.name = kRow;
  for (std::size_t i = 0; i < n; ++i) {
    const double jitter = 1 + 0.002 * static_cast<double>(i);
    b.metrics["real_time"].push_back(2000 * jitter);
    b.metrics["cpu_time"].push_back(2000 * jitter);
    b.metrics["vectors_per_s"].push_back(5e7 / jitter);
    b.metrics["ns_per_vector"].push_back(20 * jitter);
    b.metrics["GB_per_s"].push_back(1.6 / jitter);
    b.metrics["bits_per_dim"].push_back(4);
    b.metrics["compression_ratio"].push_back(8);
    b.metrics["overloaded_fraction"].push_back(0);
    b.metrics["mse_per_dim"].push_back(0.1036);
  }
  return b;
}

SampleSet set_of(BenchmarkSamples b) {
  SampleSet s;
  s.benchmarks.push_back(std::move(b));
  return s;
}

void set_all(BenchmarkSamples& b, const std::string& metric, double value) {
  for (double& v : b.metrics[metric]) v = value;
}

Verdict verdict_of(const BenchmarkSamples& o, const BenchmarkSamples& n, const char* metric) {
  const Comparison c = compare_samples(set_of(o), set_of(n), Policy{});
  const MetricDiff* d = c.rows.front().metric(metric);
  return d ? d->verdict : Verdict::kInfo;
}

TEST(LatticeCompare, RealFileAgainstItselfJudgesEveryCounterAndPasses) {
  const std::vector<BenchmarkFile> files =
      load_benchmark_files({(kData / "hnlq_run.json").string()});
  const SampleSet set = collect_samples(files);
  ASSERT_EQ(set.benchmarks.size(), 54u);
  const Comparison c = compare_samples(set, set, Policy{});
  for (const auto& note : c.notes)
    EXPECT_EQ(note.find("not in compare's table"), std::string::npos) << note;
  EXPECT_FALSE(c.failed);
  EXPECT_EQ(c.summary.compared, 54u);
  for (const auto& r : c.rows) {
    const MetricDiff* rate = r.metric("vectors_per_s");
    ASSERT_NE(rate, nullptr) << r.name;
    EXPECT_TRUE(rate->spec.known);
    EXPECT_EQ(rate->verdict, Verdict::kSame) << r.name;
  }
}

TEST(LatticeCompare, ADifferentCodeRateIsNotComparable) {
  BenchmarkSamples n = row();
  set_all(n, "bits_per_dim", 6);
  set_all(n, "compression_ratio", 32.0 / 6);
  const Comparison c = compare_samples(set_of(row()), set_of(n), Policy{});
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_EQ(c.rows.front().status, RowStatus::kSizeMismatch);
  EXPECT_NE(c.rows.front().note.find("bits_per_dim"), std::string::npos) << c.rows.front().note;
}

TEST(LatticeCompare, ThroughputDropRegressesAndSmallMovesDoNot) {
  BenchmarkSamples n = row();
  for (double& v : n.metrics["vectors_per_s"]) v *= 0.90;
  EXPECT_EQ(verdict_of(row(), n, "vectors_per_s"), Verdict::kRegressed);
  n = row();
  for (double& v : n.metrics["vectors_per_s"]) v *= 0.97;
  EXPECT_EQ(verdict_of(row(), n, "vectors_per_s"), Verdict::kSame);
  n = row();
  for (double& v : n.metrics["ns_per_vector"]) v *= 1.10;
  EXPECT_EQ(verdict_of(row(), n, "ns_per_vector"), Verdict::kRegressed);
}

// mse_per_dim: 1 % relative. Inputs are seeded, so a 2 % rise is the quantizer changing.
TEST(LatticeCompare, MseBeyondOnePercentRegresses) {
  BenchmarkSamples n = row();
  set_all(n, "mse_per_dim", 0.1036 * 1.02);
  EXPECT_EQ(verdict_of(row(), n, "mse_per_dim"), Verdict::kRegressed);
  set_all(n, "mse_per_dim", 0.1036 * 1.005);
  EXPECT_EQ(verdict_of(row(), n, "mse_per_dim"), Verdict::kSame);
  set_all(n, "mse_per_dim", 0.1036 * 0.98);
  EXPECT_EQ(verdict_of(row(), n, "mse_per_dim"), Verdict::kImproved);
}

// overloaded_fraction is 0 by default: from 0 any rise is infinitely large in relative terms, so
// the absolute guard of one vector in 1,000 decides.
TEST(LatticeCompare, OverloadedFractionFromZeroNeedsTheAbsoluteGuard) {
  BenchmarkSamples n = row();
  set_all(n, "overloaded_fraction", 0.002);
  EXPECT_EQ(verdict_of(row(), n, "overloaded_fraction"), Verdict::kRegressed);
  set_all(n, "overloaded_fraction", 0.0005);
  EXPECT_EQ(verdict_of(row(), n, "overloaded_fraction"), Verdict::kSame);
}

// transfer_us and kernel_us are timing metrics: --threshold replaces their thresholds, and
// gate_timing false stops judging them, as for real_time.
TEST(LatticeCompare, CudaPartsAreTimingMetrics) {
  BenchmarkSamples o = row(), n = row();
  o.metrics["transfer_us"] = std::vector<double>(6, 100);
  n.metrics["transfer_us"] = std::vector<double>(6, 108);
  for (std::size_t i = 0; i < 6; ++i) {
    o.metrics["transfer_us"][i] += 0.1 * static_cast<double>(i);
    n.metrics["transfer_us"][i] += 0.1 * static_cast<double>(i);
  }
  // 8 % is within the copies' 10 % ...
  EXPECT_EQ(verdict_of(o, n, "transfer_us"), Verdict::kSame);
  // ... but not within a forced 5 %.
  Policy strict;
  strict.forced_time_threshold = 0.05;
  Comparison c = compare_samples(set_of(o), set_of(n), strict);
  EXPECT_EQ(c.rows.front().metric("transfer_us")->verdict, Verdict::kRegressed);
  Policy ungated;
  ungated.gate_timing = false;
  c = compare_samples(set_of(o), set_of(n), ungated);
  EXPECT_EQ(c.rows.front().metric("transfer_us")->verdict, Verdict::kInfo);
}

}  // namespace
}  // namespace mdb::compare
