#include "md/structure/structure_options.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace mdb {

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

}  // namespace mdb
