#pragma once
// EAM potential files as LAMMPS reads them: DYNAMO funcfl (`pair_style eam`), setfl
// (`eam/alloy`) and Finnis-Sinclair setfl (`eam/fs`), also what the OpenKIM EAM_Dynamo driver
// reads.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mdb {

/// A malformed or unreadable EAM file. what() is one line, "<file>:<line>: <problem>", or
/// "<file>: <problem>" when the problem is the file as a whole.
class EamFileError : public std::runtime_error {
 public:
  /// line is 1-based; 0 leaves it out of the message.
  EamFileError(const std::string& file, int line, const std::string& problem);

  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  std::string file_;
  int line_;
};

enum class EamFormat {
  Funcfl,  ///< one element, `pair_style eam` (*.eam); z(r) in sqrt(Hartree Bohr) units
  Setfl,   ///< N elements, `pair_style eam/alloy` (*.eam.alloy, *.setfl)
  Fs,      ///< N elements, density per element pair, `pair_style eam/fs` (*.eam.fs)
};

/// LAMMPS's pair style for a format: "eam", "eam/alloy" or "eam/fs".
std::string_view eam_pair_style(EamFormat format);

/// The format a file name implies: *.eam.alloy or *.setfl -> Setfl, *.eam.fs -> Fs, *.eam ->
/// Funcfl. Throws EamFileError "<name>: cannot tell ..." otherwise.
EamFormat eam_format_of(const std::string& name);

/// One file's tables as written in it (LAMMPS's Funcfl / Setfl / Fs structs), before they are
/// brought onto one grid and splined (EamTables).
struct EamFile {
  std::string name;  ///< what its messages call it: a path, or "kim:<Model>/<file>"
  std::string text;  ///< the file's text, as read (LAMMPS reads the same bytes)
  EamFormat format = EamFormat::Setfl;
  std::vector<std::string> elements;  ///< setfl and fs: line 4's names; funcfl: none
  std::vector<double> masses;         ///< amu, one per element (funcfl: one)
  int nrho = 0;                       ///< knots of F(rho)
  double drho = 0.0;                  ///< their spacing
  int nr = 0;                         ///< knots of the functions of r
  double dr = 0.0;                    ///< their spacing, Angstrom
  double cut = 0.0;                   ///< cutoff, Angstrom
  /// F(rho) per element, nrho values (eV).
  std::vector<std::vector<double>> frho;
  /// Densities, nr values each: setfl and funcfl one per element (what an atom of it
  /// contributes); fs nelements x nelements, [a * N + b] the b-th function of element a's block.
  std::vector<std::vector<double>> rhor;
  /// setfl and fs: r phi(r) (eV Angstrom) per element pair a >= b at [a (a + 1) / 2 + b];
  /// funcfl: its one Z(r) (sqrt(Hartree Bohr)), which pair tables multiply by the partner's.
  std::vector<std::vector<double>> z2r;

  int n_elements() const { return static_cast<int>(masses.size()); }
};

/// Parses an EAM file's text in `format`. Layout (values whitespace-separated, Fortran-style
/// free format; a table's values run over as many lines as they need, and each table starts on a
/// new line):
///  - funcfl: line 1 a comment; line 2 `Z mass [a lattice]`; line 3 `nrho drho nr dr cut`; then
///    F (nrho values), Z(r) (nr), rho(r) (nr).
///  - setfl / fs: lines 1-3 comments; line 4 `N name_1 ... name_N`; line 5 `nrho drho nr dr cut`;
///    per element a line `Z mass [a lattice]`, F (nrho), then its density (setfl: nr values; fs:
///    N x nr, one per element); after the last element r phi for every pair a >= b (a = 1..N,
///    b = 1..a), nr values each.
/// Stricter than LAMMPS where it would read garbage: counts and spacings must be positive
/// (nrho, nr >= 5, the least LAMMPS's spline takes), every value a finite number (read
/// locale-independently), a header line must hold what its place asks for, a table must not end
/// mid-line into the next one, and nothing but blank lines may follow the last table. Throws
/// EamFileError "<name>:<line>: <problem>".
EamFile parse_eam_file(std::string name, std::string text, EamFormat format);

/// Reads `path` and parses it in the format its name implies (or `format`). Throws EamFileError
/// "<path>: cannot open" when it cannot be read.
EamFile read_eam_file(const std::string& path);
EamFile read_eam_file(const std::string& path, EamFormat format);

}  // namespace mdb
