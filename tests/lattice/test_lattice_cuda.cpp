// The CUDA lattice kernels (kernels/cuda/lattice) against the scalar reference, bit for bit, on
// the same inputs as the CPU comparison's mix of scales, ties and non-finite values. Skipped
// when no usable CUDA device is present.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "kernels/common/lattice/lattice_dispatch.hpp"
#include "kernels/cpu/lattice_reference.hpp"
#include "kernels/cuda/device_info_cuda.hpp"
#include "kernels/cuda/lattice/hnlq_cuda.hpp"
#include "kernels/cuda/pinned_host.hpp"
#include "tests/lattice/lattice_inputs.hpp"

namespace mdb::lattice {
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
  std::vector<std::uint8_t> codes(ref_codes.size()), t(count);
  std::vector<float> out(rows.size()), trip(rows.size());
  // Twice, the second time into other buffers: a graph replays for the same host pointers and
  // must be captured again for new ones.
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {  // new addresses for the outputs
      std::vector<std::uint8_t>(codes).swap(codes);
      std::vector<float>(out).swap(out);
      std::vector<float>(trip).swap(trip);
    }
    // A graph's copies need page-locked host buffers, as lattice_bench gives them.
    std::optional<PinnedHostRange> pins[5];
    if (launch == HnlqLaunch::Graph) {
      pins[0].emplace(columns.data(), columns.size() * sizeof(float));
      pins[1].emplace(codes.data(), codes.size());
      pins[2].emplace(t.data(), t.size());
      pins[3].emplace(out.data(), out.size() * sizeof(float));
      pins[4].emplace(trip.data(), trip.size() * sizeof(float));
    }
    codes.assign(codes.size(), 0xAB);
    t.assign(t.size(), 0xAB);
    out.assign(out.size(), -7.0f);
    trip.assign(trip.size(), -7.0f);
    runner.encode(columns.data(), codes.data(), t.data());
    runner.decode(codes.data(), t.data(), out.data());
    runner.round_trip(columns.data(), trip.data());
    if (pass == 0) {  // a replay: its parts add up to the whole (events resolve ~0.5 us)
      const HnlqDeviceTimes again = runner.round_trip(columns.data(), trip.data());
      EXPECT_GT(again.total_s, 0.0);
      EXPECT_NEAR(again.total_s, again.kernel_s + again.transfer_s, 2e-6);
    }
  }

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
}  // namespace mdb::lattice
