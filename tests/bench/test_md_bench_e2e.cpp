// Runs the md_bench binary as a user would and checks the JSON a run writes: its names,
// counters, context and step samples, and the rows of threads, devices, models and peers. What
// md_bench lists, announces and exits with is in test_md_bench_cli_e2e.cpp.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "bench/counters.hpp"
#include "bench/peers/lammps_script.hpp"
#include "bench/registry_device.hpp"
#include "bench/samples_out.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/report/step_samples.hpp"
#include "md/engine/engine.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/nnp/nn_weights_json.hpp"
#include "tests/bench/md_bench_e2e_support.hpp"

namespace mdb::bench {
namespace {

using md_bench_e2e::Result;
using md_bench_e2e::run_md_bench;
using md_bench_e2e::temp_json;

class MdBenchRun : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const auto out = temp_json("nve64");
    const Result r = run_md_bench(
        "--benchmark_filter='^(Step|Trajectory|Batched)/NVE/64/lj-ar|^Scaling/NVE/lj-ar' "
        "--md_sizes=32,64 --md_replicas=2 --md_steps=100 --benchmark_min_time=0.01 "
        "--benchmark_out=" +
        out.string());
    exit_code_ = r.exit_code;
    output_ = new std::string(r.output);
    file_ = new compare::BenchmarkFile(compare::load_benchmark_json(out));
    std::filesystem::remove(out);
  }
  static void TearDownTestSuite() {
    delete file_;
    delete output_;
  }
  static int exit_code_;
  static std::string* output_;
  static compare::BenchmarkFile* file_;
};
int MdBenchRun::exit_code_ = -1;
std::string* MdBenchRun::output_ = nullptr;
compare::BenchmarkFile* MdBenchRun::file_ = nullptr;

TEST_F(MdBenchRun, ExitsCleanlyWithTheSelectedNames) {
  ASSERT_EQ(exit_code_, 0) << *output_;
  for (const char* name :
       {"Step/NVE/64/lj-ar/cpu/manual_time", "Trajectory/NVE/64/lj-ar/cpu/manual_time",
        "Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time", "Scaling/NVE/lj-ar/cpu/32/manual_time",
        "Scaling/NVE/lj-ar/cpu/64/manual_time", "Scaling/NVE/lj-ar/cpu/manual_time_BigO",
        "Scaling/NVE/lj-ar/cpu/manual_time_RMS"}) {
    const compare::BenchmarkRun* run = file_->find(name);
    ASSERT_NE(run, nullptr) << name << "\n" << *output_;
    EXPECT_FALSE(run->error_occurred) << name << ": " << run->error_message;
  }
}

