#include "md/core/thread_team.hpp"

#include <exception>
#include <mutex>

#include "md/core/phase_timer.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define MDB_PAUSE() _mm_pause()
#else
#define MDB_PAUSE() std::this_thread::yield()
#endif

namespace mdb {
namespace {
// Pause-spins (a few microseconds) before sleeping on the atomic. Short on purpose: when the
// machine has fewer free cores than the team, a long spin burns the timeslice the awaited thread
// needs.
constexpr int kSpins = 2000;
constexpr std::uint64_t kField = 0xffff;
std::mutex g_error_mutex;
// The pacer's clock: a window of 10 ms (a few scheduler time slices, so a preemption shows),
// solo periods of 10 ms doubling to 1.28 s: a loaded machine retries the team a few times a
// second at most, for about one window each.
constexpr double kWindowSeconds = 0.01;
constexpr double kFirstSoloSeconds = 0.01;
constexpr double kMaxSoloSeconds = 1.28;
std::uint64_t ticks(double seconds) {
  return static_cast<std::uint64_t>(seconds / PhaseTimer::seconds_per_tick());
}

std::uint64_t phase_of(std::uint64_t claim) {
  return claim >> 32;
}
int parts_of(std::uint64_t claim) {
  return static_cast<int>((claim >> 16) & kField);
}
int next_of(std::uint64_t claim) {
  return static_cast<int>(claim & kField);
}
}  // namespace

ThreadTeam::ThreadTeam(int size)
    : size_(size < 1 ? 1 : size),
      pacer_(ticks(kWindowSeconds), ticks(kFirstSoloSeconds), ticks(kMaxSoloSeconds)) {
  threads_.reserve(static_cast<std::size_t>(size_ - 1));
  try {
    for (int t = 1; t < size_; ++t) threads_.emplace_back([this] { worker(); });
  } catch (...) {
    // A thread that could not start (a process or ulimit cap) would otherwise leave joinable
    // threads behind in a half-built team: stop and join the started ones, then report.
    stop_threads();
    throw;
  }
}

ThreadTeam::~ThreadTeam() {
  stop_threads();
}

void ThreadTeam::stop_threads() {
  stop_.store(true, std::memory_order_release);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  generation_.notify_all();
  for (std::thread& th : threads_) th.join();
  threads_.clear();
}

void ThreadTeam::run_guarded(int part) {
  try {
    job_(ctx_, part);
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(g_error_mutex);
    if (!failed_.exchange(true)) error_ = e.what();
  } catch (...) {
    std::lock_guard<std::mutex> lock(g_error_mutex);
    if (!failed_.exchange(true)) error_ = "unknown exception";
  }
}

int ThreadTeam::work() {
  int ran = 0;
  std::uint64_t c = claim_.load(std::memory_order_acquire);
  for (;;) {
    const int parts = parts_of(c);
    if (next_of(c) >= parts) return ran;
    // Claiming part k of a phase that is not finished (it waits for this part) makes job_ and
    // ctx_ that phase's: the caller wrote them before it published the claim word.
    if (!claim_.compare_exchange_weak(c, c + 1, std::memory_order_acq_rel,
                                      std::memory_order_acquire)) {
      continue;
    }
    run_guarded(next_of(c));
    ++ran;
    if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == parts) done_.notify_one();
    c = claim_.load(std::memory_order_acquire);
  }
}

bool ThreadTeam::run_parts(int parts, Job job, void* ctx) {
  if (parts < 1 || static_cast<std::uint64_t>(parts) > kField) {
    throw std::invalid_argument("ThreadTeam: a phase has 1 to 65,535 parts");
  }
  job_ = job;
  ctx_ = ctx;
  failed_.store(false, std::memory_order_relaxed);
  std::uint64_t start = 0;  // read only where the pacer needs it
  if (size_ == 1 || parts == 1 || pacer_.solo(start = PhaseTimer::now())) {
    for (int k = 0; k < parts; ++k) run_guarded(k);
    return !failed_.load(std::memory_order_relaxed);
  }
  done_.store(0, std::memory_order_relaxed);
  const std::uint64_t phase = phase_of(claim_.load(std::memory_order_relaxed)) + 1;
  claim_.store((phase << 32) | (static_cast<std::uint64_t>(parts) << 16),
               std::memory_order_release);  // publishes job_, ctx_ and the reset done_
  generation_.fetch_add(1, std::memory_order_acq_rel);
  generation_.notify_all();
  const int own_parts = work();
  const std::uint64_t own_end = PhaseTimer::now();
  for (int spin = 0;; ++spin) {
    const int finished = done_.load(std::memory_order_acquire);
    if (finished == parts) break;
    if (spin < kSpins) {
      MDB_PAUSE();
    } else {
      done_.wait(finished, std::memory_order_acquire);
    }
  }
  pacer_.team_phase(start, own_end, PhaseTimer::now(), own_parts, parts);
  return !failed_.load(std::memory_order_acquire);
}

void ThreadTeam::worker() {
  std::uint64_t seen = 0;
  for (;;) {
    std::uint64_t g = generation_.load(std::memory_order_acquire);
    for (int spin = 0; g == seen; ++spin) {
      if (spin < kSpins) {
        MDB_PAUSE();
      } else {
        generation_.wait(g, std::memory_order_acquire);
      }
      g = generation_.load(std::memory_order_acquire);
    }
    seen = g;
    if (stop_.load(std::memory_order_acquire)) return;
    work();
  }
}

}  // namespace mdb
