#pragma once
// A fixed team of threads that runs one job per parallel phase: the replicas of a batched MD
// step, or the atom ranges of one simulation's force and neighbour loops.
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace mdb {

/// Runs `job(ctx, t)` on threads t = 0..size-1 and returns when all are done; the calling thread
/// is thread 0, so a pool of size 1 starts no thread. Workers spin briefly and then sleep on an
/// atomic wait: a 64-atom step takes microseconds, so waking through the kernel every step would
/// cost more than the step. Allocates only in the constructor; run() allocates nothing unless a
/// job throws.
class ThreadTeam {
 public:
  using Job = void (*)(void* ctx, int thread);

  explicit ThreadTeam(int size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  int size() const { return size_; }
  /// Runs the job on every thread. Returns false if any thread threw; error() then says what.
  bool run(Job job, void* ctx);
  /// run() for a callable f(int thread), passed by reference (no allocation).
  template <class F>
  bool run(F& f) {
    return run([](void* ctx, int t) { (*static_cast<F*>(ctx))(t); }, &f);
  }
  /// run(f), rethrowing a thread's exception as std::runtime_error with its message.
  template <class F>
  void run_checked(F& f) {
    if (!run(f)) throw std::runtime_error(error());
  }
  const std::string& error() const { return error_; }

 private:
  void worker(int t);
  void run_guarded(int t);

  int size_;
  Job job_ = nullptr;
  void* ctx_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  std::atomic<bool> failed_{false};
  std::atomic<bool> stop_{false};
  std::string error_;
  std::vector<std::thread> threads_;
};

}  // namespace mdb
