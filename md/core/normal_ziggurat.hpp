#pragma once
// The ziggurat of the standard normal density (Marsaglia & Tsang, J. Stat. Softw. 5(8), 2000;
// 256 layers), which Rng::normal() samples through: 98.5 % of draws cost one 64-bit random number,
// a table read and a multiply, where Box-Muller costs a logarithm, a sine and a cosine per pair.
#include <cmath>

namespace mdb {

/// The normal density without its 1/sqrt(2 pi): the ziggurat's layers and its wedge test both
/// read this one.
inline double ziggurat_density(double x) {
  return std::exp(-0.5 * x * x);
}

struct NormalZiggurat {
  static constexpr int kLayers = 256;
  /// r: where the base layer's tail begins (the 256-layer value).
  static constexpr double kTailStart = 3.6541528853610088;

  /// Right edges of the layers, f(x) = exp(-x^2 / 2) unnormalised: x[0] is the base layer's
  /// width were its tail a rectangle of the same area, x[1] = r, x[kLayers] = 0.
  double x[kLayers + 1];
  /// f(x[i]).
  double f[kLayers + 1];
  /// x[i + 1] / x[i]: a draw u in (-1, 1) of layer i with |u| below it lies under the density.
  double core[kLayers];
  /// The area of every layer (rectangle plus, for the base, the tail beyond r).
  double layer_area;
  /// The top layer's area against the others': 1 when r is right for kLayers layers.
  double closure;
};

/// The tables, computed once from r (thread-safe).
const NormalZiggurat& normal_ziggurat();

}  // namespace mdb
