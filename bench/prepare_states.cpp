#include "bench/prepare_states.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <set>
#include <system_error>
#include <thread>

#include "bench/teacher_accuracy.hpp"
#include "bench/teacher_structure.hpp"

namespace mdb::bench {
namespace {

bool starts_from_another_case(const StateKey& k) {
  return !k.spec->same_potential_as.empty() || !k.spec->equilibrated_from.empty();
}

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

}  // namespace

PreparedStatesSummary prepare_states(const Preparation& needs, int threads) {
  const auto start = std::chrono::steady_clock::now();
  const auto by_state = [](const StateKey& k) { return equilibration_key(k).str(); };
  std::vector<StateKey> states = distinct(needs.states, by_state);
  // Largest first, so that a big state does not start last and keep one thread busy alone; a
  // state made from another case's after the states it could be waiting for.
  std::stable_sort(states.begin(), states.end(), [](const StateKey& a, const StateKey& b) {
    if (starts_from_another_case(a) != starts_from_another_case(b)) {
      return starts_from_another_case(b);
    }
    return a.atoms > b.atoms;
  });
  std::vector<std::function<void()>> jobs;
  for (const StateKey& k : states) jobs.emplace_back([k] { equilibrated_system(k); });
  // The figures after the states they start from, each set once (rows that share a set ask for
  // it under one key), the longest (the g(r) runs) first.
  for (const StateKey& k : distinct(needs.structure, reference_structure_key)) {
    jobs.emplace_back([k] { reference_structure(k); });
  }
  for (const StateKey& k : distinct(needs.accuracy, reference_accuracy_key)) {
    jobs.emplace_back([k] { reference_accuracy(k); });
  }

  PreparedStatesSummary summary;
  summary.states = static_cast<int>(states.size());
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::min(threads, std::max(1, static_cast<int>(jobs.size())));
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      try {
        jobs[i]();
      } catch (const std::exception&) {
        // kept with the state or figures: their rows report it
      }
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
