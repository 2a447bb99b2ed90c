// The CUDA Lennard-Jones kernel on a full neighbour list and its host wrapper.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "tests/support/cuda/lj_force_cuda.hpp"

namespace mdb {
namespace {

constexpr int kBlock = 128;
// Energy, then the six virial components in LAMMPS order.
constexpr int kNumSums = 7;

/// One thread per local atom i: F_i = sum_j f_over_r(r_ij^2) (r_i - r_j) over its full-list
/// neighbours. sums[] receives the full-list energy and virial (each pair twice); the host
/// halves them. With one species the table lookup is hoisted, as in the CPU loop.
template <bool kSingleSpecies>
__global__ void __launch_bounds__(kBlock)
    lj_full_list_kernel(int n_local, const std::int64_t* __restrict__ offsets,
                        const int* __restrict__ neighbors, const double* __restrict__ x,
                        const double* __restrict__ y, const double* __restrict__ z,
                        const int* __restrict__ species, const LjPair<double>* __restrict__ table,
                        int n_species, double* __restrict__ fx, double* __restrict__ fy,
                        double* __restrict__ fz, double* __restrict__ sums) {
  // Unsigned: the last block may reach past INT_MAX when n_local is close to it.
  const unsigned i = blockIdx.x * kBlock + threadIdx.x;
  double s[kNumSums] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  // No early return: every thread has to take part in the block reduction below.
  if (i < static_cast<unsigned>(n_local)) {
    const double xi = x[i], yi = y[i], zi = z[i];
    const LjPair<double>* row = table + (kSingleSpecies ? 0 : species[i] * n_species);
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    const std::int64_t end = offsets[i + 1];
    for (std::int64_t k = offsets[i]; k < end; ++k) {
      const int j = neighbors[k];
      const double dx = xi - x[j];
      const double dy = yi - y[j];
      const double dz = zi - z[j];
      const double r2 = dx * dx + dy * dy + dz * dz;
      const LjPair<double>& p = kSingleSpecies ? row[0] : row[species[j]];
      if (r2 < p.rc2) {
        const double fr = p.f_over_r(r2);
        const double fxp = dx * fr, fyp = dy * fr, fzp = dz * fr;
        fxi += fxp;
        fyi += fyp;
        fzi += fzp;
        s[0] += p.energy(r2);
        s[1] += dx * fxp;
        s[2] += dy * fyp;
        s[3] += dz * fzp;
        s[4] += dx * fyp;
        s[5] += dx * fzp;
        s[6] += dy * fzp;
      }
    }
    fx[i] = fxi;
    fy[i] = fyi;
    fz[i] = fzi;
  }
  block_sum_to_global<kBlock, kNumSums>(s, sums);
}

/// Everything the kernel indexes is checked here, because an out-of-range index on the device is
/// an illegal address that poisons the CUDA context for the rest of the process.
void validate(const NeighborView& nl, const LjPair<double>* table, int n_species, const double* fx,
              const double* fy, const double* fz) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("LjForceCuda: " + what); };
  if (nl.n_local < 0 || nl.n_ghost < 0) fail("negative atom count");
  if (static_cast<std::int64_t>(nl.n_local) + nl.n_ghost > std::numeric_limits<int>::max()) {
    fail("too many extended atoms for int indices");
  }
  if (n_species < 1) fail("n_species must be >= 1");
  if (table == nullptr) fail("null pair table");
  if (nl.n_local == 0) return;  // empty vectors may hand out null data pointers
  if (!nl.offsets || !nl.x || !nl.y || !nl.z || !nl.species) fail("null neighbour-list array");
  if (!fx || !fy || !fz) fail("null force array");
  if (nl.offsets[0] != 0) fail("offsets[0] must be 0");
  for (int i = 0; i < nl.n_local; ++i) {
    if (nl.offsets[i + 1] < nl.offsets[i]) fail("offsets must be non-decreasing");
  }
  const std::int64_t n_pairs = nl.offsets[nl.n_local];
  if (n_pairs > 0 && nl.neighbors == nullptr) fail("null neighbours array");
  const int n_ext = nl.n_local + nl.n_ghost;
  for (std::int64_t k = 0; k < n_pairs; ++k) {
    if (nl.neighbors[k] < 0 || nl.neighbors[k] >= n_ext) fail("neighbour index out of range");
  }
  for (int i = 0; i < n_ext; ++i) {
    if (nl.species[i] < 0 || nl.species[i] >= n_species) fail("species index out of range");
  }
}

