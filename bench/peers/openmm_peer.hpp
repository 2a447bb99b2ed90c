#pragma once
// The OpenMM Peer rows: the state an md_bench Step benchmark of a water case starts from,
// advanced in the same process by OpenMM's CPU platform on one thread with the same model
// (OpenMM's own NonbondedForce with PME, harmonic bonds and angles), Ewald splitting, PME grid
// and time step.
#include <benchmark/benchmark.h>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"
#include "model/water/water_params.hpp"

namespace mdb::bench {

/// Whether the case runs in OpenMM: a water model (family "water"), NVE or NVT, and a box of
/// `atoms` that holds twice the cut-off along every axis (OpenMM refuses a cut-off longer than
/// half the box; md_bench's 192-atom water box is 12.4 Angstrom across, under the 20 it needs).
bool has_openmm_peer(const CaseSpec& c, Ensemble e, int atoms);

/// The parameters of a water case's model (its recipe makes a WaterModel). Throws
/// std::runtime_error for a case with another model.
WaterParams water_params_of(const CaseSpec& c);

/// Peer/<ENS>/<N>/<case>/openmm: one Google Benchmark iteration is one MD step, credited the
/// wall time of an integrator.step(K) chunk / K (K from the warm-up's pace: ~20 ms a chunk).
/// NVE: VerletIntegrator; NVT: LangevinMiddleIntegrator at the case's temperature and friction.
void run_openmm_peer(benchmark::State& state, const StateKey& key);

}  // namespace mdb::bench
