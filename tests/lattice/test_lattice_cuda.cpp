// The CUDA lattice kernels (kernels/cuda/lattice) against the scalar reference, bit for bit, on
// the same inputs as the CPU comparison's mix of scales, ties and non-finite values. Skipped
// when no usable CUDA device is present.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/common/lattice/lattice_dispatch.hpp"
#include "kernels/cpu/lattice_reference.hpp"
#include "kernels/cuda/device_info_cuda.hpp"
#include "kernels/cuda/lattice/hnlq_cuda.hpp"
#include "tests/lattice/lattice_inputs.hpp"

namespace mdb::lattice {
namespace {

template <class L>
void expect_device_matches_reference(const HnlqParams& p, std::size_t count) {
  constexpr int n = L::kDim;
  const std::size_t m = static_cast<std::size_t>(p.levels);
  const std::vector<float> rows = make_inputs(n, count, 5);
  std::vector<float> columns(rows.size());
  for (std::size_t i = 0; i < count; ++i) {
    for (int c = 0; c < n; ++c) columns[c * count + i] = rows[i * n + c];
  }
  std::vector<std::uint8_t> ref_codes(count * m * n), ref_t(count);
  reference_encode<L>(p, rows.data(), count, ref_codes.data(), ref_t.data());
  std::vector<float> ref_out(rows.size());
  reference_decode<L>(p, ref_codes.data(), ref_t.data(), count, ref_out.data());

  const LatticeKind kind = n == 2 ? LatticeKind::Z2 : (n == 4 ? LatticeKind::D4 : LatticeKind::E8);
  HnlqDeviceRunner runner(kind, p, count);
  std::vector<std::uint8_t> codes(ref_codes.size()), t(count);
  std::vector<float> out(rows.size()), trip(rows.size());
  runner.encode(columns.data(), codes.data(), t.data());
  runner.decode(codes.data(), t.data(), out.data());
  runner.round_trip(columns.data(), trip.data());
  for (std::size_t i = 0; i < count; ++i) {
    ASSERT_EQ(t[i], ref_t[i]) << i;
    for (int c = 0; c < n; ++c) {
      for (std::size_t l = 0; l < m; ++l) {
        ASSERT_EQ(codes[(l * n + c) * count + i], ref_codes[(i * m + l) * n + c]) << i;
      }
      ASSERT_EQ(std::memcmp(&out[c * count + i], &ref_out[i * n + c], sizeof(float)), 0) << i;
      ASSERT_EQ(std::memcmp(&trip[c * count + i], &ref_out[i * n + c], sizeof(float)), 0) << i;
    }
  }
}

template <class L>
class CudaAgrees : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cuda_device_available()) GTEST_SKIP() << cuda_unavailable_reason();
  }
};
using AllLattices = ::testing::Types<Z2Lattice, D4Lattice, E8Lattice>;
TYPED_TEST_SUITE(CudaAgrees, AllLattices);

TYPED_TEST(CudaAgrees, WithReferenceBitForBit) {
  for (std::size_t count : {1, 31, 1000, 100003}) {
    expect_device_matches_reference<TypeParam>(make_hnlq_params(4, 2, 1.0), count);
    expect_device_matches_reference<TypeParam>(make_hnlq_params(3, 3, 0.37, true), count);
    expect_device_matches_reference<TypeParam>(make_hnlq_params(256, 2, 0.01), count);
  }
}

}  // namespace
}  // namespace mdb::lattice
