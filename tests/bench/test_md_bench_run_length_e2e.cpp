// md_bench sizes each row's run itself (bench/run_sizing.hpp): the rows, their names and Google
// Benchmark's rule that a reported run fills --benchmark_min_time must stay as Google Benchmark's
// own search gives them (--md_size_runs=off).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "compare/diff/gbench_json.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_path.hpp"

namespace mdb::bench {
namespace {

using Result = test::CommandResult;

constexpr double kMinTime = 0.05;  // s, --benchmark_min_time of these runs
// Step, Trajectory, Batched and a Scaling family (each size sized alone, the O(N) fit md_bench's).
const std::string kRows =
    "--benchmark_filter='^(Step|Trajectory|Batched)/NVE/64/lj-ar|^Scaling/NVE/lj-ar/cpu/' "
    "--md_sizes=32,64 --md_replicas=2 --md_steps=100 --md_peers=none "
    "--benchmark_min_time=0.05";

std::filesystem::path temp_path(const std::string& name) {
  return test::process_temp_path("mdbench_run_length_" + name);
}

struct MdBenchRun {
  Result result;
  compare::BenchmarkFile file;
};

MdBenchRun run_md_bench(const std::string& args, const std::string& tag) {
  const auto out = temp_path(tag + ".json");
  MdBenchRun r{test::run_command(MDB_MD_BENCH_PATH, args + " --benchmark_out=" + out.string()), {}};
  if (std::filesystem::exists(out)) {
    r.file = compare::load_benchmark_json(out);
    std::filesystem::remove(out);
  }
  return r;
}

double seconds(const compare::BenchmarkRun& r) {
  return r.real_time_ns() * 1e-9 * static_cast<double>(r.iterations);
}

TEST(MdBenchRunLength, SizedRunsAreGoogleBenchmarksRowsAndFillTheMinimum) {
  const MdBenchRun sized = run_md_bench(kRows, "sized");
  const MdBenchRun searched = run_md_bench(kRows + " --md_size_runs=off", "searched");
  ASSERT_EQ(sized.result.exit_code, 0) << sized.result.output;
  ASSERT_EQ(searched.result.exit_code, 0) << searched.result.output;
  // name -> family_index and per_family_instance_index of Google Benchmark's own
  std::map<std::string, std::pair<long long, long long>> indices;
  for (const compare::BenchmarkRun& r : searched.file.runs) {
    indices[r.name] = {r.family_index, r.per_family_instance_index};
  }
  ASSERT_EQ(sized.file.runs.size(), searched.file.runs.size());
  ASSERT_GE(sized.file.runs.size(), 8u);
  for (std::size_t i = 0; i < sized.file.runs.size(); ++i) {
    const compare::BenchmarkRun& r = sized.file.runs[i];
    EXPECT_EQ(r.name, searched.file.runs[i].name) << i << ": another row, or another order";
    ASSERT_EQ(indices.count(r.name), 1u) << "not a row of the searched run: " << r.name;
    EXPECT_EQ(std::make_pair(r.family_index, r.per_family_instance_index), indices[r.name])
        << r.name;
    EXPECT_EQ(r.name.find("iterations:"), std::string::npos) << r.name;
    EXPECT_EQ(r.run_name.find("iterations:"), std::string::npos) << r.run_name;
    EXPECT_FALSE(r.error_occurred) << r.name << ": " << r.error_message;
    if (r.is_complexity()) continue;
    // Google Benchmark's rule for a reported run, kept by the sized runs.
    EXPECT_GE(seconds(r), kMinTime) << r.name;
    EXPECT_EQ(r.counters.count("allocs_per_iter"), 1u) << r.name << ": no heap figures";
    EXPECT_EQ(r.counters.at("allocs_per_step"), 0.0) << r.name;
  }
  EXPECT_EQ(sized.result.output.find("iterations:"), std::string::npos) << sized.result.output;

  // The Scaling family's fit is the least-squares slope of time per step over its sizes' own
  // reported runs (real time, and CPU time), and the RMS of the CPU fit's residuals over their
  // mean (Google Benchmark's definitions; its JSON writes the CPU fit's "rms").
  struct Sums {
    double tn = 0.0, nn = 0.0, t = 0.0;
    std::vector<std::pair<double, double>> points;  // (atoms, ns per step)
    void add(double n, double ns) {
      tn += ns * n;
      nn += n * n;
      t += ns;
      points.emplace_back(n, ns);
    }
    double slope() const { return tn / nn; }
    double rms() const {
      double residuals = 0.0;
      for (const auto& [n, ns] : points) residuals += std::pow(ns - slope() * n, 2);
      const double count = static_cast<double>(points.size());
      return std::sqrt(residuals / count) / (t / count);
    }
  } real, cpu;
  const compare::BenchmarkRun* big_o = nullptr;
  const compare::BenchmarkRun* rms = nullptr;
  for (const compare::BenchmarkRun& r : sized.file.runs) {
    if (r.name.rfind("Scaling/", 0) != 0) continue;
    if (r.aggregate_name == "BigO") big_o = &r;
    if (r.aggregate_name == "RMS") rms = &r;
    if (r.is_aggregate()) continue;
    real.add(r.counters.at("natoms"), r.real_time_ns());
    cpu.add(r.counters.at("natoms"), r.cpu_time_ns());
  }
  ASSERT_EQ(real.points.size(), 2u);
  ASSERT_NE(big_o, nullptr);
  ASSERT_NE(rms, nullptr);
  ASSERT_EQ(big_o->time_unit, "ns");  // Google Benchmark's unit for a fit
  EXPECT_NEAR(big_o->counters.at("real_coefficient"), real.slope(), 1e-9 * real.slope());
  EXPECT_NEAR(big_o->counters.at("cpu_coefficient"), cpu.slope(), 1e-9 * cpu.slope());
  EXPECT_NEAR(rms->counters.at("rms"), cpu.rms(), 1e-9);
}

// Google Benchmark's routing of a Scaling family's rows when only statistics are wanted: the fit
// counts as one, so the last size's own run goes where statistics only are asked for.
TEST(MdBenchRunLength, AScalingFamilyIsRoutedAsGoogleBenchmarkRoutesIt) {
  const std::string rows =
      "--benchmark_filter='^Scaling/NVE/lj-ar/cpu/' --md_sizes=32,64 --md_peers=none "
      "--benchmark_min_time=0.02 ";
  for (const std::string flags :
       {"--benchmark_report_aggregates_only=true",
        "--benchmark_repetitions=2 --benchmark_display_aggregates_only"}) {
    SCOPED_TRACE(flags);
    const MdBenchRun sized = run_md_bench(rows + flags, "routed");
    const MdBenchRun searched = run_md_bench(rows + flags + " --md_size_runs=off", "routed_off");
    ASSERT_EQ(sized.result.exit_code, 0) << sized.result.output;
    ASSERT_EQ(searched.result.exit_code, 0) << searched.result.output;
    std::vector<std::string> a, b;
    for (const compare::BenchmarkRun& r : sized.file.runs) a.push_back(r.name);
    for (const compare::BenchmarkRun& r : searched.file.runs) b.push_back(r.name);
    EXPECT_EQ(a, b);
    EXPECT_GE(a.size(), 3u);
    // What the console shows, in the same order.
    auto shown = [&](const std::string& out) {
      std::vector<std::string> names;
      const std::regex row("\\n(Scaling/NVE/lj-ar/cpu/[^ ]+) ");
      for (auto it = std::sregex_iterator(out.begin(), out.end(), row);
           it != std::sregex_iterator(); ++it) {
        names.push_back((*it)[1]);
      }
      return names;
    };
    EXPECT_EQ(shown(sized.result.output), shown(searched.result.output)) << sized.result.output;
    EXPECT_FALSE(shown(sized.result.output).empty()) << sized.result.output;
  }
}

// Google Benchmark's log (--v=2) shows each call: a sized fast row is called once to prepare it
// (one empty iteration), once as a probe, then for its reported run, where Google Benchmark's
// own search runs it 1, 10, 100, ... times. The reported run asks for less than the minimum at
// the probe's pace and its last batch fills it.
TEST(MdBenchRunLength, AFastRowIsProbedOnceThenRunOnce) {
  const Result r = test::run_command(
      MDB_MD_BENCH_PATH,
      "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' --benchmark_min_time=0.2 --v=2 "
      "--benchmark_format=json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::regex call("Running Step/NVE/64/lj-ar/cpu/iterations:([0-9]+)/.*manual_time for");
  std::vector<long long> counts;
  for (auto it = std::sregex_iterator(r.output.begin(), r.output.end(), call);
       it != std::sregex_iterator(); ++it) {
    counts.push_back(std::stoll((*it)[1]));
  }
  // More calls only when a reported run fell short of the minimum even so (the machine sped up
  // in its last batch); each then aims higher than the one before.
  ASSERT_GE(counts.size(), 3u) << r.output;
  EXPECT_EQ(counts[0], 1);
  EXPECT_GT(counts[1], 1);
  EXPECT_GT(counts[2], counts[1]);
  for (std::size_t k = 3; k < counts.size(); ++k) EXPECT_GT(counts[k], counts[k - 1]) << k;
  // The reported run ran at least the count it was given (its last batch may run on).
  const std::regex reported("\"iterations\": ([0-9]+),");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.output, m, reported)) << r.output;
  EXPECT_GE(std::stoll(m[1]), counts.back());
}

// The first call of a row only prepares it (builds and warms its engine, notes the warm-up's
// pace): on a Trajectory row it runs no trajectory, where Google Benchmark's first run would
// time one only to forget it. Google Benchmark's log gives each call's count and loop time.
TEST(MdBenchRunLength, TheFirstCallPreparesTheRowAndRunsNoTrajectory) {
  const Result r = test::run_command(MDB_MD_BENCH_PATH,
                                     "--benchmark_filter='^Trajectory/NVE/64/lj-ar/cpu/' "
                                     "--md_steps=2000 --benchmark_min_time=0.05 --v=2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Each call's "Ran in" follows its "Running" on the error stream; the console table (standard
  // output, buffered) and md_bench's progress line may come between.
  const std::regex running("Running Trajectory/NVE/64/lj-ar/cpu/iterations:([0-9]+)/manual_time");
  const std::regex ran("-- LOG\\(2\\): Ran in [0-9.e+-]+/([0-9.e+-]+)");
  std::vector<std::pair<long long, double>> calls;  // (count, loop seconds)
  for (auto it = std::sregex_iterator(r.output.begin(), r.output.end(), running);
       it != std::sregex_iterator(); ++it) {
    std::smatch m;
    const auto from = r.output.begin() + (it->position() + it->length());
    ASSERT_TRUE(std::regex_search(from, r.output.end(), m, ran)) << r.output;
    calls.emplace_back(std::stoll((*it)[1]), std::stod(m[1]));
  }
  ASSERT_GE(calls.size(), 2u) << r.output;
  EXPECT_EQ(calls[0].first, 1);
  const double per_trajectory = calls.back().second / static_cast<double>(calls.back().first);
  // Half a trajectory (about 10 ms) leaves room for a loaded machine to preempt the empty loop.
  EXPECT_LT(calls[0].second, per_trajectory / 2) << r.output;
}

TEST(MdBenchRunLength, RepetitionsInterleavingAndCsvKeepTheirMeaning) {
  const std::string one =
      "--benchmark_filter='^Step/NVE/64/lj-ar/cpu' --md_peers=none "
      "--benchmark_min_time=0.02 --benchmark_repetitions=3";
  const MdBenchRun reps = run_md_bench(one, "reps");
  ASSERT_EQ(reps.result.exit_code, 0) << reps.result.output;
  std::map<std::string, int> rows;
  for (const compare::BenchmarkRun& r : reps.file.runs) {
    ++rows[r.is_aggregate() ? r.aggregate_name : "run"];
    if (!r.is_aggregate()) {
      EXPECT_GT(r.iterations, 1) << r.name;
    }
  }
  EXPECT_EQ(rows["run"], 6);  // cpu and cpu-mixed, 3 repetitions each
  EXPECT_EQ(rows["median"], 2);
  const MdBenchRun mixed =
      run_md_bench(one + " --benchmark_enable_random_interleaving=true", "mixed");
  ASSERT_EQ(mixed.result.exit_code, 0) << mixed.result.output;
  EXPECT_EQ(mixed.file.runs.size(), reps.file.runs.size());

  const auto csv = temp_path("rows.csv");
  const Result c =
      test::run_command(MDB_MD_BENCH_PATH,
                        "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' --benchmark_min_time=0.02 "
                        "--benchmark_out_format=csv --benchmark_out=" +
                            csv.string());
  ASSERT_EQ(c.exit_code, 0) << c.output;
  std::ifstream in(csv);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  std::filesystem::remove(csv);
  // Google Benchmark's CSV reporter writes the context first (to its error stream, the file).
  EXPECT_NE(text.find("\nname,iterations,real_time"), std::string::npos) << text;
  EXPECT_NE(text.find("\"Step/NVE/64/lj-ar/cpu/manual_time\","), std::string::npos) << text;
  EXPECT_EQ(text.find("iterations:"), std::string::npos) << text;
}

// Google Benchmark reads BENCHMARK_OUT and BENCHMARK_DISPLAY_AGGREGATES_ONLY itself: the file is
// still md_bench's (the flag's path over the variable's, as Google Benchmark has it), complete,
// with every repetition, while the console shows only the statistics.
TEST(MdBenchRunLength, OutputVariablesAndDisplayAggregatesOnlyAsGoogleBenchmarkHasThem) {
  const auto from_env = temp_path("env.json");
  const auto from_flag = temp_path("flag.json");
  const std::string rows = "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' --benchmark_min_time=0.02";
  const Result both =
      test::run_command("BENCHMARK_OUT=" + from_env.string() + " " + MDB_MD_BENCH_PATH,
                        rows + " --benchmark_out=" + from_flag.string());
  ASSERT_EQ(both.exit_code, 0) << both.output;
  EXPECT_FALSE(std::filesystem::exists(from_env)) << "the variable's file was written too";
  ASSERT_EQ(compare::load_benchmark_json(from_flag).runs.size(), 1u);
  std::filesystem::remove(from_flag);

  const Result env =
      test::run_command("BENCHMARK_OUT=" + from_env.string() +
                            " BENCHMARK_DISPLAY_AGGREGATES_ONLY=1 " + MDB_MD_BENCH_PATH,
                        rows + " --benchmark_repetitions=2");
  ASSERT_EQ(env.exit_code, 0) << env.output;
  const compare::BenchmarkFile f = compare::load_benchmark_json(from_env);
  std::filesystem::remove(from_env);
  int repetitions = 0, aggregates = 0;
  for (const compare::BenchmarkRun& r : f.runs) ++(r.is_aggregate() ? aggregates : repetitions);
  EXPECT_EQ(repetitions, 2);
  EXPECT_GE(aggregates, 3);  // mean, median, stddev (and cv)
  EXPECT_EQ(env.output.find("Step/NVE/64/lj-ar/cpu/manual_time "), std::string::npos)
      << "a repetition on the console: " << env.output;
  EXPECT_NE(env.output.find("Step/NVE/64/lj-ar/cpu/manual_time_median"), std::string::npos)
      << env.output;
}

TEST(MdBenchRunLength, AnUnwritableOutFileFailsBeforeTheRun) {
  const Result r = test::run_command(
      MDB_MD_BENCH_PATH,
      "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' --benchmark_out=/nonexistent-dir/r.json");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("cannot write /nonexistent-dir/r.json"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("[1/"), std::string::npos) << "ran anyway: " << r.output;
  const Result f = test::run_command(MDB_MD_BENCH_PATH,
                                     "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' "
                                     "--benchmark_out=x.json --benchmark_out_format=xml");
  EXPECT_EQ(f.exit_code, 2) << f.output;
  EXPECT_NE(f.output.find("unknown format 'xml'"), std::string::npos) << f.output;
}

}  // namespace
}  // namespace mdb::bench
