#include "bench/samples_out.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

namespace mdb::bench {
namespace {

struct Entry {
  double last_steps = -1;
  std::vector<std::vector<double>> runs;  // µs, one vector per reported repetition
};

struct State {
  bool enabled = false;
  std::string path;
  std::ofstream file;
  std::map<std::string, Entry> entries;
  std::vector<std::string> order;  // names in the order they first ran
  std::mt19937_64 rng{2026};       // fixed: the same run keeps the same subset
};

State& state() {
  static State s;
  return s;
}

// Exactly `k` of `seconds` in step order, each subset equally likely (Knuth's selection
// sampling), converted to µs.
std::vector<double> subsample_us(std::span<const double> seconds, std::size_t k,
                                 std::mt19937_64& rng) {
  std::vector<double> out;
  const std::size_t n = seconds.size();
  if (k >= n) {
    for (const double s : seconds) out.push_back(s * 1e6);
    return out;
  }
  out.reserve(k);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (std::size_t i = 0; i < n && out.size() < k; ++i) {
    const double need = static_cast<double>(k - out.size());
    if (u(rng) * static_cast<double>(n - i) < need) out.push_back(seconds[i] * 1e6);
  }
  return out;
}

std::string error_text(const std::string& what, const std::string& path, int err) {
  std::string s = what;
  s.append(" ").append(path);
  if (err != 0) s.append(": ").append(std::strerror(err));
  return s;
}

}  // namespace

void start_samples_out(const std::string& path) {
  State& s = state();
  errno = 0;
  s.file.open(path, std::ios::binary | std::ios::trunc);
  if (!s.file) throw std::runtime_error(error_text("--md_samples_out: cannot write", path, errno));
  s.path = path;
  s.enabled = true;
}

bool samples_out_enabled() {
  return state().enabled;
}

void record_step_samples(const std::string& name, double steps, std::span<const double> seconds) {
  State& s = state();
  if (!s.enabled) return;
  auto [it, inserted] = s.entries.try_emplace(name);
  if (inserted) s.order.push_back(name);
  Entry& e = it->second;
  std::vector<double> kept = subsample_us(seconds, kSamplesPerRun, s.rng);
  if (!e.runs.empty() && steps != e.last_steps) {
    e.runs.back() = std::move(kept);  // the runner is still settling the iteration count
  } else {
    std::size_t total = 0;
    for (const auto& r : e.runs) total += r.size();
    if (total + kept.size() <= kSamplesPerBenchmark) e.runs.push_back(std::move(kept));
  }
  e.last_steps = steps;
}

void forget_step_samples(const std::string& name) {
  State& s = state();
  if (auto it = s.entries.find(name); it != s.entries.end()) {
    it->second = Entry{};
  }
}

void copy_step_samples(const std::string& from, const std::string& to) {
  State& s = state();
  const auto it = s.entries.find(from);
  if (it == s.entries.end() || from == to) return;
  if (s.entries.insert_or_assign(to, it->second).second) s.order.push_back(to);
}

void finish_samples_out() {
  State& s = state();
  if (!s.enabled) return;
  s.file << "{\"format\": \"mdbench-step-samples\", \"version\": 1, \"unit\": \"us\",\n"
            " \"benchmarks\": {";
  bool first = true;
  char number[32];
  for (const std::string& name : s.order) {
    s.file << (first ? "\n  " : ",\n  ") << nlohmann::json(name).dump() << ": [";
    first = false;
    bool first_value = true;
    for (const auto& run : s.entries[name].runs) {
      for (const double v : run) {
        std::snprintf(number, sizeof number, "%.5g", v);
        s.file << (first_value ? "" : ",") << number;
        first_value = false;
      }
    }
    s.file << "]";
  }
  s.file << "\n }}\n";
  errno = 0;
  s.file.close();
  s.enabled = false;
  if (!s.file)
    throw std::runtime_error(error_text("--md_samples_out: cannot write", s.path, errno));
}

}  // namespace mdb::bench
