#include "bench/prepare_states.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include "bench/teacher_accuracy.hpp"
#include "bench/teacher_structure.hpp"

namespace mdb::bench {
namespace {

struct Job {
  std::function<void()> run;
  std::vector<std::size_t> after;  ///< jobs whose state this one starts from
};

// The built-in cases' keys, each once (by `identity`), in the order given.
std::vector<StateKey> distinct(const std::vector<StateKey>& keys,
                               const std::function<std::string(const StateKey&)>& identity) {
  std::vector<StateKey> out;
  std::set<std::string> seen;
  for (const StateKey& k : keys) {
    if (k.spec == nullptr || k.spec->custom) continue;
    if (seen.insert(identity(k)).second) out.push_back(k);
  }
  return out;
}

std::string state_id(const StateKey& k) {
  return equilibration_key(k).str();
}

// Hands out jobs in list order, each once its `after` jobs have finished: a thread takes the first
// job it can start rather than waiting inside one for a state another thread is making.
class JobQueue {
 public:
  explicit JobQueue(const std::vector<Job>& jobs)
      : jobs_(jobs), started_(jobs.size(), false), finished_(jobs.size(), false) {}

  std::optional<std::size_t> take() {
    std::unique_lock lock(mutex_);
    for (;;) {
      bool waiting = false;
      for (std::size_t i = 0; i < jobs_.size(); ++i) {
        if (started_[i]) continue;
        if (std::all_of(jobs_[i].after.begin(), jobs_[i].after.end(),
                        [&](std::size_t d) { return finished_[d]; })) {
          started_[i] = true;
          return i;
        }
        waiting = true;
      }
      if (!waiting) return std::nullopt;
      changed_.wait(lock);
    }
  }

  void finish(std::size_t i) {
    {
      std::lock_guard lock(mutex_);
      finished_[i] = true;
    }
    changed_.notify_all();
  }

 private:
  const std::vector<Job>& jobs_;
  std::vector<bool> started_, finished_;
  std::mutex mutex_;
  std::condition_variable changed_;
};

// The jobs, in the order threads take them, the largest systems first within each group: the
// states others start from; then the jobs that start from another case's state (the slow models'
// states, which start there to save their own MD, and the reference figures), so that none of
// those long jobs is left to the end; then the rest.
std::vector<Job> jobs_for(const Preparation& needs) {
  struct Planned {
    std::function<void()> run;
    std::optional<StateKey> start;  ///< the state it waits for
    int atoms = 0;
    std::string id;  ///< a state's equilibration key; empty for figures
  };
  std::vector<Planned> planned;
  for (const StateKey& k : distinct(needs.states, state_id)) {
    planned.push_back({[k] { equilibrated_system(k); }, source_state(k), k.atoms, state_id(k)});
  }
  for (const StateKey& k : distinct(needs.structure, reference_structure_key)) {
    planned.push_back({[k] { reference_structure(k); }, reference_structure_start(k), k.atoms, {}});
  }
  for (const StateKey& k : distinct(needs.accuracy, reference_accuracy_key)) {
    planned.push_back({[k] { reference_accuracy(k); }, reference_accuracy_start(k), k.atoms, {}});
  }
  std::set<std::string> awaited;
  for (const Planned& p : planned) {
    if (p.start) awaited.insert(state_id(*p.start));
  }
  const auto rank = [&](const Planned& p) { return awaited.count(p.id) > 0 ? 0 : p.start ? 1 : 2; };
  std::stable_sort(planned.begin(), planned.end(), [&](const Planned& a, const Planned& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    return a.atoms > b.atoms;
  });
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < planned.size(); ++i) {
    if (!planned[i].id.empty()) index.emplace(planned[i].id, i);
  }
  std::vector<Job> jobs;
  for (const Planned& p : planned) {
    Job j{p.run, {}};
    // A start outside the list (its case has no selected row) is made inside the job itself.
    if (p.start) {
      if (auto it = index.find(state_id(*p.start)); it != index.end())
        j.after.push_back(it->second);
    }
    jobs.push_back(std::move(j));
  }
  return jobs;
}

}  // namespace

PreparedStatesSummary prepare_states(const Preparation& needs, int threads) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Job> jobs = jobs_for(needs);
  PreparedStatesSummary summary;
  summary.states = static_cast<int>(distinct(needs.states, state_id).size());
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::min(threads, std::max(1, static_cast<int>(jobs.size())));
  JobQueue queue(jobs);
  auto work = [&] {
    while (const std::optional<std::size_t> i = queue.take()) {
      try {
        jobs[*i].run();
      } catch (const std::exception&) {
        // kept with the state or figures: their rows report it
      }
      queue.finish(*i);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // fewer threads: the others take its share
    }
  }
  work();
  for (std::thread& t : pool) t.join();
  summary.threads = static_cast<int>(pool.size()) + 1;
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

}  // namespace mdb::bench
