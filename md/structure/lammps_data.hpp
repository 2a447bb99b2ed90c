#pragma once
// LAMMPS data files (the read_data / write_data format), atom styles atomic, charge and full.
#include <istream>
#include <ostream>
#include <string>

#include "md/core/system.hpp"
#include "md/structure/structure_options.hpp"

namespace mdb {

/// Reads a LAMMPS data file; `source` names it in error messages. Header: N atoms, M atom types,
/// xlo xhi / ylo yhi / zlo zhi, an optional xy xz yz that must be zero (no triclinic cells);
/// N bonds / N angles with their type counts (dihedrals and impropers must be zero). Sections:
/// Masses, Atoms (id type x y z, plus q for charge, mol and q for full, then optional image
/// flags: charges and molecule ids go to System::topology()), Velocities (id vx vy vz, in the
/// file's units: Angstrom/ps for metal), Bonds, Angles, Atom Type Labels; any "... Coeffs"
/// section is skipped. Atoms come in
/// id order; positions are wrapped into the box (image flags are checked, then dropped). Type
/// names: options.type_names, else Atom Type Labels, else the comment after each mass. Masses:
/// the Masses section, else options.masses by name. Throws StructureFileError.
System read_lammps_data(std::istream& in, const std::string& source,
                        const StructureOptions& options = {});

/// Writes sys as `atom_style atomic` (`charge` when its topology has only charges, `full` with
/// Bonds and Angles when it has molecules or bonded terms): one atom type per species (index +
/// 1), masses with the species name as comment (so read_lammps_data needs no type names), Atoms
/// with ids 1..N and zero image flags, and Velocities; numbers with 17 significant digits. Throws
/// std::invalid_argument for a species name that is not one word.
void write_lammps_data(const System& sys, std::ostream& out);
/// As above, to a file; also throws StructureFileError when it cannot be written.
void write_lammps_data(const System& sys, const std::string& path);

}  // namespace mdb
