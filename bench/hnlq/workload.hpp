#pragma once
// The data of one lattice_bench row: seeded inputs in both layouts (rows for the reference,
// coordinate columns for the batched CPU and CUDA paths), their codes, and output buffers,
// all sized before timing so the timed loop allocates nothing.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/hnlq/common/hnlq_params.hpp"
#include "kernels/hnlq/common/lattice_kind.hpp"

namespace mdb::bench {

/// Inputs, codes and outputs of `count` vectors of dimension `dim`. Rows: x[i dim + c], codes
/// [(i M + l) dim + c]; columns: x[c count + i], codes[(l dim + c) count + i].
struct LatticeWorkload {
  int dim = 0;
  int levels = 0;
  std::size_t count = 0;
  std::vector<float> x_rows, x_columns;
  std::vector<std::uint8_t> codes_rows, t_rows, codes_columns, t_columns;  ///< encoded x
  std::vector<float> out_rows, out_columns;
  std::size_t overloaded = 0;  ///< vectors of x still overloaded after encoding
};

/// Draws x = sigma N(0, 1) per coordinate (std::mt19937_64 seeded with `seed`) or, when `input`
/// is given, takes vector i from input values [(i mod v) n, (i mod v) n + n) for its v = size / n
/// vectors (cycling through them when count > v); then checks that x is finite (throws
/// std::invalid_argument otherwise), encodes it once with the batched CPU quantizer and stores
/// the codes in both layouts.
LatticeWorkload make_lattice_workload(hnlq::LatticeKind kind, const hnlq::HnlqParams& p,
                                      std::size_t count, double sigma, std::uint64_t seed,
                                      const std::vector<float>* input = nullptr);

/// Mean of (x - y)^2 over all coordinates, accumulated in double.
double mean_squared_error(const std::vector<float>& x, const std::vector<float>& y);

}  // namespace mdb::bench