TEST_F(MdBenchRun, CountersAreDocumentedFiniteAndConsistent) {
  std::set<std::string> documented;
  for (const CounterSpec& s : counter_specs()) documented.insert(std::string(s.name));
  // Google Benchmark's MemoryManager fields.
  for (const char* gb :
       {"allocs_per_iter", "max_bytes_used", "total_allocated_bytes", "net_heap_growth"}) {
    documented.insert(gb);
  }
  int checked = 0;
  for (const compare::BenchmarkRun& run : file_->runs) {
    if (run.is_complexity()) continue;
    ++checked;
    for (const auto& [name, value] : run.counters) {
      EXPECT_TRUE(documented.count(name)) << run.name << ": undocumented counter " << name;
      EXPECT_TRUE(std::isfinite(value)) << run.name << ": " << name;
    }
    for (const char* name :
         {"us_per_atom", "atom_steps_per_s", "ns_per_day", "steps_per_s", "p50_us", "p95_us",
          "p99_us", "max_us", "cv", "mem_delta_MB", "peak_rss_MB", "frac_force", "frac_neigh",
          "frac_integrate", "frac_other", "natoms", "replicas", "worker_threads"}) {
      EXPECT_TRUE(run.counters.count(name)) << run.name << " lacks " << name;
    }
    const auto& c = run.counters;
    // Rates from wall time agree with each other and with the size counters.
    EXPECT_NEAR(c.at("us_per_atom") * c.at("atom_steps_per_s"), 1e6, 1e-3);
    EXPECT_NEAR(c.at("atom_steps_per_s"), c.at("steps_per_s") * c.at("natoms") * c.at("replicas"),
                1e-6 * c.at("atom_steps_per_s"));
    EXPECT_LE(c.at("p50_us"), c.at("p95_us"));
    EXPECT_LE(c.at("p95_us"), c.at("p99_us"));
    EXPECT_LE(c.at("p99_us"), c.at("max_us"));
    const double fracs =
        c.at("frac_force") + c.at("frac_neigh") + c.at("frac_integrate") + c.at("frac_other");
    EXPECT_NEAR(fracs, 1.0, 1e-9) << run.name;
    EXPECT_TRUE(run.time_unit == "us" || run.time_unit == "ms") << run.name;
  }
  EXPECT_GE(checked, 5);
  const auto& traj = file_->find("Trajectory/NVE/64/lj-ar/cpu/manual_time")->counters;
  ASSERT_TRUE(traj.count("energy_drift"));
  EXPECT_LT(std::abs(traj.at("energy_drift")), 1.0);  // meV/atom/ps; argon at 2 fs drifts far less
  EXPECT_LT(traj.at("allocs_per_step"), 0.01);        // a step allocates nothing
  EXPECT_GT(traj.at("T_mean"), 10.0);
  EXPECT_LT(traj.at("T_mean"), 80.0);
  EXPECT_EQ(file_->find("Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time")->counters.at("replicas"),
            2.0);
}

TEST_F(MdBenchRun, ContextSaysWhereTheNumbersCameFrom) {
  for (const char* key : {"mdbench_schema", "mdbench_build_type", "mdbench_compiler",
                          "mdbench_cpu_model", "mdbench_isa", "mdbench_hardware_threads",
                          "mdbench_cuda_available", "mdbench_gpu", "mdbench_git_revision"}) {
    ASSERT_TRUE(file_->context.contains(key)) << key;
    EXPECT_FALSE(file_->context[key].get<std::string>().empty()) << key;
  }
  EXPECT_EQ(file_->context["mdbench_schema"], "1");
}

