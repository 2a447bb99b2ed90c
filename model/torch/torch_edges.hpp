#pragma once
// The edges a graph-network potential takes: a full list of (centre, neighbour) pairs of local
// atoms within the cutoff, each with the neighbour's periodic image as a whole-cell shift, made
// from md's full neighbour list (its ghosts are images of local atoms). Plain C++, no libtorch.
#include <cstdint>
#include <vector>

#include "kernels/common/neighbor_view.hpp"

namespace mdb {

/// Edges in the layout TorchScript models read: `index` is 2 x E (row 0 the centre atoms, row 1
/// their neighbours, local indices), `shift` E x 3 in cell vectors, so that a neighbour sits at
/// x[index[1][e]] + shift[e] . cell.
struct TorchEdges {
  std::vector<std::int64_t> index;
  std::vector<double> shift;
  std::int64_t count = 0;  ///< E
};

/// A cutoff per pair of the model's types (NequIP's per_edge_type_cutoff), Angstrom, row-major
/// n_types x n_types, for atoms of the given model types; none (the default): one cutoff.
struct TypePairCutoffs {
  const std::int64_t* types = nullptr;  ///< per local atom
  const double* cutoff = nullptr;
  int n_types = 0;
};

/// Fills `out` from the full list `v` (local atoms wrapped into an orthorhombic box of
/// `box_len`, Angstrom): every pair closer than `cutoff` (and than its type pair's cutoff), from
/// both sides. Reuses out's storage: no allocation once it has seen the largest edge count.
void torch_edges_from_full_list(const NeighborView& v, const double box_len[3], double cutoff,
                                TorchEdges& out, const TypePairCutoffs& pairs = {});

}  // namespace mdb
