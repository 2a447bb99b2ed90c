#include "md/thread_team.hpp"

#include <exception>
#include <mutex>

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
std::mutex g_error_mutex;
}  // namespace

ThreadTeam::ThreadTeam(int size) : size_(size < 1 ? 1 : size) {
  threads_.reserve(static_cast<std::size_t>(size_ - 1));
  for (int t = 1; t < size_; ++t) threads_.emplace_back([this, t] { worker(t); });
}

ThreadTeam::~ThreadTeam() {
  stop_.store(true, std::memory_order_release);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  generation_.notify_all();
  for (std::thread& th : threads_) th.join();
}

void ThreadTeam::run_guarded(int t) {
  try {
    job_(ctx_, t);
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(g_error_mutex);
    if (!failed_.exchange(true)) error_ = e.what();
  } catch (...) {
    std::lock_guard<std::mutex> lock(g_error_mutex);
    if (!failed_.exchange(true)) error_ = "unknown exception";
  }
}

bool ThreadTeam::run(Job job, void* ctx) {
  job_ = job;
  ctx_ = ctx;
  failed_.store(false, std::memory_order_relaxed);
  pending_.store(size_ - 1, std::memory_order_relaxed);
  if (size_ > 1) {
    generation_.fetch_add(1, std::memory_order_acq_rel);  // publishes job_ and ctx_
    generation_.notify_all();
  }
  run_guarded(0);
  for (int spin = 0;; ++spin) {
    const int left = pending_.load(std::memory_order_acquire);
    if (left == 0) break;
    if (spin < kSpins) {
      MDB_PAUSE();
    } else {
      pending_.wait(left, std::memory_order_acquire);
    }
  }
  return !failed_.load(std::memory_order_acquire);
}

void ThreadTeam::worker(int t) {
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
    run_guarded(t);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
  }
}

}  // namespace mdb