/// Makes buf hold at least n elements. Contents are not kept: every caller refills it. The
/// headroom keeps small fluctuations of the neighbour count from reallocating each rebuild.
template <class T>
void ensure_size(DeviceBuffer<T>& buf, std::size_t n) {
  if (buf.size() >= n) return;
  buf = DeviceBuffer<T>();  // free first, so the old and new allocations never coexist
  buf = DeviceBuffer<T>(n + n / 4 + 16);
}

}  // namespace

struct LjForceCuda::Impl {
  DeviceBuffer<std::int64_t> offsets;
  DeviceBuffer<int> neighbors;
  DeviceBuffer<int> species;
  DeviceBuffer<double> x, y, z;
  DeviceBuffer<LjPair<double>> table;
  DeviceBuffer<double> fx, fy, fz;
  DeviceBuffer<double> sums;
};

LjForceCuda::LjForceCuda() : impl_(std::make_unique<Impl>()) {}
LjForceCuda::~LjForceCuda() = default;
LjForceCuda::LjForceCuda(LjForceCuda&&) noexcept = default;
LjForceCuda& LjForceCuda::operator=(LjForceCuda&&) noexcept = default;

PairSums LjForceCuda::compute(const NeighborView& nl, const LjPair<double>* table, int n_species,
                              double* fx, double* fy, double* fz) {
  validate(nl, table, n_species, fx, fy, fz);
  if (nl.n_local == 0) return {};
  if (!impl_) impl_ = std::make_unique<Impl>();  // a moved-from object stays usable
  Impl& d = *impl_;

  const auto n_local = static_cast<std::size_t>(nl.n_local);
  const auto n_ext = n_local + static_cast<std::size_t>(nl.n_ghost);
  const auto n_pairs = static_cast<std::size_t>(nl.offsets[nl.n_local]);
  const auto n_table = static_cast<std::size_t>(n_species) * static_cast<std::size_t>(n_species);

  ensure_size(d.offsets, n_local + 1);
  ensure_size(d.neighbors, n_pairs);
  ensure_size(d.species, n_ext);
  ensure_size(d.x, n_ext);
  ensure_size(d.y, n_ext);
  ensure_size(d.z, n_ext);
  ensure_size(d.table, n_table);
  ensure_size(d.fx, n_local);
  ensure_size(d.fy, n_local);
  ensure_size(d.fz, n_local);
  ensure_size(d.sums, kNumSums);

  d.offsets.copy_from_host(nl.offsets, n_local + 1);
  d.neighbors.copy_from_host(nl.neighbors, n_pairs);
  d.species.copy_from_host(nl.species, n_ext);
  d.x.copy_from_host(nl.x, n_ext);
  d.y.copy_from_host(nl.y, n_ext);
  d.z.copy_from_host(nl.z, n_ext);
  d.table.copy_from_host(table, n_table);
  MDB_CUDA_CHECK(cudaMemset(d.sums.data(), 0, kNumSums * sizeof(double)));

  double sums[kNumSums];
  {
    MDB_NVTX_RANGE("force/lj_cuda");
    const unsigned blocks = (static_cast<unsigned>(nl.n_local) + kBlock - 1) / kBlock;
    if (n_species == 1) {
      lj_full_list_kernel<true>
          <<<blocks, kBlock>>>(nl.n_local, d.offsets.data(), d.neighbors.data(), d.x.data(),
                               d.y.data(), d.z.data(), d.species.data(), d.table.data(), n_species,
                               d.fx.data(), d.fy.data(), d.fz.data(), d.sums.data());
    } else {
      lj_full_list_kernel<false>
          <<<blocks, kBlock>>>(nl.n_local, d.offsets.data(), d.neighbors.data(), d.x.data(),
                               d.y.data(), d.z.data(), d.species.data(), d.table.data(), n_species,
                               d.fx.data(), d.fy.data(), d.fz.data(), d.sums.data());
    }
    MDB_CUDA_CHECK(cudaGetLastError());
    // Synchronous copies on the default stream: they wait for the kernel, so the range covers
    // its run time and an execution error is reported from here.
    d.sums.copy_to_host(sums, kNumSums);
  }
  d.fx.copy_to_host(fx, n_local);
  d.fy.copy_to_host(fy, n_local);
  d.fz.copy_to_host(fz, n_local);

  // The full list visits every pair from both ends.
  PairSums out;
  out.energy = 0.5 * sums[0];
  for (int c = 0; c < 6; ++c) out.virial[c] = 0.5 * sums[c + 1];
  return out;
}

}  // namespace mdb
