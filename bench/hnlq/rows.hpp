#pragma once
// The rows lattice_bench registers, planned from the options as plain data, and their names:
//   Quantize/<Encode|Decode|RoundTrip>/<Z2|D4|E8>/q<q>/M<M>/<batch>/<reference|cpu|cuda>
// Names are a contract (docs/LATTICE.md); plan_lattice_rows is pure and tested.
#include <cstddef>
#include <string>
#include <vector>

#include "bench/hnlq/options.hpp"
#include "kernels/hnlq/common/lattice_kind.hpp"

namespace mdb::bench {

/// What a row times: encoding, decoding, or both in one call.
enum class LatticeOp { Encode, Decode, RoundTrip };

/// One benchmark row.
struct LatticeRow {
  LatticeOp op = LatticeOp::Encode;
  hnlq::LatticeKind lattice = hnlq::LatticeKind::D4;
  int q = 4;
  int levels = 2;
  std::size_t batch = 1;
  LatticeImpl impl = LatticeImpl::Reference;
};

/// Every row the options ask for, ordered by operation, lattice, q, M, batch, implementation;
/// cuda rows only when `cuda_usable`.
std::vector<LatticeRow> plan_lattice_rows(const LatticeOptions& options, bool cuda_usable);

/// "Encode", "Decode" or "RoundTrip".
const char* lattice_op_name(LatticeOp op);

/// The row's benchmark name.
std::string lattice_row_name(const LatticeRow& row);

}  // namespace mdb::bench
