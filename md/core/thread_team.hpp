#pragma once
// A fixed team of threads that runs the parts of one parallel phase: the replicas of a batched MD
// step, or the atom ranges of one simulation's force and neighbour loops.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "md/core/team_pacer.hpp"

namespace mdb {

/// Runs `job(ctx, k)` once for every part k of a phase and returns when all are done. Parts are
/// claimed, not assigned: whichever thread is free takes the next, the calling thread included,
/// so when the machine is oversubscribed and a worker is not running, the caller does its part
/// instead of waiting for the scheduler to wake it (Batched replicas:2 beside two CPU hogs fell
/// to a quarter of its fair share with one part per thread), and when even so the team loses to
/// the caller alone (a preempted worker holds a part), the caller runs the phases alone for a
/// while (TeamPacer). A part's index, not the thread
/// running it, names its data (per-part force buffers). Workers spin briefly and then sleep on an
/// atomic wait: a 64-atom step takes microseconds, so waking through the kernel every step would
/// cost more than the step. A team of size 1 starts no thread. Allocates only in the
/// constructor; run() allocates nothing unless a job throws.
class ThreadTeam {
 public:
  using Job = void (*)(void* ctx, int part);

  explicit ThreadTeam(int size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  /// Threads, the caller's included.
  int size() const { return size_; }
  /// Runs the job for parts 0..size()-1. Returns false if any part threw; error() then says what.
  bool run(Job job, void* ctx) { return run_parts(size_, job, ctx); }
  /// Runs the job for parts 0..parts-1 (1 <= parts <= 65,535), spread over the team.
  bool run_parts(int parts, Job job, void* ctx);
  /// run() for a callable f(int part), passed by reference (no allocation).
  template <class F>
  bool run(F& f) {
    return run([](void* ctx, int k) { (*static_cast<F*>(ctx))(k); }, &f);
  }
  /// run(f), rethrowing a part's exception as std::runtime_error with its message.
  template <class F>
  void run_checked(F& f) {
    if (!run(f)) throw std::runtime_error(error());
  }
  const std::string& error() const { return error_; }

 private:
  void worker();
  /// Wakes every worker to leave and joins them.
  void stop_threads();
  /// Claims and runs parts of the current phase until none is left; returns how many it ran.
  int work();
  void run_guarded(int part);

  int size_;
  Job job_ = nullptr;
  void* ctx_ = nullptr;
  /// The phase's claim word: phase number (bits 32..63), part count (16..31), next part (0..15).
  /// One word, so a late worker can never claim a part of a finished phase.
  std::atomic<std::uint64_t> claim_{0};
  std::atomic<int> done_{0};                  ///< parts finished in the current phase
  std::atomic<std::uint64_t> generation_{0};  ///< bumped to wake sleeping workers
  std::atomic<bool> failed_{false};
  std::atomic<bool> stop_{false};
  std::string error_;
  TeamPacer pacer_;
  std::vector<std::thread> threads_;
};

/// A team phase costs a few microseconds of hand-over, so O(N) streaming loops (position copies,
/// force folds, integrator updates) are split over a team only from this many atoms on.
inline constexpr std::size_t kTeamSplitAtoms = 8192;

/// `team` when `atoms` is worth splitting over it (kTeamSplitAtoms), else nullptr.
inline ThreadTeam* team_for_atoms(ThreadTeam* team, std::size_t atoms) {
  return atoms >= kTeamSplitAtoms ? team : nullptr;
}

/// f(t, nt) for t = 0..nt-1: on the team's threads when one is given, else f(0, 1) here.
template <class F>
void run_split(ThreadTeam* team, F&& f) {
  if (team == nullptr) {
    f(0, 1);
    return;
  }
  const int nt = team->size();
  auto part = [&](int t) { f(t, nt); };
  team->run_checked(part);
}

}  // namespace mdb
