#pragma once
// The Peer family: the state an md_bench Step benchmark starts from, advanced by LAMMPS in the
// same process with the same potential, time step, neighbour settings and ensemble.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/prepared_state.hpp"

namespace mdb::bench {

/// Steps LAMMPS runs per `run` command at a measured pace: ~20 ms of steps (20 to 5,000), so the
/// command's own cost (parsing, the minimal set-up between runs, tens of µs) stays under ~0.5 %
/// of a chunk, and at least 20 steps because LAMMPS computes thermo (energy and virial) on the
/// last step of every run: 1-step chunks of a large system cost it ~5 % more per step (si-sw and
/// lj-melt at 32,768 atoms), work md_bench's Step rows do not do.
long lammps_chunk_steps(double seconds_per_step);

/// Peer/<ENS>/<N>/<case>/lammps: one Google Benchmark iteration is one MD step, as in Step;
/// LAMMPS runs them in chunks of lammps_chunk_steps (`run K pre no post no`) and each step of a
/// chunk is credited the chunk's wall time / K. So there are no per-step latency percentiles;
/// the rates and the phase fractions (from LAMMPS's own timer) are comparable with Step's.
/// With a `suffix` (Peer/.../lammps-<suffix>), LAMMPS runs the accelerated variant of the pair
/// style (`suffix opt` before it, as `lmp -sf opt`); the row fails when LAMMPS has no such style
/// rather than time the plain one under that name.
void run_lammps_peer(benchmark::State& state, const StateKey& key, const std::string& suffix = "");

}  // namespace mdb::bench
