#pragma once
// What every structure-file format shares: how to read a file (options), the error a malformed
// one raises, and the format a file name implies. The formats (extxyz, lammps_data) and the
// dispatcher (structure_file) include this; it includes none of them.
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "md/core/units.hpp"

namespace mdb {

/// A malformed or unreadable structure file. what() is one line, "<path>:<line>: <problem>", or
/// "<path>: <problem>" when the problem is the file as a whole (it cannot be opened).
class StructureFileError : public std::runtime_error {
 public:
  /// line is 1-based; 0 leaves it out of the message.
  StructureFileError(const std::string& path, int line, const std::string& problem);

  const std::string& path() const { return path_; }
  int line() const { return line_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string path_;
  int line_;
  std::string problem_;
};

/// Structure file formats. Auto chooses by file name (format_from_path).
enum class StructureFormat { Auto, ExtendedXyz, LammpsData };

/// LAMMPS atom styles whose Atoms lines the reader understands. Auto takes the style comment of
/// the section header (`Atoms # charge`), else atomic.
enum class LammpsAtomStyle { Auto, Atomic, Charge, Full };

/// How to read a structure file. The defaults read a metal-units file whose species names and
/// masses come from the file itself (or, for extended XYZ, the built-in element table).
struct StructureOptions {
  StructureFormat format = StructureFormat::Auto;
  /// Species names of LAMMPS atom types 1, 2, ... (as `pair_coeff * * file Si C` maps them).
  /// Empty: the `Atom Type Labels` section, else the comment after each mass (`1 28.0855 # Si`).
  std::vector<std::string> type_names;
  /// Masses (amu, or the LJ mass unit) by species name, for species the file gives no mass for.
  std::map<std::string, double, std::less<>> masses;
  /// Checked against the LAMMPS `Atoms # style` comment when both are given.
  LammpsAtomStyle atom_style = LammpsAtomStyle::Auto;
  /// Unit system of the numbers in the file and of the System made from it: values are taken as
  /// they stand (metal: Angstrom, Angstrom/ps, amu). Must not be null; points at a static table.
  const UnitSystem* units = &kMetalUnits;
};

/// The format a file name implies: .xyz / .extxyz -> ExtendedXyz; .data / .lmp / .lammps, or a
/// name starting with "data." (LAMMPS's own habit, data.lj) -> LammpsData. Case-insensitive.
/// Throws StructureFileError for any other name.
StructureFormat format_from_path(const std::string& path);

}  // namespace mdb
