#pragma once
// Adam (Kingma & Ba 2015) over parameters scattered through several networks.
#include <cstddef>
#include <span>
#include <vector>

namespace mdb {

/// Adam with beta1 = 0.9, beta2 = 0.999, eps = 1e-8 and bias correction; the learning rate is
/// the caller's per step (a schedule).
class AdamOptimizer {
 public:
  explicit AdamOptimizer(std::size_t parameters) : m_(parameters, 0.0), v_(parameters, 0.0) {}

  /// One step: params[q] moves against grad[q]. Both hold as many entries as the optimizer.
  void step(std::span<double* const> params, std::span<const double> grad, double learning_rate);
  long steps() const { return steps_; }

 private:
  std::vector<double> m_, v_;
  long steps_ = 0;
};

}  // namespace mdb
