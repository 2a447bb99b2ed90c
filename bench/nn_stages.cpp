#include "bench/nn_stages.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <type_traits>

#include "md/phase_timer.hpp"
#include "model/dunn/dunn_potential.hpp"
#include "model/nnp/nn_potential.hpp"
#ifdef MDB_HAVE_CUDA
#include "model/cuda/nn_force_device.hpp"
#endif

namespace mdb::bench {
namespace {

template <class Real>
bool add_from(const ForceField& ff, double steps, NnBreakdown& out) {
  const auto* nn = dynamic_cast<const NnPotential<Real>*>(&ff);
  if (!nn) return false;
  out.present = true;
  out.baseline_s += nn->stage_seconds(NnStage::Baseline);
  out.descriptor_s += nn->stage_seconds(NnStage::Descriptor);
  out.network_s += nn->stage_seconds(NnStage::NetworkForward);
  out.network_backward_s += nn->stage_seconds(NnStage::NetworkBackward);
  out.descriptor_backward_s += nn->stage_seconds(NnStage::DescriptorBackward);
  out.other_s += nn->stage_seconds(NnStage::Finish);
  out.network_flops += nn->network_flops_per_call() * steps;
  out.double_network = std::is_same_v<Real, double>;
  return true;
}

// DUNN's network stage is forward and backward through its dense layers at once.
bool add_dunn(const ForceField& ff, double steps, NnBreakdown& out) {
  const auto* dunn = dynamic_cast<const DunnPotential*>(&ff);
  if (!dunn) return false;
  out.present = true;
  out.descriptor_s += dunn->stage_seconds(DunnStage::Descriptor);
  out.network_s += dunn->stage_seconds(DunnStage::Network);
  out.descriptor_backward_s += dunn->stage_seconds(DunnStage::DescriptorBackward);
  out.network_flops += dunn->network_flops_per_call() * steps;
  out.double_network = true;
  return true;
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

#ifdef MDB_HAVE_CUDA
// The device split, from kStageSteps extra steps with stage timing on.
void add_device_stages(Engine& engine, NnForceDevice& nn, NnBreakdown& out) {
  constexpr long kStageSteps = 20;
  const auto* cpu = dynamic_cast<const NnPotential<float>*>(&engine.model(0));
  nn.reset_stage_times();
  nn.set_stage_timing(true);
  for (long k = 0; k < kStageSteps; ++k) engine.step();
  engine.synchronize();
  const NnDeviceStageTimes t = nn.stage_times();
  nn.set_stage_timing(false);
  if (t.calls <= 0 || cpu == nullptr) return;
  out.present = true;
  out.baseline_s = t.baseline;
  out.descriptor_s = t.descriptor;
  out.network_s = t.network;  // forward, output and backward to dE/dAEV: one device stage
  out.descriptor_backward_s = t.descriptor_backward;
  out.network_flops = cpu->network_flops_per_call() * static_cast<double>(t.calls);
}
#endif

}  // namespace

void reset_nn_stages(Engine& engine) {
  if (engine.backend() != Backend::Cpu) return;
  for (int r = 0; r < engine.replicas(); ++r) {
    ForceField& ff = engine.model(r);
    if (auto* f = dynamic_cast<NnPotential<float>*>(&ff)) f->reset_stage_times();
    if (auto* d = dynamic_cast<NnPotential<double>*>(&ff)) d->reset_stage_times();
    if (auto* d = dynamic_cast<DunnPotential*>(&ff)) d->reset_stage_times();
  }
}

void add_nn_stages(Engine& engine, double steps, bool graph, NnBreakdown& out) {
  if (engine.backend() == Backend::Cpu) {
    for (int r = 0; r < engine.replicas(); ++r) {
      const ForceField& ff = engine.model(r);
      if (!add_from<float>(ff, steps, out) && !add_from<double>(ff, steps, out)) {
        add_dunn(ff, steps, out);
      }
    }
    return;
  }
#ifdef MDB_HAVE_CUDA
  if (auto* nn = dynamic_cast<NnForceDevice*>(engine.device_model()); nn != nullptr && !graph) {
    add_device_stages(engine, *nn, out);
  }
#else
  static_cast<void>(graph);
#endif
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
