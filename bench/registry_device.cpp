#include "bench/registry_device.hpp"

#include <string>

#include "md/engine/engine.hpp"

namespace mdb::bench {
namespace {

// What a GPU is for: many replicas of a small system in one launch (the screening use case).
const std::vector<int> kDefaultDeviceReplicas = {1, 64, 1024};

const char* backend_of(bool graph) {
  return graph ? "cuda-graph" : "cuda";
}

}  // namespace

bool cuda_built() {
  return cuda_engine_built();
}

void resolve_device_rows(MdOptions& o) {
  if (o.cuda_device >= 0 && o.cuda != MdOptions::Cuda::Off) {
    try {
      select_cuda_device(o.cuda_device);
    } catch (const std::exception& e) {
      throw OptionError("--md_device=" + std::to_string(o.cuda_device) + ": " + e.what());
    }
  }
  switch (o.cuda) {
    case MdOptions::Cuda::Off:
      o.device_rows = false;
      return;
    case MdOptions::Cuda::On:
      if (!cuda_built()) throw OptionError("--md_cuda=on: md_bench was built without CUDA");
      o.device_rows = true;
      return;
    case MdOptions::Cuda::Auto:
      o.device_rows = cuda_device_usable();
      return;
  }
}

void plan_device_rows(const CaseSpec& c, const MdOptions& o, const std::vector<Ensemble>& ens,
                      const std::vector<int>& step_sizes, const std::vector<int>& traj_sizes,
                      const std::vector<int>& scaling_sizes, const std::vector<int>& batch_sizes,
                      std::vector<PlannedBenchmark>& plan) {
  if (!o.device_rows) return;
  const ModelAbilities can = c.recipe.abilities();  // as case_runs_on(c, Backend::Cuda) reads it
  if (!can.cuda) return;
  const double dt = o.timestep > 0.0 ? o.timestep : c.timestep;
  // Graph rows only for a twin a graph can hold (a TorchScript model waits for the device).
  const std::vector<bool> graphs =
      can.cuda_graph ? std::vector<bool>{false, true} : std::vector<bool>{false};
  auto spec_of = [&](Family f, Ensemble e, int atoms, bool graph) {
    BenchmarkSpec s{f, StateKey{&c, e, atoms, o.seed, dt}};
    s.backend = Backend::Cuda;
    s.graph = graph;
    return s;
  };
  for (Ensemble e : ens) {
    if (e == Ensemble::NPT && !can.cuda_npt) continue;  // the twin keeps its box: CPU only
    for (int n : step_sizes) {
      for (bool graph : graphs) {
        plan.push_back({benchmark_name(Family::Step, e, n, c, backend_of(graph)),
                        spec_of(Family::Step, e, n, graph),
                        {}});
      }
    }
    for (int n : traj_sizes) {
      for (bool graph : graphs) {
        BenchmarkSpec s = spec_of(Family::Trajectory, e, n, graph);
        s.trajectory_steps = trajectory_steps_of(c, o.steps);
        plan.push_back({benchmark_name(Family::Trajectory, e, n, c, backend_of(graph)), s, {}});
      }
    }
    if (!scaling_sizes.empty() && e == ens.front()) {
      for (bool graph : graphs) {
        PlannedBenchmark p{
            scaling_name(e, c, backend_of(graph)), spec_of(Family::Scaling, e, 0, graph), {}};
        for (int n : scaling_sizes) p.sizes.push_back(n);
        plan.push_back(p);
      }
    }
    if (e != ens.front()) continue;  // Batched: the case's first ensemble, as on the CPU
    const std::vector<int>& reps = o.replicas.empty() ? kDefaultDeviceReplicas : o.replicas;
    for (int n : batch_sizes) {
      for (int r : reps) {
        for (bool graph : graphs) {
          BenchmarkSpec s = spec_of(Family::Batched, e, n, graph);
          s.replicas = r;
          plan.push_back({benchmark_name(Family::Batched, e, n, c, backend_of(graph)) +
                              "/replicas:" + std::to_string(r),
                          s,
                          {}});
        }
      }
    }
  }
}

}  // namespace mdb::bench
