#pragma once
// The cuda rows of the plan (registry.cpp calls it per case): which families, sizes and replica
// counts run on the GPU engine.
#include <vector>

#include "bench/registry.hpp"

namespace mdb::bench {

/// Whether md_bench was built with the CUDA engine.
bool cuda_built();

/// Makes --md_device current (OptionError when there is no such device), then turns --md_cuda
/// into options.device_rows: auto = built with CUDA and a GPU usable; on = built (OptionError
/// otherwise: the rows would all be errors); off = none.
void resolve_device_rows(MdOptions& options);

/// Largest system the cuda rows accept (the CPU cases cap at 131,072 atoms: minutes per step on
/// one core, milliseconds on an H100).
inline constexpr int kMaxDeviceAtoms = 1 << 22;

/// Appends case c's cuda rows when o.device_rows and case_runs_on(c, Backend::Cuda): Step at
/// `step_sizes` (the CPU Step sizes, or --md_sizes up to kMaxDeviceAtoms), Trajectory at
/// `traj_sizes` and Scaling at `scaling_sizes`, each as `cuda` (kernels launched one by one) and
/// `cuda-graph` (each step replayed from a CUDA graph), and Batched at `batch_sizes` with
/// --md_replicas or 1, 64 and 1,024 replicas per launch. Every ensemble of the case: NVE, NVT
/// (Langevin) and NPT (Langevin + stochastic cell rescaling).
void plan_device_rows(const CaseSpec& c, const MdOptions& o, const std::vector<Ensemble>& ens,
                      const std::vector<int>& step_sizes, const std::vector<int>& traj_sizes,
                      const std::vector<int>& scaling_sizes, const std::vector<int>& batch_sizes,
                      std::vector<PlannedBenchmark>& plan);

}  // namespace mdb::bench
