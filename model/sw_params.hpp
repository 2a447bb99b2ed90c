#pragma once
// Stillinger-Weber parameter sets: LAMMPS .sw files and the silicon preset.
#include <string>
#include <string_view>
#include <vector>

namespace mdb {

/// One LAMMPS .sw entry (element triplet i j k): epsilon (eV), sigma (Angstrom), a, lambda, gamma,
/// costheta0, A, B, p, q, tol. The two-body term of a pair i-j and the radial factor of triplets
/// through it use the (i, j, j) entry; the angular factor of a triplet j-i-k uses (i, j, k) (and
/// (i, k, j), see SwTripletCoeffs), of which only epsilon, lambda and costheta0 matter when
/// j != k.
struct SwEntry {
  std::string e1, e2, e3;
  double epsilon, sigma, a, lambda, gamma, costheta0, A, B, p, q, tol;
};

struct SwParams {
  std::vector<SwEntry> entries;

  /// Stillinger & Weber 1985 silicon, exactly the values of LAMMPS's potentials/Si.sw (epsilon
  /// 2.1683, sigma 2.0951, a 1.80, lambda 21.0, gamma 1.20, costheta0 -0.333333333333,
  /// A 7.049556277, B 0.6022245584, p 4, q 0, tol 0).
  static SwParams silicon();
  /// Parses LAMMPS .sw text: '#' starts a comment; an entry starts on a new line and takes 14
  /// whitespace-separated tokens (3 element names, 11 numbers), continuing over following lines
  /// until it has them, as LAMMPS reads it. Numbers are read locale-independently. Throws
  /// std::invalid_argument with a message that starts with `source` and names the entry (number,
  /// line, triplet) on: an incomplete entry at end of file, surplus tokens on an entry's last
  /// line, a non-numeric or non-finite value, a parameter out of range (see validate), a
  /// duplicate triplet.
  static SwParams parse(std::string_view text, const std::string& source);
  /// Reads and parses a file; throws std::runtime_error "<path>: cannot open" when unreadable.
  static SwParams from_file(const std::string& path);

  /// Checks every entry, throwing std::invalid_argument "<source>: entry N (e1 e2 e3): ...":
  /// all values finite; epsilon > 0; lambda, gamma, A, B, p, q, tol >= 0 (LAMMPS's checks);
  /// sigma > 0 and a > 0 for entries with e2 == e3 (they carry the two-body term and the radial
  /// range), >= 0 otherwise (LAMMPS files such as GaN.sw give 0 there, unused); no triplet twice.
  void validate(const std::string& source) const;
  /// The parameters as LAMMPS .sw text (one entry per line, shortest round-trip digits), which
  /// parse() and LAMMPS's pair_style sw read back to the same values.
  std::string to_lammps_text() const;
  /// The entry of a triplet, or nullptr.
  const SwEntry* find(std::string_view e1, std::string_view e2, std::string_view e3) const;
  /// Largest a*sigma over entries (the interaction range, Angstrom).
  double max_cutoff() const;
};

}  // namespace mdb
