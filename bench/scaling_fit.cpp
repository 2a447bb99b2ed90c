#include "bench/scaling_fit.hpp"

#include <cmath>

namespace mdb::bench {
namespace {

struct LeastSquares {
  double coef = 0.0;
  double rms = 0.0;  // root mean square of the residuals over the mean time
};

// The coefficient minimising the squared residuals of time = coef * n.
LeastSquares fit_linear(const std::vector<double>& n, const std::vector<double>& time) {
  double nn = 0.0, sum_time = 0.0, time_n = 0.0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    nn += n[i] * n[i];
    sum_time += time[i];
    time_n += time[i] * n[i];
  }
  LeastSquares fit;
  fit.coef = time_n / nn;
  double residuals = 0.0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const double r = time[i] - fit.coef * n[i];
    residuals += r * r;
  }
  const double count = static_cast<double>(n.size());
  fit.rms = std::sqrt(residuals / count) / (sum_time / count);
  return fit;
}

}  // namespace

void ScalingFit::add(const std::vector<Run>& runs) {
  for (const Run& r : runs) {
    if (r.run_type == Run::RT_Iteration && !r.error_occurred && r.iterations > 0) {
      runs_.push_back(r);
      runs_.back().memory_result = nullptr;  // points into a runner gone by the time of the fit
    }
  }
}

std::vector<ScalingFit::Run> ScalingFit::rows() const {
  if (runs_.size() < 2) return {};
  std::vector<double> n, real, cpu;
  for (const Run& r : runs_) {
    n.push_back(static_cast<double>(r.complexity_n));
    real.push_back(r.real_accumulated_time / static_cast<double>(r.iterations));
    cpu.push_back(r.cpu_accumulated_time / static_cast<double>(r.iterations));
  }
  const LeastSquares fit_real = fit_linear(n, real);
  const LeastSquares fit_cpu = fit_linear(n, cpu);
  const Run& first = runs_.front();
  auto name = first.run_name;
  name.args.clear();  // as Google Benchmark reports a fit: under the family's name

  // The fields ComputeBigO sets; the rest keep Run's defaults, as there (the BigO row's time
  // unit among them).
  auto aggregate = [&](const char* what) {
    Run r;
    r.run_name = name;
    r.family_index = first.family_index;
    r.per_family_instance_index = first.per_family_instance_index;
    r.run_type = Run::RT_Aggregate;
    r.aggregate_name = what;
    r.repetitions = first.repetitions;
    r.repetition_index = Run::no_repetition_index;
    r.threads = first.threads;
    r.report_label = first.report_label;
    r.iterations = 0;
    r.complexity = benchmark::oN;
    return r;
  };
  Run big_o = aggregate("BigO");
  big_o.aggregate_unit = benchmark::StatisticUnit::kTime;
  big_o.real_accumulated_time = fit_real.coef;
  big_o.cpu_accumulated_time = fit_cpu.coef;
  big_o.report_big_o = true;
  // A relative figure: divided by the unit's factor that reporters multiply times by.
  Run rms = aggregate("RMS");
  rms.aggregate_unit = benchmark::StatisticUnit::kPercentage;
  rms.time_unit = first.time_unit;
  const double multiplier = benchmark::GetTimeUnitMultiplier(first.time_unit);
  rms.real_accumulated_time = fit_real.rms / multiplier;
  rms.cpu_accumulated_time = fit_cpu.rms / multiplier;
  rms.report_rms = true;
  return {big_o, rms};
}

}  // namespace mdb::bench
