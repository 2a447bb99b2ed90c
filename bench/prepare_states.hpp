#pragma once
// Preparing the selected rows' states and reference figures before any row is timed, several at
// once. Equilibrating a build's states is a minute or more of one core (the default suite's: ~67
// s); each state is its own engine, model and random stream, so they are prepared side by side
// and come out bit for bit as one at a time would make them. Nothing is timed meanwhile.
#include <string>
#include <vector>

#include "bench/prepared_state.hpp"

namespace mdb::bench {

/// What the selected rows need before they run.
struct Preparation {
  std::vector<StateKey> states;     ///< every row's starting state
  std::vector<StateKey> accuracy;   ///< rows carrying accuracy against a teacher
  std::vector<StateKey> structure;  ///< rows carrying the g(r) against a teacher's
};

struct PreparedStatesSummary {
  int states = 0;   ///< distinct states asked for (equilibration keys)
  int threads = 0;  ///< threads that prepared them
  double seconds = 0.0;
};

/// Prepares every state (equilibrated_system) and the reference figures (reference_accuracy,
/// reference_structure) on up to `threads` threads (0: one per hardware thread), each job once
/// the state it starts from is made: the states others start from first, then the jobs that
/// wait for them (the slow ones), then the rest, the largest systems first; keeps the results
/// (or errors) for the rows. Custom cases (--md_case) are left to their rows: their models may call
/// into Python, which runs one thread at a time.
PreparedStatesSummary prepare_states(const Preparation& needs, int threads);

}  // namespace mdb::bench
