#pragma once
// Which side of a periodic pair a half list keeps: the one rule the Verlet half list, the
// cluster list's masks and the many-body models' "evaluate each pair once" share.
#include <cstdint>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// The sign of an image vector's first non-zero component (+1 or -1; the vector is not zero):
/// the image_sign an extended atom or a ghost cluster carries for the rule below.
MDB_HD inline int image_vector_sign(int ix, int iy, int iz) {
  const int first = ix != 0 ? ix : (iy != 0 ? iy : iz);
  return first > 0 ? 1 : -1;
}

/// Whether local atom i keeps its pair with extended atom j (owner: the local atom j images;
/// image_sign: 0 for a local atom, else the sign of the image vector's first non-zero
/// component): from the side whose owner index is lower, and an atom's own images on the
/// positive side only.
MDB_HD inline bool half_list_keeps(int i, int owner_j, int image_sign_j) {
  return owner_j > i || (owner_j == i && image_sign_j > 0);
}

/// The same rule as one integer comparison, for SIMD lanes:
/// half_list_key(owner_j, sign_j) > 2 i exactly when half_list_keeps(i, owner_j, sign_j).
MDB_HD inline std::int64_t half_list_key(int owner_j, int image_sign_j) {
  return 2 * static_cast<std::int64_t>(owner_j) + (image_sign_j > 0 ? 1 : 0);
}

}  // namespace mdb
