#pragma once
// Host-facing entry point of the CUDA Lennard-Jones force kernel. Deliberately free of CUDA
// headers, so plain C++ code (tests, benchmarks, model/) can include it and compile with g++.
#include <memory>

#include "kernels/common/neighbor_view.hpp"
#include "kernels/common/pair_lj.hpp"
#include "kernels/common/pair_sums.hpp"

namespace mdb {

/// Lennard-Jones forces on the GPU from a FULL neighbour list, one thread per local atom. Each
/// thread sums the forces on its own atom only (no writes to neighbours, hence no atomics and
/// bit-identical forces from call to call); ghost neighbours are read like local ones, so the
/// result equals the CPU half-list forces after Halo::fold_forces.
///
/// Keeps its device buffers between calls and reallocates only when an input outgrows them.
/// Not thread-safe; uses the current CUDA device and the legacy default stream.
class LjForceCuda {
 public:
  LjForceCuda();
  ~LjForceCuda();
  LjForceCuda(LjForceCuda&&) noexcept;
  LjForceCuda& operator=(LjForceCuda&&) noexcept;
  LjForceCuda(const LjForceCuda&) = delete;
  LjForceCuda& operator=(const LjForceCuda&) = delete;

  /// Copies the list, positions, species and the n_species x n_species `table` (row-major, as
  /// LennardJones<double>::table()) to the device, runs the kernel and writes the force on each
  /// local atom to fx/fy/fz (n_local entries each, overwritten). Returns energy and virial with
  /// each full-list pair counted once (factor 1/2), LAMMPS order xx yy zz xy xz yz.
  /// Throws std::invalid_argument on inconsistent input (null arrays, bad offsets, out-of-range
  /// neighbour or species indices) and std::runtime_error when a CUDA call fails.
  PairSums compute(const NeighborView& full_list, const LjPair<double>* table, int n_species,
                   double* fx, double* fy, double* fz);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb
