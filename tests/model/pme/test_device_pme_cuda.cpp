// DevicePme (model/pme/cuda/) against the CPU Pme on the same charges: the kernels launch the
// bodies test_pme_thread_bodies.cpp holds to Pme in emulated launches, and cuFFT replaces FFTW,
// so they agree to rounding (atomic adds sum in any order). Runs where a GPU is lent
// (ci/gpu_session.sh); skips, saying why, elsewhere.
#include "model/pme/cuda/device_pme.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "kernels/cuda/cufft_r2c_3d.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/device_info_cuda.hpp"
#include "model/pme/pme.hpp"
#include "tests/model/pme/ewald_reference.hpp"
#include "tests/model/pme/pme_test_support.hpp"

namespace mdb::testing {
namespace {

EwaldPart run_device(DevicePme& pme, const Box& box, const Charges& c, ComputeFlags flags) {
  const std::size_t n = c.size();
  auto upload = [&](const std::vector<double>& v) {
    DeviceBuffer<double> d(n);
    d.copy_from_host(v.data(), n);
    return d;
  };
  DeviceBuffer<double> x = upload(c.x), y = upload(c.y), z = upload(c.z), q = upload(c.q);
  const std::vector<double> zeros(n, 0.0);
  DeviceBuffer<double> fx = upload(zeros), fy = upload(zeros), fz = upload(zeros);
  const ForceResult r = pme.compute(box, x.data(), y.data(), z.data(), q.data(),
                                    static_cast<int>(n), fx.data(), fy.data(), fz.data(), flags);
  EwaldPart out;
  out.fx.resize(n);
  out.fy.resize(n);
  out.fz.resize(n);
  fx.copy_to_host(out.fx.data(), n);
  fy.copy_to_host(out.fy.data(), n);
  fz.copy_to_host(out.fz.data(), n);
  out.energy = r.energy;
  out.virial = r.virial;
  return out;
}

TEST(DevicePme, AgreesWithTheCpuPme) {
  if (!cuda_device_available()) GTEST_SKIP() << cuda_unavailable_reason();
  if (const std::string why = cufft_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  const std::array<double, 3> lengths{12.0, 13.0, 14.5};
  Charges c = random_neutral_charges(300, lengths, 31);
  for (int order : {4, 5}) {
    SCOPED_TRACE(order);
    PmeParams p = pme_params(0.32, 12, order);
    p.grid = {12, 15, 16};
    Pme cpu(p);
    DevicePme gpu(p);
    // Twice, the second time in a box a barostat moved (the axis factors follow it).
    for (double scale : {1.0, 1.03}) {
      const Box box({-3.0, 1.5, 0.25},
                    {lengths[0] * scale, lengths[1] * scale, lengths[2] * scale});
      const EwaldPart want = run_pme(cpu, box, c);
      const EwaldPart got = run_device(gpu, box, c, {true, true});
      EXPECT_NEAR(got.energy, want.energy, 1e-11 * std::abs(want.energy));
      double largest_w = 0.0;
      for (double w : want.virial) largest_w = std::max(largest_w, std::abs(w));
      for (int k = 0; k < 6; ++k) {
        EXPECT_NEAR(got.virial[static_cast<std::size_t>(k)],
                    want.virial[static_cast<std::size_t>(k)], 1e-11 * largest_w);
      }
      EXPECT_LT(force_difference(got, want).relative(), 1e-11);
    }
    const EwaldPart forces_only = run_device(gpu, Box({-3.0, 1.5, 0.25}, lengths), c, {});
    EXPECT_EQ(forces_only.energy, 0.0);
  }
}

TEST(DevicePme, BadParametersAreRefused) {
  if (!cuda_device_available()) GTEST_SKIP() << cuda_unavailable_reason();
  if (const std::string why = cufft_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  PmeParams p = pme_params(0.32, 12, 9);
  EXPECT_THROW(DevicePme{p}, std::invalid_argument);
}

}  // namespace
}  // namespace mdb::testing
