#pragma once
// Putting an md_bench state into an in-process LAMMPS, the one way the Peer rows and the tests
// that compare energies both use.
#include <string>

#include "bench/cases.hpp"
#include "bench/peers/lammps_instance.hpp"
#include "md/core/system.hpp"

namespace mdb::bench {

/// Box, masses and atoms (with velocities) of `system` into `lmp` as the case's input sets them
/// up: through the library for an atomic model, or, for a molecular one (ModelRecipe::
/// molecular), through a LAMMPS data file in atom_style full written into `scratch_dir` (the
/// library cannot create bonds). Throws std::runtime_error when a file cannot be written or
/// LAMMPS did not create every atom.
void load_lammps_state(LammpsInstance& lmp, const CaseSpec& c, const System& system,
                       const std::string& scratch_dir);

}  // namespace mdb::bench
