#pragma once
// The ASE Peer rows: the state an md_bench Step benchmark starts from, advanced by ASE's own MD
// loop (ase.md.verlet.VelocityVerlet for NVE, ase.md.langevin.Langevin for NVT) with the case's
// calculator: the way projects that profile in Python time their models, beside md_bench's step.
#include <benchmark/benchmark.h>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"

namespace mdb::bench {

/// Whether the case has an ASE calculator for its potential (its own for model=ase:..., ASE's
/// implementation of a native one) and the ensemble is one ASE's loops run here (NVE, NVT).
bool has_ase_peer(const CaseSpec& c, Ensemble e);

/// Peer/<ENS>/<N>/<case>/ase: one Google Benchmark iteration is one MD step, credited the wall
/// time of a dyn.run(K) chunk / K (K from the warm-up's pace, ~20 ms a chunk, at least 1 step).
void run_ase_peer(benchmark::State& state, const StateKey& key);

}  // namespace mdb::bench
