// history_scale STORE [RUNS] [ROWS]: fills a new SQLite store with RUNS synthetic runs of ROWS
// benchmarks each (real_time, one repetition; 1 % noise, and a 5 % step in every tenth
// benchmark at a run of its own), through the same Store::add_run as `history add`. The store
// for ci/history_scale.sh, which times `history detect` over it (docs/HISTORY.md, "Scale").
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

#include "compare/history/open_store.hpp"

int main(int argc, char** argv) {
  using namespace mdb::history;
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: history_scale STORE [RUNS=10000] [ROWS=200]\n";
    return 2;
  }
  const int runs = argc > 2 ? std::stoi(argv[2]) : 10000;
  const int rows = argc > 3 ? std::stoi(argv[3]) : 200;
  try {
    auto store = open_store(argv[1], Store::Open::kCreate);
    std::mt19937_64 rng(2026);
    std::normal_distribution<double> noise(0.0, 0.01);
    std::vector<int> step_at(static_cast<std::size_t>(rows), -1);
    for (int b = 0; b < rows; b += 10) {
      step_at[static_cast<std::size_t>(b)] = std::uniform_int_distribution<int>(1, runs - 1)(rng);
    }
    for (int i = 0; i < runs; ++i) {
      RunRecord r;
      char time[40];
      std::snprintf(time, sizeof time, "2026-01-01T00:00:00.%06dZ", i);
      r.key = "scale-" + std::to_string(i);
      r.commit = "s" + std::to_string(i);
      r.time = time;
      r.machine = "scale";
      r.source = "gbench";
      r.context = nlohmann::json::object();
      for (int b = 0; b < rows; ++b) {
        RowRecord row;
        row.name = "Scale/" + std::to_string(b) + "/manual_time";
        row.time_unit = "ns";
        const int at = step_at[static_cast<std::size_t>(b)];
        const double level = (1000.0 + b) * (at >= 0 && i >= at ? 1.05 : 1.0);
        row.metrics.push_back({"real_time", {level * (1.0 + noise(rng))}});
        r.rows.push_back(std::move(row));
      }
      store->add_run(r);
      if ((i + 1) % 1000 == 0) std::cerr << "history_scale: " << i + 1 << " runs\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "history_scale: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
