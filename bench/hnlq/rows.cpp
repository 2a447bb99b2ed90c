#include "bench/hnlq/rows.hpp"

#include <string>

namespace mdb::bench {

std::vector<LatticeRow> plan_lattice_rows(const LatticeOptions& options, bool cuda_usable) {
  std::vector<LatticeRow> rows;
  for (LatticeOp op : {LatticeOp::Encode, LatticeOp::Decode, LatticeOp::RoundTrip}) {
    for (hnlq::LatticeKind kind : options.lattices) {
      for (int q : options.qs) {
        for (int m : options.levels) {
          for (std::size_t batch : options.batches) {
            for (LatticeImpl impl : options.impls) {
              if (impl == LatticeImpl::Cuda && !cuda_usable) continue;
              rows.push_back(LatticeRow{op, kind, q, m, batch, impl});
            }
          }
        }
      }
    }
  }
  return rows;
}

const char* lattice_op_name(LatticeOp op) {
  switch (op) {
    case LatticeOp::Encode:
      return "Encode";
    case LatticeOp::Decode:
      return "Decode";
    case LatticeOp::RoundTrip:
      return "RoundTrip";
  }
  return "?";
}

std::string lattice_row_name(const LatticeRow& row) {
  return std::string("Quantize/") + lattice_op_name(row.op) + "/" +
         std::string(hnlq::lattice_name(row.lattice)) + "/q" + std::to_string(row.q) + "/M" +
         std::to_string(row.levels) + "/" + std::to_string(row.batch) + "/" +
         lattice_impl_name(row.impl);
}

}  // namespace mdb::bench
