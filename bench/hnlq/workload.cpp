#include "bench/hnlq/workload.hpp"

#include <random>
#include <stdexcept>

#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/batched.hpp"
#include "kernels/hnlq/cpu/input_check.hpp"

namespace mdb::bench {

LatticeWorkload make_lattice_workload(hnlq::LatticeKind kind, const hnlq::HnlqParams& p,
                                      std::size_t count, double sigma, std::uint64_t seed,
                                      const std::vector<float>* input) {
  LatticeWorkload w;
  w.dim = hnlq::lattice_dim(kind);
  w.levels = p.levels;
  w.count = count;
  const std::size_t n = static_cast<std::size_t>(w.dim);
  const std::size_t m = static_cast<std::size_t>(p.levels);
  w.x_rows.resize(count * n);
  w.x_columns.resize(count * n);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, sigma);
  const std::size_t given = input != nullptr ? input->size() / n : 0;
  if (input != nullptr && given == 0) {
    throw std::invalid_argument("lattice workload: the input holds no whole vector");
  }
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t c = 0; c < n; ++c) {
      const auto v =
          input != nullptr ? (*input)[(i % given) * n + c] : static_cast<float>(normal(rng));
      w.x_rows[i * n + c] = v;
      w.x_columns[c * count + i] = v;
    }
  }
  // Once per row, outside any timed loop: the encoders saturate NaN and infinities instead.
  hnlq::require_finite_input(w.x_rows.data(), count, w.dim, hnlq::InputLayout::Rows);
  w.codes_rows.resize(count * m * n);
  w.codes_columns.resize(count * m * n);
  w.t_rows.resize(count);
  w.t_columns.resize(count);
  w.out_rows.resize(count * n);
  w.out_columns.resize(count * n);
  w.overloaded = hnlq::with_lattice(kind, [&]<class L>() {
    return hnlq::batched_encode<L>(p, w.x_columns.data(), count, w.codes_columns.data(),
                                   w.t_columns.data());
  });
  for (std::size_t i = 0; i < count; ++i) {
    w.t_rows[i] = w.t_columns[i];
    for (std::size_t l = 0; l < m; ++l) {
      for (std::size_t c = 0; c < n; ++c) {
        w.codes_rows[(i * m + l) * n + c] = w.codes_columns[(l * n + c) * count + i];
      }
    }
  }
  return w;
}

double mean_squared_error(const std::vector<float>& x, const std::vector<float>& y) {
  double sum = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double d = static_cast<double>(x[k]) - static_cast<double>(y[k]);
    sum += d * d;
  }
  return x.empty() ? 0.0 : sum / static_cast<double>(x.size());
}

}  // namespace mdb::bench
