#pragma once
// The radial distribution function g_ab(r) of a periodic system, accumulated over frames.
#include <vector>

#include "md/core/system.hpp"

namespace mdb {

/// g_ab(r) from minimum-image pair distances, in bins of `bin` from 0 to r_max (length units of
/// the system: Angstrom in metal units). Per frame, an unordered pair of two different species
/// counts once and a pair of one species twice (once from each atom), and the frame adds
/// n_a n_b / V to the normalisation, so that
///   g(bin k) = counts_k / (sum over frames of n_a n_b / V x (4 pi / 3) (r_k+1^3 - r_k^3)),
/// which is 1 for an ideal gas of the same density (n_a n_b / V, not n_a (n_b - 1) / V, for one
/// species: the convention of most MD codes' g(r)). A barostat's changing box is fine: each frame
/// is normalised by its own volume.
class RadialDistribution {
 public:
  /// Throws std::invalid_argument unless 0 < bin <= r_max (both finite). The last bin ends at
  /// bins() x bin <= r_max.
  RadialDistribution(double r_max, double bin);

  /// Adds one frame's pairs between atoms of species a and b (indices into the system's species
  /// table; a == b for a like pair). Throws std::invalid_argument when a species is out of range
  /// or has no atom, or when the range exceeds half the box's shortest side (the minimum image
  /// would miss pairs).
  void add_frame(const System& s, int species_a, int species_b);

  int bins() const { return static_cast<int>(counts_.size()); }
  double bin_width() const { return bin_; }
  double range() const { return bin_ * bins(); }
  /// The centre of bin k.
  double r(int k) const { return (k + 0.5) * bin_; }
  int frames() const { return frames_; }
  /// g per bin (zeros before the first frame).
  std::vector<double> g() const;

 private:
  double bin_;
  std::vector<double> counts_;
  double density_sum_ = 0.0;  // sum over frames of n_a n_b / V
  int frames_ = 0;
};

/// The centre of the bin where g is largest: for a liquid's g_OO over its first shells, the
/// first peak. Throws std::invalid_argument before the first frame.
double rdf_peak_position(const RadialDistribution& rdf);

/// The integral of |g_1(r) - g_2(r)| over the common range (length units), by bins. Throws
/// std::invalid_argument when the two have different bins or no frames.
double rdf_abs_difference(const RadialDistribution& a, const RadialDistribution& b);

}  // namespace mdb
