#pragma once
// The LAMMPS input that reproduces one md_bench state: same box, species, potential, time step,
// neighbour settings and ensemble. Pure text, so it is tested without LAMMPS.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/cases.hpp"
#include "md/core/system.hpp"
#include "model/eam_file.hpp"
#include "model/sw_params.hpp"

namespace mdb::bench {

/// The pair lines of a model LAMMPS runs natively: SW with exactly `params`, written into the
/// scratch directory as `file_name`; a KIM model through `pair_style kim`. `elements` lists
/// pair_coeff's element names in type order (" Si", " Ga N").
std::function<std::vector<std::string>(const std::string&)> lammps_sw_pair(SwParams params,
                                                                           std::string file_name,
                                                                           std::string elements);
std::function<std::vector<std::string>(const std::string&)> lammps_kim_pair(std::string model,
                                                                            std::string elements);
/// EAM through `pair_style eam`, `eam/alloy` or `eam/fs` (the file's format): the file's text,
/// exactly as the native model read it, written into the scratch directory as `file_stem` plus
/// the format's extension, and `mass` lines after pair_coeff (which sets masses from the file)
/// restoring `masses` (type order; none when empty). A funcfl file serves every type.
std::function<std::vector<std::string>(const std::string&)> lammps_eam_pair(
    std::shared_ptr<const EamFile> file, std::string file_stem, std::string elements,
    std::vector<double> masses);

/// Whether md_bench was built with the LAMMPS library (CMake found liblammps).
bool lammps_available();

/// Whether a case/ensemble has a LAMMPS counterpart: the case names its LAMMPS pair commands
/// and the ensemble is NVE or NVT (NPT's stochastic cell rescaling has no LAMMPS fix).
bool has_lammps_peer(const CaseSpec& c, Ensemble e);

/// Shortest text that reads back to the same double (LAMMPS parses it with strtod).
std::string lammps_number(double v);

/// Lines up to and including `create_box` and the masses, for `system`'s box and species.
std::string lammps_box_script(const CaseSpec& c, const System& system);

/// The same units and atom settings (atom_style full for a molecular model), with box, masses,
/// atoms, velocities and any bonds and angles read from a LAMMPS data file (md/structure_file's
/// write_structure writes one), for a stand-alone `lmp` run.
std::string lammps_data_script(const CaseSpec& c, const std::string& data_file);

/// Lines after the atoms exist: pair style (its files written into `scratch_dir`), neighbour
/// settings, time step, the ensemble's fixes (NVT: fix nve + fix langevin with damp = 1/friction
/// and `seed`), thermo only on a run's first and last step, lost atoms tolerated (md_bench
/// checks the count, so a blow-up becomes an error run instead of a LAMMPS exit).
std::string lammps_dynamics_script(const CaseSpec& c, Ensemble e, double timestep,
                                   std::uint64_t seed, const std::string& scratch_dir);

}  // namespace mdb::bench
