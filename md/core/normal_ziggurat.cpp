#include "md/core/normal_ziggurat.hpp"

#include <cmath>
#include <numbers>

namespace mdb {
namespace {

NormalZiggurat build() {
  NormalZiggurat z{};
  constexpr int n = NormalZiggurat::kLayers;
  const double r = NormalZiggurat::kTailStart;
  // Each layer's area: the base layer's rectangle under f(r) plus the whole tail beyond r.
  const double v =
      r * ziggurat_density(r) + std::sqrt(0.5 * std::numbers::pi) * std::erfc(r / std::sqrt(2.0));
  z.layer_area = v;
  z.x[0] = v / ziggurat_density(r);
  z.x[1] = r;
  for (int i = 1; i < n - 1; ++i)
    z.x[i + 1] = std::sqrt(-2.0 * std::log(v / z.x[i] + ziggurat_density(z.x[i])));
  z.closure = v / z.x[n - 1] + ziggurat_density(z.x[n - 1]);
  z.x[n] = 0.0;
  for (int i = 0; i <= n; ++i) z.f[i] = ziggurat_density(z.x[i]);
  for (int i = 0; i < n; ++i) z.core[i] = z.x[i + 1] / z.x[i];
  return z;
}

}  // namespace

const NormalZiggurat& normal_ziggurat() {
  static const NormalZiggurat table = build();
  return table;
}

}  // namespace mdb
