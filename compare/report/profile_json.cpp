#include "compare/report/profile_json.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <system_error>

#include "compare/report/report_data.hpp"

namespace mdb::compare {
namespace {

// numpy.percentile's default: linear between the closest ranks.
double percentile(const std::vector<double>& sorted, double q) {
  const double pos = (static_cast<double>(sorted.size()) - 1.0) * q / 100.0;
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

// "2026-11-22T05:55:17+00:00" (Google Benchmark's context date) -> "2026-11-22 05:55:17".
std::string timestamp_of(const nlohmann::json& context) {
  const auto it = context.find("date");
  if (it == context.end() || !it->is_string()) return "";
  std::string d = it->get<std::string>().substr(0, 19);
  if (d.size() == 19 && d[10] == 'T') d[10] = ' ';
  return d;
}

// A counter's median, or `fallback` where the row lacks it.
double counter(const BenchSummary& row, const char* name, double fallback) {
  const double v = row.value(name);
  return std::isfinite(v) ? v : fallback;
}

}  // namespace

nlohmann::json profile_of(const BenchSummary& row, const std::vector<double>& samples_us,
                          const nlohmann::json& context) {
  std::vector<double> ms(samples_us.size());
  std::transform(samples_us.begin(), samples_us.end(), ms.begin(),
                 [](double us) { return us / 1000.0; });
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  const double n = static_cast<double>(ms.size());
  const double total_ms = std::accumulate(ms.begin(), ms.end(), 0.0);
  const double mean = total_ms / n;
  double sq = 0.0;
  for (double v : ms) sq += (v - mean) * (v - mean);
  const bool gpu = row.parts.backend.rfind("cuda", 0) == 0;
  // MB here are 10^6 bytes (md_bench's counters); GB 10^9.
  const double delta_mb =
      gpu ? counter(row, "gpu_mem_delta_MB", 0.0) : counter(row, "mem_delta_MB", 0.0);
  const double peak_mb =
      gpu ? counter(row, "gpu_mem_peak_MB", 0.0) : counter(row, "peak_rss_MB", 0.0);
  const long long atoms = row.parts.atoms;
  nlohmann::json p;
  p["name"] = row.parts.label;
  p["model_name"] = row.parts.case_name;
  p["n_steps"] = ms.size();
  p["device"] = gpu ? "cuda" : "cpu";
  p["latencies_ms"] = ms;
  p["mean_latency_ms"] = mean;
  p["median_latency_ms"] = percentile(sorted, 50.0);
  p["std_latency_ms"] = std::sqrt(sq / n);
  p["min_latency_ms"] = sorted.front();
  p["max_latency_ms"] = sorted.back();
  p["p95_latency_ms"] = percentile(sorted, 95.0);
  p["p99_latency_ms"] = percentile(sorted, 99.0);
  p["energy_time_ms"] = nullptr;
  p["forces_time_ms"] = nullptr;
  p["stress_time_ms"] = nullptr;
  p["memory_initial_gb"] = 0.0;
  p["memory_final_gb"] = delta_mb / 1000.0;
  p["memory_peak_gb"] = peak_mb / 1000.0;
  p["memory_per_step_gb"] = nlohmann::json::array();
  p["n_atoms"] = atoms;
  p["system_size"] = std::to_string(atoms) + " atoms";
  p["total_time_s"] = total_ms / 1000.0;
  p["steps_per_second"] = total_ms > 0 ? n / (total_ms / 1000.0) : 0.0;
  p["timestamp"] = timestamp_of(context);
  p["notes"] = "md_bench " + row.parts.family + " row " + row.parts.label + " (" +
               row.parts.ensemble + ", " + row.parts.backend +
               "): latencies are its step samples (md_bench --md_samples_out; a uniform subset "
               "where a repetition ran more steps); energy, forces and stress come from one "
               "force call, not timed apart; memory is " +
               (gpu ? std::string("the GPU's") : std::string("the host's resident set")) +
               " in 10^9 bytes, memory_final_gb - memory_initial_gb its growth over the timed "
               "steps, memory_peak_gb its peak";
  return p;
}

std::string profile_file_name(const BenchSummary& row) {
  std::string s = row.parts.label;
  std::string out;
  for (char ch : s) {
    if (ch == '/') {
      out += "__";
    } else if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' ||
               ch == '.' || ch == ':') {
      out += ch;
    } else {
      out += '_';
    }
  }
  return out + ".json";
}

std::vector<std::filesystem::path> write_profiles(const std::filesystem::path& dir,
                                                  const RunSummary& run,
                                                  const StepSamples& samples) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    throw ReportInputError("cannot create " + dir.string() +
                           (ec ? ": " + ec.message() : std::string(": not a directory")));
  }
  std::vector<std::filesystem::path> written;
  for (const BenchSummary& row : run.benchmarks) {
    if (row.error || !row.parts.md_bench) continue;
    if (row.parts.family != "Step" && row.parts.family != "Trajectory") continue;
    const std::vector<double>* s = samples.find(row.name);
    if (s == nullptr || s->empty()) continue;
    const std::filesystem::path path = dir / profile_file_name(row);
    const std::filesystem::path tmp = path.string() + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out << profile_of(row, *s, run.context).dump(2) << '\n';
      if (!out.flush()) throw ReportInputError("cannot write " + tmp.string());
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw ReportInputError("cannot write " + path.string() + ": " + ec.message());
    written.push_back(path);
  }
  return written;
}

}  // namespace mdb::compare
