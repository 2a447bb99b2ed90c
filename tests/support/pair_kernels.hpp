#pragma once
// The SIMD pair kernels this build has for each arithmetic type, whatever this CPU would choose:
// tests run every one, so a CPU that defaults to one row layout still tests the other.
#include <vector>

#include "kernels/cpu/simd_avx512.hpp"
#include "model/lennard_jones.hpp"

namespace mdb::test {

/// Float kernels: 2 x 4 rows always, 4 x 4 rows (the default) with AVX-512.
inline std::vector<PairKernel> float_pair_kernels() {
  std::vector<PairKernel> k = {PairKernel::Simd2x4};
  if (simd::kHas512) k.push_back(PairKernel::Simd);
  return k;
}

/// Double kernels: 1 x 4 rows always, 2 x 4 rows with AVX-512.
inline std::vector<PairKernel> double_pair_kernels() {
  std::vector<PairKernel> k = {PairKernel::Simd1x4};
  if (simd::kHas512) k.push_back(PairKernel::Simd2x4);
  return k;
}

/// For a failure message: which rows a kernel pins.
inline const char* pair_kernel_rows(PairKernel kernel) {
  switch (kernel) {
    case PairKernel::Simd2x4:
      return "2 x 4 rows";
    case PairKernel::Simd1x4:
      return "1 x 4 rows";
    case PairKernel::Scalar:
      return "the scalar loop";
    case PairKernel::Simd:
      break;
  }
  return "the default rows";
}

}  // namespace mdb::test
