#pragma once
// The neighbour-list format of the device engine: a full CSR list over the atoms themselves, each
// entry carrying the periodic image it is seen through, so no ghost atoms exist on the device.
// Shared by the CUDA kernels and by the CPU code that emulates them in the tests.
#include <cstdint>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Energy, then the virial W_ab = sum r_a f_b in LAMMPS order xx yy zz xy xz yz (eV): the seven
/// sums per replica that every device force accumulates (DeviceForceOutput::sums).
inline constexpr int kEnergyVirialSums = 7;

/// Adds `share` of one pair to the seven sums: its energy and its virial f_over_r d_a d_b (d the
/// separation, either sign). A full list visits each pair from both ends, each adding half.
MDB_HD inline void add_pair_to_sums(double (&sums)[kEnergyVirialSums], double share, double energy,
                                    double f_over_r, double dx, double dy, double dz) {
  const double s = share * f_over_r;
  sums[0] += share * energy;
  sums[1] += s * dx * dx;
  sums[2] += s * dy * dy;
  sums[3] += s * dz * dz;
  sums[4] += s * dx * dy;
  sums[5] += s * dx * dz;
  sums[6] += s * dy * dz;
}

/// Image shifts per axis lie in [-kImageShellMax, kImageShellMax]; kImageAxisBits per axis.
inline constexpr int kImageShellMax = 15;
inline constexpr int kImageAxisBits = 5;
inline constexpr unsigned kImageAxisMask = (1u << kImageAxisBits) - 1;

/// A packed image vector: 15 bits, so two bytes per list entry beside the 4-byte index (the
/// force kernels' list reads are most of their memory traffic).
using ImageCode = std::uint16_t;

/// The bits of an image vector (in box lengths per axis): kImageAxisBits per axis, x lowest,
/// each offset by kImageShellMax.
MDB_HD constexpr unsigned image_bits(int ix, int iy, int iz) {
  return static_cast<unsigned>(ix + kImageShellMax) |
         (static_cast<unsigned>(iy + kImageShellMax) << kImageAxisBits) |
         (static_cast<unsigned>(iz + kImageShellMax) << (2 * kImageAxisBits));
}
static_assert(image_bits(kImageShellMax, kImageShellMax, kImageShellMax) <= 0xFFFF,
              "every image code fits an ImageCode");

/// Packs an image vector into one code.
MDB_HD constexpr ImageCode pack_image(int ix, int iy, int iz) {
  return static_cast<ImageCode>(image_bits(ix, iy, iz));
}

/// The code of the zero image (the atom itself, not an image of it).
inline constexpr ImageCode kImageSelf = pack_image(0, 0, 0);

MDB_HD inline int image_x(ImageCode code) {
  return static_cast<int>(code & kImageAxisMask) - kImageShellMax;
}
MDB_HD inline int image_y(ImageCode code) {
  return static_cast<int>((code >> kImageAxisBits) & kImageAxisMask) - kImageShellMax;
}
MDB_HD inline int image_z(ImageCode code) {
  return static_cast<int>((code >> (2 * kImageAxisBits)) & kImageAxisMask) - kImageShellMax;
}

/// A full neighbour list over `n` atoms of one or more independent replicas stored back to back
/// (replica r holds atoms [r * atoms_per_replica, (r + 1) * atoms_per_replica), each with its own
/// orthorhombic box). Entry k of atom i (offsets[i] <= k < offsets[i + 1]) is atom neighbors[k]
/// of the same replica seen through image images[k]: the separation vector is
///   d = r_j + (ix, iy, iz) * L - r_i        (Angstrom, L = the replica's box lengths),
/// so a pair (i, j, image) appears once from each side (with the opposite image from j), and an
/// atom may neighbour its own images when the box is small. Positions need not be wrapped: the
/// list was built for the positions it was built from, and stays valid while every atom has
/// moved less than skin/2 since.
struct ImageNeighborView {
  int n = 0;                              ///< atoms over all replicas
  int atoms_per_replica = 0;              ///< > 0; n is a multiple of it
  const std::int64_t* offsets = nullptr;  ///< n + 1 entries
  const int* neighbors = nullptr;         ///< global atom index (same replica)
  const ImageCode* images = nullptr;      ///< pack_image() of the image of the neighbour
  const double* x = nullptr;              ///< n positions (Angstrom)
  const double* y = nullptr;
  const double* z = nullptr;
  const int* species = nullptr;  ///< species index per atom
  /// Box lengths per replica, 3 per replica (x, y, z), Angstrom.
  const double* box_len = nullptr;

  /// Separation d = r_j(image) - r_i of entry k of atom i (see above).
  MDB_HD void separation(int i, std::int64_t k, double& dx, double& dy, double& dz) const {
    const int j = neighbors[k];
    const ImageCode code = images[k];
    const double* len = box_len + 3 * (i / atoms_per_replica);
    dx = x[j] + image_x(code) * len[0] - x[i];
    dy = y[j] + image_y(code) * len[1] - y[i];
    dz = z[j] + image_z(code) * len[2] - z[i];
  }
};

}  // namespace mdb
