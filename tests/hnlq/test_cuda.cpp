// The CUDA lattice kernels (kernels/hnlq/cuda) against the scalar reference, bit for bit, on
// the same inputs as the CPU comparison's mix of scales, ties and non-finite values. Skipped
// when no usable CUDA device is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/cuda/device_info_cuda.hpp"
#include "kernels/cuda/pinned_host.hpp"
#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/reference.hpp"
#include "kernels/hnlq/cuda/hnlq_cuda.hpp"
#include "tests/hnlq/inputs.hpp"

namespace mdb::hnlq {
namespace {

template <class L>
void expect_device_matches_reference(const HnlqParams& p, std::size_t count,
                                     HnlqLaunch launch = HnlqLaunch::Plain) {
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
  HnlqDeviceRunner runner(kind, p, count, launch);
  // Page-locked host buffers, as lattice_bench gives the runner (a graph's copies need them),
  // and two sets of outputs, all alive at once so their addresses differ: a graph replays for
  // the same host pointers and must be captured again for new ones.
  PinnedHostArray<float> x(columns.size());
  std::ranges::copy(columns, x.data());
  struct Outputs {
    explicit Outputs(std::size_t code_bytes, std::size_t vectors, std::size_t floats)
        : codes(code_bytes), t(vectors), out(floats), trip(floats) {}
    PinnedHostArray<std::uint8_t> codes, t;
    PinnedHostArray<float> out, trip;
  };
  Outputs sets[2] = {Outputs(ref_codes.size(), count, rows.size()),
                     Outputs(ref_codes.size(), count, rows.size())};
  for (Outputs& o : sets) {
    std::ranges::fill(o.codes.span(), 0xAB);  // poisoned: every byte must be written
    std::ranges::fill(o.t.span(), 0xAB);
    std::ranges::fill(o.out.span(), -7.0f);
    std::ranges::fill(o.trip.span(), -7.0f);
    runner.encode(x.data(), o.codes.data(), o.t.data());
    runner.decode(o.codes.data(), o.t.data(), o.out.data());
    runner.round_trip(x.data(), o.trip.data());
    // A second call with the same buffers (a graph's replay): its parts add up to the whole
    // (events resolve ~0.5 us).
    const HnlqDeviceTimes again = runner.round_trip(x.data(), o.trip.data());
    EXPECT_GT(again.total_s, 0.0);
    EXPECT_NEAR(again.total_s, again.kernel_s + again.transfer_s, 2e-6);
    for (std::size_t i = 0; i < count; ++i) {
      ASSERT_EQ(o.t.data()[i], ref_t[i]) << i;
      for (int c = 0; c < n; ++c) {
        for (std::size_t l = 0; l < m; ++l) {
          ASSERT_EQ(o.codes.data()[(l * n + c) * count + i], ref_codes[(i * m + l) * n + c]) << i;
        }
        ASSERT_EQ(std::memcmp(&o.out.data()[c * count + i], &ref_out[i * n + c], sizeof(float)), 0)
            << i;
        ASSERT_EQ(std::memcmp(&o.trip.data()[c * count + i], &ref_out[i * n + c], sizeof(float)), 0)
            << i;
      }
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

// The same calls replayed as CUDA graphs (--lq_cuda_graph=on).
TYPED_TEST(CudaAgrees, AsGraphsWithReferenceBitForBit) {
  for (std::size_t count : {1, 1000, 100003}) {
    expect_device_matches_reference<TypeParam>(make_hnlq_params(4, 2, 1.0), count,
                                               HnlqLaunch::Graph);
    expect_device_matches_reference<TypeParam>(make_hnlq_params(3, 3, 0.37, true), count,
                                               HnlqLaunch::Graph);
  }
}

}  // namespace
}  // namespace mdb::hnlq
