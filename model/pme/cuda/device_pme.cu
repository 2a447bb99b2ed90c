#include "model/pme/cuda/device_pme.hpp"

#include <array>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/cufft_r2c_3d.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/pme_kernels.cuh"
#include "model/pme/pme.hpp"

namespace mdb {

struct DevicePme::Impl {
  explicit Impl(const PmeParams& p)
      : params(p),
        shape{p.grid[0], p.grid[1], p.grid[2], p.order},
        fft(p.grid[0], p.grid[1], p.grid[2]),
        ext(static_cast<std::size_t>(shape.extended_points())),
        axis_m(static_cast<std::size_t>(p.grid[0] + p.grid[1] + p.grid[2])),
        axis_factor(axis_m.size()),
        acc(7) {
    for (int a = 0; a < 3; ++a) moduli[a] = pme_bspline_moduli(p.grid[a], p.order);
    host_m.resize(axis_m.size());
    host_factor.resize(axis_m.size());
  }

  PmeParams params;
  PmeGridShape shape;
  DeviceFftR2c3d fft;
  DeviceBuffer<double> ext;
  DeviceBuffer<double> axis_m, axis_factor;  ///< per axis, per FFT index (x's, y's, z's)
  DeviceBuffer<double> acc;                  ///< energy, virial
  std::array<std::vector<double>, 3> moduli;
  std::vector<double> host_m, host_factor;
  std::array<double, 3> tables_for{0.0, 0.0, 0.0};  ///< the box lengths axis_m/factor are for
};

DevicePme::DevicePme(const PmeParams& params) {
  check_pme_params(params);
  impl_ = std::make_unique<Impl>(params);
}

DevicePme::~DevicePme() = default;

const PmeParams& DevicePme::params() const {
  return impl_->params;
}

void DevicePme::compute_async(const Box& box, const double* x, const double* y, const double* z,
                              const double* q, int n, double* fx, double* fy, double* fz,
                              double* sums, void* stream_handle) {
  Impl& m = *impl_;
  const PmeGridShape& g = m.shape;
  const OrthoBoxView view = box.view();
  const PmeDeviceAtoms atoms{x, y, z, q, fx, fy, fz, n};
  const auto stream = static_cast<cudaStream_t>(stream_handle);
  m.fft.set_stream(stream_handle);
  MDB_CUDA_CHECK(cudaMemsetAsync(m.ext.data(), 0, m.ext.size() * sizeof(double), stream));
  launch_pme_spread(view, atoms, g, m.ext.data(), stream);
  launch_pme_fold(g, m.ext.data(), m.fft.real_data(), stream);
  m.fft.forward();
  // The influence function's axis factors follow the box (a barostat moves it): made and copied
  // (a synchronous copy) only when its lengths change.
  const std::array<double, 3> lengths{box.length(0), box.length(1), box.length(2)};
  if (lengths != m.tables_for) {
    std::size_t k = 0;
    for (int a = 0; a < 3; ++a) {
      for (int i = 0; i < m.params.grid[a]; ++i, ++k) {
        pme_axis_entry(i, m.params.grid[a], 1.0 / lengths[static_cast<std::size_t>(a)],
                       m.params.beta, m.moduli[a][static_cast<std::size_t>(i)], m.host_m[k],
                       m.host_factor[k]);
      }
    }
    m.axis_m.copy_from_host(m.host_m.data(), m.host_m.size());
    m.axis_factor.copy_from_host(m.host_factor.data(), m.host_factor.size());
    m.tables_for = lengths;
  }
  const double ke_over_pi_v = m.params.coulomb_constant / (kPmePi * box.volume());
  launch_pme_solve(g, m.fft.complex_data(), m.axis_m.data(), m.axis_factor.data(), ke_over_pi_v,
                   m.params.beta, sums != nullptr, sums, stream);
  m.fft.backward();
  launch_pme_unfold(g, m.fft.real_data(), m.ext.data(), stream);
  launch_pme_gather(view, atoms, g, m.ext.data(), stream);
}

ForceResult DevicePme::compute(const Box& box, const double* x, const double* y, const double* z,
                               const double* q, int n, double* fx, double* fy, double* fz,
                               ComputeFlags flags) {
  Impl& m = *impl_;
  const bool sums = flags.energy || flags.virial;
  if (sums) MDB_CUDA_CHECK(cudaMemsetAsync(m.acc.data(), 0, 7 * sizeof(double), nullptr));
  compute_async(box, x, y, z, q, n, fx, fy, fz, sums ? m.acc.data() : nullptr, nullptr);
  ForceResult r;
  if (sums) {
    double a[7];
    m.acc.copy_to_host(a, 7);
    if (flags.energy) r.energy = a[0];
    if (flags.virial) {
      for (int c = 0; c < 6; ++c) r.virial[static_cast<std::size_t>(c)] = a[1 + c];
    }
  }
  return r;
}

}  // namespace mdb