// Google Benchmark 1.7.1 reports memory-manager results of all but the last repetition through
// dangling pointers (google/benchmark#1939); md_bench must not write such garbage.
TEST(MdBenchRepetitions, NoCorruptMemoryFieldsWithRepetitions) {
  const auto out = temp_json("reps");
  const Result r = run_md_bench(
      "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' --benchmark_repetitions=3 "
      "--benchmark_min_time=0.01 --benchmark_out=" +
      out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const compare::BenchmarkFile f = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  int rows = 0;
  for (const compare::BenchmarkRun& run : f.runs) {
    if (run.is_aggregate()) continue;
    ++rows;
    EXPECT_EQ(run.counters.count("max_bytes_used"), 0u) << run.name;
    EXPECT_EQ(run.counters.count("total_allocated_bytes"), 0u) << run.name;
    EXPECT_EQ(run.counters.count("allocs_per_step"), 1u) << run.name;
  }
  EXPECT_EQ(rows, 3);
  EXPECT_NE(r.output.find("corrupts them"), std::string::npos)
      << "the note is missing: " << r.output;
}

// --md_threads: a cpu-t2 row runs one simulation on two threads; its phase shares are of the
// step's wall time, as for one thread (SW silicon spends most of a step in the force).
TEST(MdBenchThreads, TwoThreadRowReportsItsTeamAndWallTimeShares) {
  const auto out = temp_json("threads");
  const Result r = run_md_bench(
      "--md_cases=si-sw --md_sizes=512 --md_ensembles=NVE --md_threads=1,2 --md_peers=none "
      "--benchmark_filter='^Step/' --benchmark_min_time=0.05 --benchmark_out=" +
      out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto file = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  const auto* one = file.find("Step/NVE/512/si-sw/cpu/manual_time");
  const auto* two = file.find("Step/NVE/512/si-sw/cpu-t2/manual_time");
  ASSERT_NE(one, nullptr);
  ASSERT_NE(two, nullptr);
  ASSERT_FALSE(two->error_occurred) << two->error_message;
  EXPECT_EQ(one->counters.at("worker_threads"), 1.0);
  EXPECT_EQ(two->counters.at("worker_threads"), 2.0);
  EXPECT_GT(two->counters.at("frac_force"), 0.5);
  EXPECT_EQ(two->counters.at("allocs_per_step"), 0.0);
  // The same state, so the same list size (to the drift of a few hundred steps).
  EXPECT_NEAR(two->counters.at("neighbors_per_atom"), one->counters.at("neighbors_per_atom"),
              0.01 * one->counters.at("neighbors_per_atom"));
}

// cuda rows: without a usable GPU, --md_cuda=auto registers none and --md_cuda=on makes each an
// error row (a clear message, not a crash); with a GPU both run and report GPU memory.
TEST(MdBenchCuda, RowsFollowTheDeviceAndFailCleanlyWithoutOne) {
  const auto out = temp_json("cuda");
  const std::string rows =
      "--md_cases=lj-ar --md_sizes=64 --md_ensembles=NVE --md_replicas=2 --md_peers=none "
      "--md_allow_errors --benchmark_filter='^(Step|Batched)/' --benchmark_min_time=0.01 "
      "--benchmark_out=" +
      out.string();
  const Result on = run_md_bench(rows + " --md_cuda=on");
  if (!cuda_built()) {
    EXPECT_EQ(on.exit_code, 2) << on.output;
    EXPECT_NE(on.output.find("built without CUDA"), std::string::npos) << on.output;
    return;
  }
  ASSERT_EQ(on.exit_code, 0) << on.output;
  const auto file = compare::load_benchmark_json(out);
  const auto* step = file.find("Step/NVE/64/lj-ar/cuda/manual_time");
  const auto* batched = file.find("Batched/NVE/64/lj-ar/cuda-graph/replicas:2/manual_time");
  ASSERT_NE(step, nullptr);
  ASSERT_NE(batched, nullptr);
  ASSERT_NE(file.find("Step/NVE/64/lj-ar/cpu/manual_time"), nullptr);
  const Result listed = run_md_bench("--md_list " + rows);
  if (step->error_occurred) {  // no GPU here
    EXPECT_NE(step->error_message.find("no usable CUDA device"), std::string::npos)
        << step->error_message;
    EXPECT_EQ(listed.output.find("/cuda/"), std::string::npos) << "auto: no rows without a GPU";
  } else {
    EXPECT_EQ(step->counters.at("gpu_mem_delta_MB"), 0.0);
    EXPECT_GT(step->counters.at("gpu_mem_peak_MB"), 0.0);
    EXPECT_EQ(batched->counters.at("replicas"), 2.0);
    // H100/H200 drivers have conditional graph nodes: the build is then one node of a few.
    EXPECT_EQ(batched->counters.at("graph_conditional_build"), 1.0);
    EXPECT_GE(batched->counters.at("graph_nodes"), 4.0);
    EXPECT_LE(batched->counters.at("graph_nodes"), 6.0);
    EXPECT_EQ(step->counters.count("graph_nodes"), 0u) << "plain cuda rows replay no graph";
    EXPECT_EQ(step->counters.at("allocs_per_step"), 0.0) << "a device step allocates on the host";
    EXPECT_EQ(step->counters.count("frac_force"), 0u) << "no host phase times for a GPU row";
    EXPECT_NE(listed.output.find("/cuda/"), std::string::npos) << "auto: rows with a GPU";
  }
  std::filesystem::remove(out);
}

// The silicon cases run through the whole harness (preparation, force check, step loop); the NN
// rows break their force time into stages, the SW row has no such counters.
TEST(MdBenchModels, SiliconCasesRunAndNnRowsReportStages) {
  const auto out = temp_json("silicon");
  const Result r = run_md_bench(
      "--benchmark_filter='^Step/NVE/32/si-' --md_sizes=32 "
      "--benchmark_min_time=0.01 --benchmark_out=" +
      out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto file = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  for (const char* c : {"si-sw", "si-nn-teacher", "si-nn-student"}) {
    const auto* run = file.find(std::string("Step/NVE/32/") + c + "/cpu/manual_time");
    ASSERT_NE(run, nullptr) << c;
    ASSERT_FALSE(run->error_occurred) << c << ": " << run->error_message;
    EXPECT_EQ(run->counters.at("allocs_per_step"), 0.0) << c;
    const bool nn = std::string(c) != "si-sw";
    EXPECT_EQ(run->counters.count("nn_descriptor_frac"), nn ? 1u : 0u) << c;
    if (!nn) continue;
    double sum = 0;
    for (const char* f :
         {"nn_baseline_frac", "nn_descriptor_frac", "nn_network_frac", "nn_backward_frac"}) {
      const double v = run->counters.at(f);
      EXPECT_GT(v, 0.0) << c << " " << f;
      sum += v;
    }
    EXPECT_LE(sum, 1.0 + 1e-9) << c;
    EXPECT_GT(sum, 0.9) << c;  // the rest (virial, folding ghosts) is small
    EXPECT_GT(run->counters.at("nn_network_gflops"), 0.0) << c;
    EXPECT_GT(run->counters.at("nn_gemm_peak_frac"), 0.0) << c;
  }
}

TEST(MdBenchPeers, LammpsRowsSitBesideStepWithComparableCounters) {
  if (!lammps_available()) GTEST_SKIP() << "md_bench built without LAMMPS";
  const auto out = temp_json("peers");
  const Result r = run_md_bench(
      "--benchmark_filter='^(Step|Peer)/NVE/64/si-sw/' --benchmark_min_time=0.05 "
      "--benchmark_out=" +
      out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto file = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  const auto* ours = file.find("Step/NVE/64/si-sw/cpu/manual_time");
  const auto* peer = file.find("Peer/NVE/64/si-sw/lammps/manual_time");
  ASSERT_NE(ours, nullptr);
  ASSERT_NE(peer, nullptr);
  ASSERT_FALSE(peer->error_occurred) << peer->error_message;
  EXPECT_EQ(peer->counters.at("natoms"), 64.0);
  // Same state, same list: the neighbour counts agree to within what 100 steps of motion move.
  EXPECT_NEAR(peer->counters.at("neighbors_per_atom"), ours->counters.at("neighbors_per_atom"),
              2.0);
  EXPECT_GT(peer->counters.at("atom_steps_per_s"), 0.0);
  // LAMMPS's own timer split, as shares of the step: present and a partition. (How large the
  // Pair share is depends on what else the machine runs, e.g. 0.42 beside two busy loops
  // (ci/loaded_tests.sh), so no threshold on it here.)
  EXPECT_GT(peer->counters.at("frac_force"), 0.0);
  EXPECT_LE(peer->counters.at("frac_force") + peer->counters.at("frac_neigh") +
                peer->counters.at("frac_integrate"),
            1.0 + 1e-9);
  EXPECT_EQ(peer->counters.count("p99_us"), 0u);  // chunked: no per-step latencies
}

TEST(MdBenchModels, ExportWritesTheShippedPresetExactly) {
  const auto out = temp_json("student_weights");
  const Result r = run_md_bench("--md_export_nn=nn-student:" + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const NnSpec back = read_nn_weights(out.string());
  std::filesystem::remove(out);
  EXPECT_EQ(nn_weights_to_json(back), nn_weights_to_json(make_nn_preset("nn-student")));
  for (const char* bad : {"--md_export_nn=nn-x:/tmp/x.json", "--md_export_nn=nn-student",
                          "--md_export_nn=nn-student:/nonexistent-dir/x.json"}) {
    const Result e = run_md_bench(bad);
    EXPECT_EQ(e.exit_code, 2) << bad << ": " << e.output;
    EXPECT_EQ(e.output.find("md_bench: "), 0u) << bad << ": " << e.output;
  }
}

// --md_samples_out: the steps behind every reported repetition, under the reported name.
TEST(MdBenchSamples, WritesTheReportedRunsSteps) {
  const auto json = temp_json("samples_run"), samples = temp_json("samples");
  const Result r = run_md_bench(
      "--benchmark_filter='^(Step|Trajectory)/NVE/64/lj-ar/cpu/|^Scaling/NVE/lj-ar' "
      "--md_sizes=32,64 "
      "--md_steps=100 --benchmark_min_time=0.01 --benchmark_repetitions=2 --benchmark_out=" +
      json.string() + " --md_samples_out=" + samples.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const compare::BenchmarkFile file = compare::load_benchmark_json(json);
  const compare::StepSamples s = compare::load_step_samples(samples);
  std::filesystem::remove(json);
  std::filesystem::remove(samples);
  std::map<std::string, std::size_t> expected;
  std::map<std::string, double> slowest;
  for (const auto& run : file.runs) {
    if (run.is_aggregate()) continue;
    const double per_iteration = run.name.starts_with("Trajectory/") ? 100 : 1;
    expected[run.name] += std::min<std::size_t>(
        static_cast<std::size_t>(run.iterations * per_iteration), kSamplesPerRun);
    slowest[run.name] = std::max(slowest[run.name], run.counters.at("max_us"));
  }
  ASSERT_EQ(expected.size(), 4u);  // Step, Trajectory, Scaling 32 and 64
  EXPECT_EQ(s.us.size(), expected.size());
  for (const auto& [name, count] : expected) {
    const auto* v = s.find(name);
    ASSERT_NE(v, nullptr) << name;
    EXPECT_EQ(v->size(), count) << name;
    for (const double us : *v) {
      EXPECT_GT(us, 0) << name;
      EXPECT_LE(us, slowest[name] * 1.0001) << name;  // 5 significant digits
    }
  }
}

TEST(MdBenchSamples, UnwritablePathFailsBeforeTheRun) {
  const Result r =
      run_md_bench("--benchmark_filter=Step/NVE/64/lj-ar --md_samples_out=/nonexistent-dir/s.json");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(r.output.find("md_bench: --md_samples_out: cannot write /nonexistent-dir/s.json"), 0u)
      << r.output;
  EXPECT_EQ(r.output.find("Step/NVE/64"), std::string::npos) << "no benchmark ran";
}

// Without cuda rows in auto mode md_bench says why on stderr (this machine: no GPU, or no
// CUDA build); a device that does not exist is a bad flag naming how many there are.
TEST(MdBenchCuda, SaysWhyThereAreNoCudaRowsAndRefusesAMissingDevice) {
  const std::string one =
      "--benchmark_filter='^Step/NVE/32/lj-ar/cpu/manual_time$' "
      "--md_sizes=32 --benchmark_min_time=0.01";
  const Result r = run_md_bench(one);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  if (!cuda_device_usable()) {
    EXPECT_NE(r.output.find("md_bench: no cuda rows: "), std::string::npos) << r.output;
  }
  EXPECT_EQ(run_md_bench(one + " --md_cuda=off").output.find("no cuda rows"), std::string::npos);
  const Result missing = run_md_bench(one + " --md_device=999");
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  EXPECT_NE(missing.output.find("--md_device=999: "), std::string::npos) << missing.output;
}

}  // namespace
}  // namespace mdb::bench
