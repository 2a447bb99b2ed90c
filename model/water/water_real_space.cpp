// Built with -ffast-math (model/water/CMakeLists.txt): the loop below evaluates formulas only,
// with no NaN or Inf logic to lose.
#include "model/water/water_real_space.hpp"

#include <algorithm>

#include "kernels/cpu/pair_coul_long_loop.hpp"
#include "md/core/grow.hpp"

namespace mdb {

void CoulLongRowBuffers::reserve(std::size_t n) {
  if (n <= capacity_) return;
  capacity_ = n + n / 4 + 16;
  for (auto& c : columns_) c.resize(capacity_);
  j_.resize(capacity_);
}

PairSums water_real_space(const NeighborView& nl, int i_begin, int i_end,
                          const LjCoulLongPair* table, int n_species, CoulLongRowBuffers& b,
                          bool energy, bool virial, double* fx, double* fy, double* fz) {
  auto& c = b.columns_;
  const CoulLongRowScratch row{c[0].data(), c[1].data(), c[2].data(),  c[3].data(),
                               c[4].data(), c[5].data(), c[6].data(),  c[7].data(),
                               c[8].data(), c[9].data(), c[10].data(), b.j_.data()};
  return pair_forces_coul_long_half_dispatch(nl, i_begin, i_end, table, n_species, row, energy,
                                             virial, fx, fy, fz);
}

std::size_t longest_row(const NeighborView& nl) {
  std::int64_t most = 0;
  for (int i = 0; i < nl.n_local; ++i) most = std::max(most, nl.offsets[i + 1] - nl.offsets[i]);
  return static_cast<std::size_t>(most);
}

}  // namespace mdb
