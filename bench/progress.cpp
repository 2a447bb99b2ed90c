#include "bench/progress.hpp"

#include <chrono>
#include <cstdio>
#include <set>
#include <utility>

namespace mdb::bench {
namespace {

struct Progress {
  bool enabled = false;
  std::size_t total = 0, started = 0;
  const std::string* last_name = nullptr;
  long last_size = -1;
  /// Benchmarks announced: with interleaved repetitions one comes back after others.
  std::set<std::pair<const std::string*, long>> announced;
  std::chrono::steady_clock::time_point t0;
};
Progress g_progress;

std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  }
  return buf;
}

}  // namespace

void start_progress(std::size_t total, bool enabled) {
  g_progress = Progress{};
  g_progress.enabled = enabled;
  g_progress.total = total;
  g_progress.t0 = std::chrono::steady_clock::now();
  if (enabled) std::fprintf(stderr, "md_bench: %zu benchmark(s) selected\n", total);
}

void note_benchmark_call(const std::string* name, long size) {
  Progress& p = g_progress;
  if (!p.enabled || name == nullptr || (name == p.last_name && size == p.last_size)) return;
  p.last_name = name;
  p.last_size = size;
  // insert() allocates only for a benchmark not seen before, i.e. on its first call.
  if (!p.announced.insert({name, size}).second) return;
  ++p.started;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - p.t0).count();
  std::string left;
  if (p.started > 1 && p.started <= p.total) {  // the mean so far times what is left
    const double per = elapsed / static_cast<double>(p.started - 1);
    left = ", ~" + clock_text(per * static_cast<double>(p.total - p.started + 1)) + " left";
  }
  char size_text[24] = "";
  if (size >= 0) std::snprintf(size_text, sizeof size_text, "/%ld", size);
  std::fprintf(stderr, "[%zu/%zu] %s%s (%s%s)\n", p.started, p.total, name->c_str(), size_text,
               clock_text(elapsed).c_str(), left.c_str());
}

}  // namespace mdb::bench
