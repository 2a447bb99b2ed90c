#pragma once
// Extended XYZ (the ASE / QUIP convention): read the first frame, write one frame.
#include <istream>
#include <ostream>
#include <string>

#include "md/core/system.hpp"
#include "md/structure/structure_options.hpp"

namespace mdb {

/// Reads the first frame of an extended XYZ file; `source` names it in error messages. Line 1
/// is the atom count; line 2 needs Lattice="ax ay az bx by bz cx cy cz" (orthorhombic only),
/// optional pbc (must be "T T T"), Origin and Properties (default species:S:1:pos:R:3). Columns
/// used: species, pos, velocities from velo / vel / velocities (Angstrom/ps) or else ASE's
/// momenta (amu Angstrom per ASE time unit), masses (amu); all others are skipped. Masses: the
/// masses column, else options.masses, else the standard atomic weight of the element. Lines
/// after the first frame are not read. Throws StructureFileError.
System read_extxyz(std::istream& in, const std::string& source,
                   const StructureOptions& options = {});

/// Writes sys as one frame: Lattice (and Origin when the box does not start at 0), Properties
/// species:S:1:pos:R:3:masses:R:1:velo:R:3 and pbc="T T T", numbers with 17 significant digits.
/// Species without atoms are not written (the format has no place for them). Throws
/// std::invalid_argument for a species name that is not one word.
void write_extxyz(const System& sys, std::ostream& out);
/// As above, to a file; also throws StructureFileError when it cannot be written.
void write_extxyz(const System& sys, const std::string& path);

}  // namespace mdb
