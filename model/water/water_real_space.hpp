#pragma once
// The water model's real-space loop (LJ + erfc Coulomb over the half list), in a translation unit
// of its own: it is built with -ffast-math so that GCC evaluates erfc and exp four pairs at a
// time with glibc's vector functions.
#include <array>
#include <cstddef>
#include <vector>

#include "kernels/common/neighbor_view.hpp"
#include "kernels/common/pair_lj_coul_long.hpp"
#include "kernels/common/pair_sums.hpp"

namespace mdb {

/// One thread's arrays for a row's pairs (grow-only).
class CoulLongRowBuffers {
 public:
  /// Room for rows of up to n pairs; allocates only when n exceeds what it has.
  void reserve(std::size_t n);
  std::size_t capacity() const { return capacity_; }

 private:
  friend PairSums water_real_space(const NeighborView&, int, int, const LjCoulLongPair*, int,
                                   CoulLongRowBuffers&, bool, bool, double*, double*, double*);
  std::array<std::vector<double>, 11> columns_;
  std::vector<int> j_;
  std::size_t capacity_ = 0;
};

/// The pairs of local atoms [i_begin, i_end) (kernels/cpu/pair_coul_long_loop.hpp) into the
/// extended force arrays; `buffers` must hold the longest row (reserve).
PairSums water_real_space(const NeighborView& nl, int i_begin, int i_end,
                          const LjCoulLongPair* table, int n_species, CoulLongRowBuffers& buffers,
                          bool energy, bool virial, double* fx, double* fy, double* fz);

/// The most entries any local atom's row of the list has.
std::size_t longest_row(const NeighborView& nl);

}  // namespace mdb
