#pragma once
// Starting configurations from structure files: the dispatcher that picks extended XYZ or LAMMPS
// data by file name. The vocabulary the formats share (options, error) is structure_options.hpp;
// the formats themselves live in md/structure/extxyz.hpp and md/structure/lammps_data.hpp.
#include <string>

#include "md/core/system.hpp"
#include "md/structure/structure_options.hpp"

namespace mdb {

/// Reads the starting configuration of a benchmark: positions wrapped into the box, velocities
/// (zero when the file has none), species and masses. options.format overrides the file name.
/// Throws StructureFileError for an unreadable or malformed file, std::invalid_argument for bad
/// options (a null unit system, a mass <= 0).
System read_structure(const std::string& path, const StructureOptions& options = {});

/// Writes sys in `format` (Auto: by file name) so that read_structure gives it back exactly.
/// Throws StructureFileError when the file cannot be written or Auto meets an unknown name,
/// std::invalid_argument when sys cannot be written (a species name with whitespace or '#').
void write_structure(const System& sys, const std::string& path,
                     StructureFormat format = StructureFormat::Auto);

}  // namespace mdb
