#include "model/torch/torch_edges.hpp"

#include <cmath>

#include "md/core/grow.hpp"

namespace mdb {

void torch_edges_from_full_list(const NeighborView& v, const double box_len[3], double cutoff,
                                TorchEdges& out, const TypePairCutoffs& pairs) {
  const std::int64_t listed = v.offsets[v.n_local];
  // Both rows at their largest: written ahead, then the second row moved down behind the first.
  size_at_least(out.index, static_cast<std::size_t>(2 * listed));
  size_at_least(out.shift, static_cast<std::size_t>(3 * listed));
  const double cut2 = cutoff * cutoff;
  std::int64_t e = 0;
  std::int64_t* centre = out.index.data();
  std::int64_t* neighbour = out.index.data() + listed;
  for (int i = 0; i < v.n_local; ++i) {
    for (std::int64_t k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
      const int j = v.neighbors[k];
      const double dx = v.x[j] - v.x[i], dy = v.y[j] - v.y[i], dz = v.z[j] - v.z[i];
      const double r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= cut2) continue;
      const int owner = v.owner[j];
      if (pairs.cutoff) {
        const double c = pairs.cutoff[pairs.types[i] * pairs.n_types + pairs.types[owner]];
        if (r2 >= c * c) continue;
      }
      centre[e] = i;
      neighbour[e] = owner;
      // A ghost is its owner moved by whole box lengths: the count of them is the cell shift.
      double* s = out.shift.data() + 3 * e;
      s[0] = std::nearbyint((v.x[j] - v.x[owner]) / box_len[0]);
      s[1] = std::nearbyint((v.y[j] - v.y[owner]) / box_len[1]);
      s[2] = std::nearbyint((v.z[j] - v.z[owner]) / box_len[2]);
      ++e;
    }
  }
  for (std::int64_t k = 0; k < e; ++k) out.index[static_cast<std::size_t>(e + k)] = neighbour[k];
  out.count = e;
}

}  // namespace mdb
