#include "md/structure_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "md/extxyz.hpp"
#include "md/lammps_data.hpp"
#include "md/structure_text.hpp"

namespace mdb {

using namespace structure_text;

namespace {

std::string one_line(const std::string& text) {
  std::string out = text;
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\r', ' ');
  return out;
}

std::string message(const std::string& path, int line, const std::string& problem) {
  std::string out = one_line(path);
  if (line > 0) out.append(":").append(std::to_string(line));
  return out.append(": ").append(one_line(problem));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

StructureFormat resolve(StructureFormat format, const std::string& path) {
  return format == StructureFormat::Auto ? format_from_path(path) : format;
}

}  // namespace

StructureFileError::StructureFileError(const std::string& path, int line,
                                       const std::string& problem)
    : std::runtime_error(message(path, line, problem)),
      path_(path),
      line_(line),
      problem_(problem) {}

StructureFormat format_from_path(const std::string& path) {
  const std::filesystem::path p(path);
  const std::string ext = lower(p.extension().string());
  if (ext == ".xyz" || ext == ".extxyz") return StructureFormat::ExtendedXyz;
  if (ext == ".data" || ext == ".lmp" || ext == ".lammps") return StructureFormat::LammpsData;
  if (lower(p.filename().string()).starts_with("data.")) return StructureFormat::LammpsData;
  throw StructureFileError(path, 0,
                           "cannot tell the format from the file name (expected .xyz or .extxyz "
                           "for extended XYZ, .data, .lmp, .lammps or data.* for a LAMMPS data "
                           "file); set StructureOptions::format");
}

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
