#include "bench/nn_stages.hpp"

#include <Eigen/Core>
#include <algorithm>

#include "md/phase_timer.hpp"
#include "model/nnp/nn_potential.hpp"

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
  return true;
}

}  // namespace

void reset_nn_stages(ForceField& ff) {
  if (auto* f = dynamic_cast<NnPotential<float>*>(&ff)) f->reset_stage_times();
  if (auto* d = dynamic_cast<NnPotential<double>*>(&ff)) d->reset_stage_times();
}

void add_nn_stages(const ForceField& ff, double steps, NnBreakdown& out) {
  if (!add_from<float>(ff, steps, out)) add_from<double>(ff, steps, out);
}

double fp32_gemm_peak_gflops() {
  static const double peak = [] {
    constexpr int n = 1024;
    const Eigen::MatrixXf a = Eigen::MatrixXf::Random(n, n), b = Eigen::MatrixXf::Random(n, n);
    Eigen::MatrixXf c(n, n);
    double best = 0.0;
    for (int rep = 0; rep < 4; ++rep) {
      const auto t0 = PhaseTimer::now();
      c.noalias() = a * b;
      const double s = static_cast<double>(PhaseTimer::now() - t0) * PhaseTimer::seconds_per_tick();
      best = std::max(best, 2.0 * n * n * n / s / 1e9);
    }
    return best;
  }();
  return peak;
}

}  // namespace mdb::bench
