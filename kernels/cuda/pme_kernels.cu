// One thread per charge, grid point or wave vector over kernels/common/pme_thread_bodies.hpp.
#include <stdexcept>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/pme_kernels.cuh"

namespace mdb {
namespace {

constexpr int kThreads = 128;

int blocks_for(long long items) {
  return static_cast<int>((items + kThreads - 1) / kThreads);
}

template <int P>
__global__ void __launch_bounds__(kThreads)
    pme_spread_kernel(OrthoBoxView box, PmeDeviceAtoms atoms, PmeGridShape g, double* ext) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < atoms.n) pme_spread_atom<P>(i, box, atoms.x, atoms.y, atoms.z, atoms.q, g, ext);
}

template <int P>
__global__ void __launch_bounds__(kThreads)
    pme_gather_kernel(OrthoBoxView box, PmeDeviceAtoms atoms, PmeGridShape g, const double* ext) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < atoms.n) {
    pme_gather_atom<P>(i, box, atoms.x, atoms.y, atoms.z, atoms.q, g, ext, atoms.fx, atoms.fy,
                       atoms.fz);
  }
}

__global__ void __launch_bounds__(kThreads)
    pme_fold_kernel(PmeGridShape g, const double* ext, double* periodic) {
  const long long k = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < g.periodic_points()) pme_fold_point(k, g, ext, periodic);
}

__global__ void __launch_bounds__(kThreads)
    pme_solve_kernel(PmeGridShape g, double* complex_grid, const double* axis_m,
                     const double* axis_factor, double ke_over_pi_v, double beta, bool sums,
                     double* acc) {
  const long long k = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < g.complex_points()) {
    pme_solve_entry(k, g, complex_grid, axis_m, axis_factor, ke_over_pi_v, beta, sums, acc);
  }
}

__global__ void __launch_bounds__(kThreads)
    pme_unfold_kernel(PmeGridShape g, const double* periodic, double* ext) {
  const long long k = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < g.extended_points()) pme_unfold_point(k, g, periodic, ext);
}

// A switch rather than pme_with_order: that helper is a host-device function, and a lambda that
// launches a kernel is host-only.
template <template <int> class Launch, class... Args>
void with_order(int order, Args&&... args) {
  switch (order) {
    case 3:
      Launch<3>::run(args...);
      break;
    case 4:
      Launch<4>::run(args...);
      break;
    case 5:
      Launch<5>::run(args...);
      break;
    case 6:
      Launch<6>::run(args...);
      break;
    case 7:
      Launch<7>::run(args...);
      break;
    case 8:
      Launch<8>::run(args...);
      break;
    default:
      throw std::invalid_argument("PME: order must be 3..8");
  }
}

template <int P>
struct SpreadLaunch {
  static void run(const OrthoBoxView& box, const PmeDeviceAtoms& a, const PmeGridShape& g,
                  double* ext, cudaStream_t s) {
    pme_spread_kernel<P><<<blocks_for(a.n), kThreads, 0, s>>>(box, a, g, ext);
  }
};

template <int P>
struct GatherLaunch {
  static void run(const OrthoBoxView& box, const PmeDeviceAtoms& a, const PmeGridShape& g,
                  const double* ext, cudaStream_t s) {
    pme_gather_kernel<P><<<blocks_for(a.n), kThreads, 0, s>>>(box, a, g, ext);
  }
};

}  // namespace

void launch_pme_spread(const OrthoBoxView& box, const PmeDeviceAtoms& atoms, const PmeGridShape& g,
                       double* ext, cudaStream_t stream) {
  if (atoms.n == 0) return;
  with_order<SpreadLaunch>(g.order, box, atoms, g, ext, stream);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_pme_fold(const PmeGridShape& g, const double* ext, double* periodic,
                     cudaStream_t stream) {
  pme_fold_kernel<<<blocks_for(g.periodic_points()), kThreads, 0, stream>>>(g, ext, periodic);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_pme_solve(const PmeGridShape& g, double* complex_grid, const double* axis_m,
                      const double* axis_factor, double ke_over_pi_v, double beta, bool sums,
                      double* acc, cudaStream_t stream) {
  pme_solve_kernel<<<blocks_for(g.complex_points()), kThreads, 0, stream>>>(
      g, complex_grid, axis_m, axis_factor, ke_over_pi_v, beta, sums, acc);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_pme_unfold(const PmeGridShape& g, const double* periodic, double* ext,
                       cudaStream_t stream) {
  pme_unfold_kernel<<<blocks_for(g.extended_points()), kThreads, 0, stream>>>(g, periodic, ext);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_pme_gather(const OrthoBoxView& box, const PmeDeviceAtoms& atoms, const PmeGridShape& g,
                       const double* ext, cudaStream_t stream) {
  if (atoms.n == 0) return;
  with_order<GatherLaunch>(g.order, box, atoms, g, ext, stream);
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace mdb
