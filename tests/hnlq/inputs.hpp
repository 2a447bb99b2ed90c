#pragma once
// Test inputs for the lattice quantizers, shared by the CPU and CUDA agreement tests.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <vector>

namespace mdb::hnlq {

/// Inputs as rows x[i n + c]: a mix of scales, exact ties and special values.
inline std::vector<float> make_inputs(int n, std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_int_distribution<int> quarter(-40, 40);
  const float specials[] = {0.0f,
                            -0.0f,
                            0.5f,
                            -0.5f,
                            1.5f,
                            -2.5f,
                            1e-30f,
                            std::numeric_limits<float>::denorm_min(),
                            std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            3e9f};
  std::vector<float> x(count * n);
  for (std::size_t k = 0; k < x.size(); ++k) {
    switch (k % 5) {
      case 0:
        x[k] = 0.5f * normal(rng);
        break;
      case 1:
        x[k] = 40.0f * normal(rng);
        break;
      case 2:
        x[k] = 0.25f * static_cast<float>(quarter(rng));
        break;
      case 3:
        x[k] = specials[rng() % std::size(specials)];
        break;
      default:
        x[k] = 1e4f * normal(rng);
        break;
    }
  }
  return x;
}

}  // namespace mdb::hnlq
