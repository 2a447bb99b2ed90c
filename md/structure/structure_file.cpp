#include "md/structure/structure_file.hpp"

#include "md/structure/extxyz.hpp"
#include "md/structure/lammps_data.hpp"
#include "md/structure/structure_text.hpp"

namespace mdb {

using namespace structure_text;

namespace {

StructureFormat resolve(StructureFormat format, const std::string& path) {
  return format == StructureFormat::Auto ? format_from_path(path) : format;
}

}  // namespace

System read_structure(const std::string& path, const StructureOptions& options) {
  const StructureFormat format = resolve(options.format, path);
  check_structure_options(options);
  std::ifstream in = open_structure_input(path);
  System sys = format == StructureFormat::ExtendedXyz ? read_extxyz(in, path, options)
                                                      : read_lammps_data(in, path, options);
  // A read error midway would otherwise look like a short file.
  if (in.bad()) throw StructureFileError(path, 0, "read failed");
  return sys;
}

void write_structure(const System& sys, const std::string& path, StructureFormat format) {
  if (resolve(format, path) == StructureFormat::ExtendedXyz) {
    write_extxyz(sys, path);
  } else {
    write_lammps_data(sys, path);
  }
}

}  // namespace mdb
