// lattice_bench's testable parts: --lq_* parsing (good and bad values), the row plan and names,
// and the counters one real row publishes when Google Benchmark runs it in-process.
#include <benchmark/benchmark.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "bench/hnlq/counters.hpp"
#include "bench/hnlq/families.hpp"
#include "bench/hnlq/options.hpp"
#include "bench/hnlq/rows.hpp"

namespace mdb::bench {
namespace {

/// Parses a command line given as strings; returns the options and what is left of argv.
LatticeOptions parse(std::vector<std::string> args, std::vector<std::string>* rest = nullptr) {
  args.insert(args.begin(), "lattice_bench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  LatticeOptions o = parse_lattice_options(argc, argv.data());
  if (rest != nullptr) rest->assign(argv.begin() + 1, argv.begin() + argc);
  return o;
}

std::string error_of(std::vector<std::string> args) {
  try {
    parse(std::move(args));
  } catch (const LatticeOptionError& e) {
    return e.what();
  }
  return "";
}

TEST(LatticeOptions, DefaultsAreShort) {
  const LatticeOptions o = parse({});
  EXPECT_EQ(o.batches, (std::vector<std::size_t>{1, 100, 10000}));
  EXPECT_EQ(o.qs, std::vector<int>{4});
  EXPECT_EQ(o.levels, std::vector<int>{2});
  EXPECT_EQ(o.lattices.size(), 3u);
  EXPECT_TRUE(o.pin_host_memory);
  EXPECT_FALSE(parse({"--lq_host_memory=pageable"}).pin_host_memory);
  EXPECT_TRUE(parse({"--lq_host_memory=pinned"}).pin_host_memory);
  EXPECT_FALSE(o.cuda_graph);
  EXPECT_TRUE(parse({"--lq_cuda_graph=on"}).cuda_graph);
  // A graph copies from fixed, page-locked buffers.
  EXPECT_NE(error_of({"--lq_cuda_graph=on", "--lq_host_memory=pageable"})
                .find("--lq_cuda_graph=on needs page-locked host buffers"),
            std::string::npos);
}

TEST(LatticeOptions, ParsesEveryFlagAndLeavesOtherArguments) {
  std::vector<std::string> rest;
  const LatticeOptions o =
      parse({"--benchmark_filter=D4", "--lq_batches=1,10,1e6", "--lq_lattices=E8,D4", "--lq_q=2,4",
             "--lq_M=3", "--lq_impls=cpu", "--lq_beta=0.35", "--lq_overload=on", "--lq_sigma=2",
             "--lq_seed=7", "--benchmark_repetitions=5"},
            &rest);
  EXPECT_EQ(o.batches, (std::vector<std::size_t>{1, 10, 1000000}));
  EXPECT_EQ(o.lattices,
            (std::vector<hnlq::LatticeKind>{hnlq::LatticeKind::E8, hnlq::LatticeKind::D4}));
  EXPECT_EQ(o.qs, (std::vector<int>{2, 4}));
  EXPECT_EQ(o.levels, std::vector<int>{3});
  EXPECT_EQ(o.impls, std::vector<LatticeImpl>{LatticeImpl::Cpu});
  EXPECT_DOUBLE_EQ(o.beta, 0.35);
  EXPECT_TRUE(o.overload_protection);
  EXPECT_DOUBLE_EQ(o.sigma, 2.0);
  EXPECT_EQ(o.seed, 7u);
  EXPECT_EQ(rest, (std::vector<std::string>{"--benchmark_filter=D4", "--benchmark_repetitions=5"}));
}

TEST(LatticeOptions, BadValuesNameTheFlagAndTheRule) {
  const std::map<std::string, std::string> cases = {
      {"--lq_batches=0", "--lq_batches=0: '0' is not a batch size in [1, 100000000]"},
      {"--lq_batches=10,abc", "'abc' is not a batch size"},
      {"--lq_batches=1.5", "'1.5' is not a batch size"},
      {"--lq_batches=-3", "'-3' is not a batch size"},
      {"--lq_batches=1e9", "'1e9' is not a batch size"},
      {"--lq_batches=1,,2", "empty list entry"},
      {"--lq_lattices=A2", "unknown lattice 'A2' (Z2, D4, E8)"},
      {"--lq_q=1", "'1' is not an alphabet size in [2, 256]"},
      {"--lq_q=300", "'300' is not an alphabet size"},
      {"--lq_q=four", "'four' is not an alphabet size"},
      {"--lq_M=0", "'0' is not a level count in [1, 16]"},
      {"--lq_impls=gpu", "unknown implementation 'gpu' (reference, cpu, cuda)"},
      {"--lq_beta=0", "--lq_beta=0: beta must be > 0"},
      {"--lq_beta=nan", "beta must be > 0"},
      {"--lq_sigma=-1", "sigma must be > 0"},
      {"--lq_overload=yes", "expected on or off"},
      {"--lq_seed=x", "the seed must be a non-negative integer"},
      {"--lq_host_memory=locked", "--lq_host_memory=locked: expected pinned or pageable"},
      {"--lq_cuda_graph=yes", "--lq_cuda_graph=yes: expected on or off"},
      {"--lq_bogus=1", "unknown flag --lq_bogus"},
      {"--lq_batches", "expected --lq_<name>=<value>"},
      {"--lq_q=", "expected --lq_<name>=<value>"},
  };
  for (const auto& [arg, message] : cases) {
    const std::string error = error_of({arg});
    EXPECT_NE(error.find(message), std::string::npos) << arg << " gave: " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << "one line: " << arg;
  }
}

TEST(LatticeOptions, RejectsQAndMThatOverflowSixteenBits) {
  EXPECT_NE(error_of({"--lq_q=4,256", "--lq_M=3"}).find("--lq_q=256 with --lq_M=3: q^M"),
            std::string::npos);
  EXPECT_EQ(error_of({"--lq_q=256", "--lq_M=2"}), "");
}

TEST(LatticeRows, PlanCoversTheProductInNameOrder) {
  LatticeOptions o;
  o.batches = {1, 1000};
  o.lattices = {hnlq::LatticeKind::D4, hnlq::LatticeKind::E8};
  o.qs = {3};
  o.levels = {1, 2};
  const auto with_cuda = plan_lattice_rows(o, true);
  const auto without = plan_lattice_rows(o, false);
  EXPECT_EQ(with_cuda.size(), 3u * 2 * 2 * 2 * 3);  // ops, lattices, M, batches, impls
  EXPECT_EQ(without.size(), 3u * 2 * 2 * 2 * 2);
  for (const LatticeRow& r : without) EXPECT_NE(r.impl, LatticeImpl::Cuda);
  EXPECT_EQ(lattice_row_name(with_cuda.front()), "Quantize/Encode/D4/q3/M1/1/reference");
  EXPECT_EQ(lattice_row_name(with_cuda.back()), "Quantize/RoundTrip/E8/q3/M2/1000/cuda");
  EXPECT_EQ(lattice_row_name(without[1]), "Quantize/Encode/D4/q3/M1/1/cpu");
}

/// A counter's value, or NaN when the measurement does not make it.
double counter(const LatticeMeasurement& m, std::string_view name) {
  for (const auto& [n, v] : lattice_counter_values(m)) {
    if (n == name) return v;
  }
  return std::nan("");
}

TEST(LatticeCounters, CudaRatesAreTheRowsBytesOverEachPartsTime) {
  LatticeMeasurement m;  // 10 calls on 10^6 D4 vectors, Encode: 4n + M n + 1 = 25 bytes each
  m.vectors = 1'000'000;
  m.iterations = 10;
  m.bytes = 25e6;
  m.bits_per_dim = 4;
  m.seconds = 0.1;
  m.transfer_s = 0.08;
  m.kernel_s = 0.002;
  m.peak_bandwidth_gb_per_s = 2000;
  EXPECT_DOUBLE_EQ(counter(m, "GB_per_s"), 2.5);             // 250 MB over 0.1 s
  EXPECT_DOUBLE_EQ(counter(m, "transfer_GB_per_s"), 3.125);  // over 0.08 s
  EXPECT_DOUBLE_EQ(counter(m, "kernel_GB_per_s"), 125.0);    // over 0.002 s
  EXPECT_DOUBLE_EQ(counter(m, "peak_bandwidth_frac"), 0.0625);
  EXPECT_DOUBLE_EQ(counter(m, "kernel_us"), 200.0);
  EXPECT_DOUBLE_EQ(counter(m, "transfer_us"), 8000.0);
  // Every counter made is a documented one.
  for (const auto& [name, value] : lattice_counter_values(m)) {
    bool documented = false;
    for (const auto& spec : lattice_counter_specs()) documented |= spec.name == name;
    EXPECT_TRUE(documented) << name;
  }
  // Without the device's peak there is no fraction, and a host row has no cuda counters.
  m.peak_bandwidth_gb_per_s.reset();
  EXPECT_TRUE(std::isnan(counter(m, "peak_bandwidth_frac")));
  EXPECT_FALSE(std::isnan(counter(m, "kernel_GB_per_s")));
  m.transfer_s.reset();
  m.kernel_s.reset();
  EXPECT_TRUE(std::isnan(counter(m, "kernel_GB_per_s")));
  EXPECT_TRUE(std::isnan(counter(m, "transfer_GB_per_s")));
  EXPECT_DOUBLE_EQ(counter(m, "ns_per_vector"), 10.0);
}

/// Collects the runs Google Benchmark reports.
class CapturingReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& reported) override {
    for (const Run& r : reported) runs.push_back(r);
  }
  std::vector<Run> runs;
};

TEST(LatticeRows, RoundTripRowPublishesConsistentCounters) {
  LatticeOptions o;
  o.batches = {1000};
  o.lattices = {hnlq::LatticeKind::D4};
  o.impls = {LatticeImpl::Reference, LatticeImpl::Cpu};
  std::vector<LatticeRow> rows;
  for (const LatticeRow& r : plan_lattice_rows(o, false)) {
    if (r.op == LatticeOp::RoundTrip) rows.push_back(r);
  }
  ASSERT_EQ(rows.size(), 2u);
  register_lattice_rows(rows, o);
  std::string filter = "--benchmark_filter=^Quantize/RoundTrip/D4/q4/M2/1000/";
  std::string min_time = "--benchmark_min_time=0.01";
  std::string name = "test";
  char* argv[] = {name.data(), filter.data(), min_time.data(), nullptr};
  int argc = 3;
  benchmark::Initialize(&argc, argv);
  CapturingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  ASSERT_EQ(reporter.runs.size(), 2u);
  double mse[2] = {0, 0};
  for (std::size_t k = 0; k < 2; ++k) {
    const auto& run = reporter.runs[k];
    ASSERT_FALSE(run.error_occurred) << run.error_message;
    const auto& c = run.counters;
    for (const auto& spec : lattice_counter_specs()) {
      const bool cuda_only = spec.name.find("transfer_") == 0 || spec.name.find("kernel_") == 0 ||
                             spec.name == "peak_bandwidth_frac";
      EXPECT_EQ(c.count(std::string(spec.name)), cuda_only ? 0u : 1u) << spec.name;
    }
    EXPECT_DOUBLE_EQ(c.at("bits_per_dim").value, 4.0);  // M log2 q = 2 * 2
    EXPECT_DOUBLE_EQ(c.at("compression_ratio").value, 8.0);
    EXPECT_NEAR(c.at("vectors_per_s").value * c.at("ns_per_vector").value, 1e9, 1.0);
    // 32 bytes in and out per D4 vector.
    EXPECT_NEAR(c.at("GB_per_s").value / c.at("vectors_per_s").value, 32e-9, 1e-15);
    EXPECT_EQ(run.benchmark_name(), lattice_row_name(rows[k]));
    // The rates come from the row's own clock, read just outside Google Benchmark's timed loop:
    // never less than Google Benchmark's real time (microseconds per iteration), and more only
    // by what happened between the two clocks' reads (a preemption on a loaded machine: the
    // slack is absolute, half a second over the whole run, far below a units mistake's 1000x).
    const double iterations = static_cast<double>(run.iterations);
    const double gb_seconds = run.GetAdjustedRealTime() * 1e-6 * iterations;
    const double row_seconds = c.at("ns_per_vector").value * 1e-9 * 1000 * iterations;
    EXPECT_GE(row_seconds, 0.999 * gb_seconds);
    EXPECT_LE(row_seconds, gb_seconds + 0.5);
    mse[k] = c.at("mse_per_dim").value;
  }
  // Both implementations quantize the same data identically (summed in a different order); the
  // error is that of D4 at this scale: G V^(1/2) = 0.108 per coordinate.
  EXPECT_DOUBLE_EQ(mse[0], mse[1]);
  EXPECT_GT(mse[0], 0.05);
  EXPECT_LT(mse[0], 0.25);  // below the inputs' own variance
}

}  // namespace
}  // namespace mdb::bench
