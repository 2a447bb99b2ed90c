#include "bench/nn_stages.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <type_traits>

#include "md/core/phase_timer.hpp"

namespace mdb::bench {
namespace {

// A model's stages by role into the nn_* breakdown; `calls` is the number of force calls whose
// network FLOPs count.
void add_clocks(const StageClocks& c, double flops_per_call, double calls, bool double_network,
                NnBreakdown& out) {
  out.present = true;
  out.baseline_s += c.seconds(StageRole::Baseline);
  out.descriptor_s += c.seconds(StageRole::Descriptor);
  out.network_s += c.seconds(StageRole::NetworkForward);
  out.network_backward_s += c.seconds(StageRole::NetworkBackward);
  out.descriptor_backward_s += c.seconds(StageRole::DescriptorBackward);
  out.other_s += c.seconds(StageRole::Other);
  out.real_space_s += c.seconds(StageRole::RealSpace);
  out.bonded_s += c.seconds(StageRole::Bonded);
  out.spread_s += c.seconds(StageRole::MeshSpread);
  out.fft_s += c.seconds(StageRole::MeshFft);
  out.solve_s += c.seconds(StageRole::MeshSolve);
  out.gather_s += c.seconds(StageRole::MeshGather);
  out.mesh_points = c.mesh_points;
  out.network_flops += flops_per_call * calls;
  out.double_network = double_network;
}

template <class Peak>
double best_gemm_rate() {
  constexpr int n = 1024;
  const Peak a = Peak::Random(n, n), b = Peak::Random(n, n);
  Peak c(n, n);
  double best = 0.0;
  for (int rep = 0; rep < 4; ++rep) {
    const auto t0 = PhaseTimer::now();
    c.noalias() = a * b;
    const double s = static_cast<double>(PhaseTimer::now() - t0) * PhaseTimer::seconds_per_tick();
    best = std::max(best, 2.0 * n * n * n / s / 1e9);
  }
  return best;
}

// The device split, from kStageSteps extra steps with stage timing on (the host model, bound to
// the same system, says the network's FLOPs per call).
void add_device_stages(Engine& engine, DeviceForce& model, NnBreakdown& out) {
  constexpr long kStageSteps = 20;
  model.reset_stage_times();
  if (!model.set_stage_timing(true)) return;
  for (long k = 0; k < kStageSteps; ++k) engine.step();
  engine.synchronize();
  const StageClocks t = model.stage_times();
  model.set_stage_timing(false);
  const StageClocks host = engine.model(0).stage_times();
  if (t.calls <= 0 || t.empty()) return;
  add_clocks(t, host.network_flops_per_call, static_cast<double>(t.calls), host.double_network,
             out);
}

}  // namespace

void reset_nn_stages(Engine& engine) {
  if (engine.backend() != Backend::Cpu) return;
  for (int r = 0; r < engine.replicas(); ++r) engine.model(r).reset_stage_times();
}

void add_nn_stages(Engine& engine, double steps, bool graph, NnBreakdown& out) {
  if (engine.backend() == Backend::Cpu) {
    for (int r = 0; r < engine.replicas(); ++r) {
      const StageClocks c = engine.model(r).stage_times();
      if (!c.empty()) add_clocks(c, c.network_flops_per_call, steps, c.double_network, out);
    }
    return;
  }
  // A graph replay records no events: no split for those rows.
  if (DeviceForce* model = engine.device_model(); model != nullptr && !graph) {
    add_device_stages(engine, *model, out);
  }
}

double gemm_peak_gflops(bool double_precision) {
  if (double_precision) {
    static const double fp64 = best_gemm_rate<Eigen::MatrixXd>();
    return fp64;
  }
  static const double fp32 = best_gemm_rate<Eigen::MatrixXf>();
  return fp32;
}

}  // namespace mdb::bench
