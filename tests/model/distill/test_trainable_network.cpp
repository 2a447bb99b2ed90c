// TrainableNetwork: its passes against the production network and finite differences.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "model/distill/trainable_network.hpp"
#include "model/nnp/atomic_network.hpp"

namespace mdb {
namespace {

constexpr double kAlpha = 0.1;

// Inputs with both signs, so CELU's two branches are exercised.
std::vector<double> inputs(int rows, int width, double phase) {
  std::vector<double> x(static_cast<std::size_t>(rows) * width);
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = 1.5 * std::sin(0.7 * k + phase);
  return x;
}

TrainableNetwork network() {
  return TrainableNetwork({5, 7, 6, 1}, kAlpha, 42, 0.5);
}

TEST(TrainableNetwork, EnergiesAndInputGradientMatchTheProductionNetwork) {
  TrainableNetwork net = network();
  const std::vector<double> mean(5, 0.0), scale(5, 1.0);
  AtomicNetwork<double> ref(net.export_layers(mean, scale), kAlpha);
  const int rows = 4;
  const auto x = inputs(rows, 5, 0.3);
  ref.reserve(rows);
  const double ref_sum = ref.forward(x.data(), rows);
  const double* e = net.forward(x.data(), rows);
  double sum = 0.0;
  for (int r = 0; r < rows; ++r) sum += e[r];
  EXPECT_NEAR(sum, ref_sum, 1e-13);
  std::vector<double> g(x.size()), ref_g(x.size());
  net.input_gradient(g.data());
  ref.backward(ref_g.data());
  for (std::size_t k = 0; k < g.size(); ++k) EXPECT_NEAR(g[k], ref_g[k], 1e-13) << k;
}

TEST(TrainableNetwork, TangentIsTheInputGradientAlongTheDirection) {
  TrainableNetwork net = network();
  const int rows = 3;
  const auto x = inputs(rows, 5, 1.1), u = inputs(rows, 5, 2.9);
  net.forward(x.data(), rows);
  std::vector<double> g(x.size());
  net.input_gradient(g.data());
  const double* t = net.tangent(u.data());
  for (int r = 0; r < rows; ++r) {
    double dot = 0.0;
    for (int k = 0; k < 5; ++k) dot += g[r * 5 + k] * u[r * 5 + k];
    EXPECT_NEAR(t[r], dot, 1e-13);
  }
}

// sum_r (a_r E_r + b_r Edot_r) as a function of the parameters, by finite differences.
TEST(TrainableNetwork, AccumulatedGradientMatchesFiniteDifferences) {
  TrainableNetwork net = network();
  const int rows = 3;
  const auto x = inputs(rows, 5, 0.2), u = inputs(rows, 5, 4.0);
  const std::vector<double> a{0.3, -1.2, 0.7}, b{1.5, 0.4, -0.9};
  auto objective = [&] {
    const double* e = net.forward(x.data(), rows);
    double f = 0.0;
    for (int r = 0; r < rows; ++r) f += a[r] * e[r];
    const double* t = net.tangent(u.data());
    for (int r = 0; r < rows; ++r) f += b[r] * t[r];
    return f;
  };
  objective();
  net.zero_gradient();
  net.accumulate(a.data(), b.data());
  const std::vector<double> grad = net.gradient();
  auto& p = net.parameters();
  double worst = 0.0, largest = 0.0;
  for (std::size_t q = 0; q < p.size(); ++q) {
    const double keep = p[q], h = 1e-6;
    p[q] = keep + h;
    const double up = objective();
    p[q] = keep - h;
    const double down = objective();
    p[q] = keep;
    worst = std::max(worst, std::abs((up - down) / (2 * h) - grad[q]));
    largest = std::max(largest, std::abs(grad[q]));
  }
  EXPECT_GT(largest, 0.1);  // the check is not vacuous
  EXPECT_LT(worst, 1e-7 * largest);
}

TEST(TrainableNetwork, ExportFoldsTheStandardisationIntoTheFirstLayer) {
  TrainableNetwork net = network();
  const std::vector<double> mean{0.5, -1.0, 2.0, 0.0, 3.0}, scale{2.0, 0.5, 1.0, 4.0, 0.25};
  AtomicNetwork<double> raw(net.export_layers(mean, scale), kAlpha);
  const int rows = 2;
  const auto g = inputs(rows, 5, 0.9);
  std::vector<double> standard(g.size());
  for (std::size_t k = 0; k < g.size(); ++k) standard[k] = (g[k] - mean[k % 5]) / scale[k % 5];
  const double* e = net.forward(standard.data(), rows);
  raw.reserve(rows);
  EXPECT_NEAR(raw.forward(g.data(), rows), e[0] + e[1], 1e-12);
}

TEST(TrainableNetwork, RejectsAShapeWithoutASingleOutput) {
  EXPECT_THROW(TrainableNetwork({4, 3, 2}, kAlpha, 1, 1.0), std::invalid_argument);
  EXPECT_THROW(TrainableNetwork({4, 0, 1}, kAlpha, 1, 1.0), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
