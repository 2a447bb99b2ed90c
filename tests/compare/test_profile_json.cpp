// md_report --profile-json: the files read back field by field against the run and the samples
// they came from; the statistics against numpy's own (run by /usr/bin/python3), which the
// profiler that reads these files uses; the usage errors.
#include "compare/report/profile_json.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "compare/diff/gbench_json.hpp"
#include "compare/report/report_cli.hpp"
#include "compare/report/run_summary.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

// MDProfileResult's fields, as the MLFF Distiller profiler declares them.
const std::set<std::string> kFields = {"name",
                                       "model_name",
                                       "n_steps",
                                       "device",
                                       "latencies_ms",
                                       "mean_latency_ms",
                                       "median_latency_ms",
                                       "std_latency_ms",
                                       "min_latency_ms",
                                       "max_latency_ms",
                                       "p95_latency_ms",
                                       "p99_latency_ms",
                                       "energy_time_ms",
                                       "forces_time_ms",
                                       "stress_time_ms",
                                       "memory_initial_gb",
                                       "memory_final_gb",
                                       "memory_peak_gb",
                                       "memory_per_step_gb",
                                       "n_atoms",
                                       "system_size",
                                       "total_time_s",
                                       "steps_per_second",
                                       "timestamp",
                                       "notes"};

std::filesystem::path fresh_dir(const char* name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) /
                   (std::string(name) + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

int report(const std::vector<std::string>& args, std::string* err_text = nullptr) {
  std::ostringstream out, err;
  const int rc = run_md_report(args, out, err);
  if (err_text) *err_text = err.str();
  return rc;
}

TEST(ProfileJson, EveryFieldFromItsRowAndSamples) {
  const auto dir = fresh_dir("profiles");
  const std::string run_file = (kData / "report_run.json").string();
  const std::string samples_file = (kData / "report_samples.json").string();
  ASSERT_EQ(report({run_file, "--samples", samples_file, "--profile-json", dir.string(), "-o",
                    (dir.parent_path() / "p.html").string()}),
            0);
  const RunSummary run = summarize_run(load_benchmark_files({run_file}));
  const StepSamples samples = load_step_samples(samples_file);
  int files = 0;
  for (const BenchSummary& row : run.benchmarks) {
    const bool wanted = row.parts.family == "Step" || row.parts.family == "Trajectory";
    const auto path = dir / profile_file_name(row);
    ASSERT_EQ(std::filesystem::exists(path), wanted && samples.find(row.name) != nullptr)
        << row.name;
    if (!std::filesystem::exists(path)) continue;
    ++files;
    SCOPED_TRACE(row.name);
    std::ifstream in(path);
    const nlohmann::json p = nlohmann::json::parse(in);
    std::set<std::string> keys;
    for (const auto& [k, v] : p.items()) keys.insert(k);
    EXPECT_EQ(keys, kFields);
    const std::vector<double>& us = *samples.find(row.name);
    ASSERT_EQ(p["latencies_ms"].size(), us.size());
    double sum = 0.0, lo = us[0], hi = us[0];
    for (std::size_t i = 0; i < us.size(); ++i) {
      EXPECT_DOUBLE_EQ(p["latencies_ms"][i].get<double>(), us[i] / 1000.0);
      sum += us[i] / 1000.0;
      lo = std::min(lo, us[i]);
      hi = std::max(hi, us[i]);
    }
    EXPECT_EQ(p["name"], row.parts.label);
    EXPECT_EQ(p["model_name"], row.parts.case_name);
    EXPECT_EQ(p["n_steps"], us.size());
    EXPECT_EQ(p["device"], "cpu");
    EXPECT_NEAR(p["mean_latency_ms"].get<double>(), sum / us.size(), 1e-12 * sum);
    EXPECT_DOUBLE_EQ(p["min_latency_ms"].get<double>(), lo / 1000.0);
    EXPECT_DOUBLE_EQ(p["max_latency_ms"].get<double>(), hi / 1000.0);
    EXPECT_NEAR(p["total_time_s"].get<double>(), sum / 1000.0, 1e-12 * sum);
    EXPECT_NEAR(p["steps_per_second"].get<double>(), us.size() / (sum / 1000.0),
                1e-9 * us.size() / (sum / 1000.0));
    EXPECT_TRUE(p["energy_time_ms"].is_null());
    EXPECT_TRUE(p["forces_time_ms"].is_null());
    EXPECT_TRUE(p["stress_time_ms"].is_null());
    EXPECT_EQ(p["memory_initial_gb"], 0.0);
    EXPECT_DOUBLE_EQ(p["memory_final_gb"].get<double>(), row.value("mem_delta_MB") / 1000.0);
    EXPECT_DOUBLE_EQ(p["memory_peak_gb"].get<double>(), row.value("peak_rss_MB") / 1000.0);
    EXPECT_TRUE(p["memory_per_step_gb"].is_array() && p["memory_per_step_gb"].empty());
    EXPECT_EQ(p["n_atoms"], row.parts.atoms);
    EXPECT_EQ(p["system_size"], std::to_string(row.parts.atoms) + " atoms");
    EXPECT_EQ(p["timestamp"], "2026-11-22 05:55:17");  // the run's context date
    EXPECT_NE(p["notes"].get<std::string>().find(row.parts.label), std::string::npos);
  }
  EXPECT_EQ(files, 6);  // the fixture's Step and Trajectory rows with samples

  // numpy, as the profiler computes them: mean, median, std, p95, p99 of latencies_ms.
  if (std::system("/usr/bin/python3 -c 'import numpy' 2>/dev/null") != 0) {
    GTEST_SKIP() << "no numpy for the statistics' second opinion";
  }
  const std::string script =
      "import json,sys,glob,numpy as np\n"
      "bad=0\n"
      "for f in glob.glob(sys.argv[1]+'/*.json'):\n"
      "  p=json.load(open(f)); a=np.array(p['latencies_ms'])\n"
      "  for k,v in (('mean',np.mean(a)),('median',np.median(a)),('std',np.std(a)),\n"
      "              ('p95',np.percentile(a,95)),('p99',np.percentile(a,99))):\n"
      "    if abs(p[k+'_latency_ms']-v)>1e-12*abs(v): bad+=1; print(f,k,p[k+'_latency_ms'],v)\n"
      "print('mismatches',bad)\n"
      "sys.exit(1 if bad else 0)\n";
  const auto py = dir.parent_path() / ("check_" + std::to_string(::getpid()) + ".py");
  std::ofstream(py) << script;
  EXPECT_EQ(std::system(("/usr/bin/python3 " + py.string() + " " + dir.string()).c_str()), 0);
  std::filesystem::remove(py);
  std::filesystem::remove_all(dir);
}

TEST(ProfileJson, NeedsSamplesAndAWritableDirectory) {
  const std::string run_file = (kData / "report_run.json").string();
  std::string err;
  EXPECT_EQ(report({run_file, "--profile-json", fresh_dir("x").string()}, &err), 2);
  EXPECT_NE(err.find("--profile-json needs --samples FILE"), std::string::npos) << err;
  const auto file = fresh_dir("a_file");
  std::ofstream(file) << "x";
  EXPECT_EQ(report({run_file, "--samples", (kData / "report_samples.json").string(),
                    "--profile-json", (file / "sub").string(), "-o", "-", "--format", "md"},
                   &err),
            2);
  EXPECT_NE(err.find("md_report: cannot create"), std::string::npos) << err;
  EXPECT_EQ(err.find('\n'), err.size() - 1) << err;  // one line
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace mdb::compare
