#pragma once
// Independent oracles for the lattice tests: membership from the lattices' definitions, the tie
// direction from its definition (sqrt of primes), and brute-force nearest points by enumerating
// every lattice point near the input. Nothing here calls the code under test.
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace mdb::hnlq::testing {

/// Coset's tie dither direction u_c = frac(sqrt(p_c)) - 1/2, in double, from its definition.
inline std::array<double, 8> tie_dither_direction() {
  const int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
  std::array<double, 8> u{};
  for (int c = 0; c < 8; ++c) {
    const double s = std::sqrt(static_cast<double>(primes[c]));
    u[c] = s - std::floor(s) - 0.5;
  }
  return u;
}

/// Whether Y (= kScale y) is a point of the lattice with dimension n: Z2 any integers; D4 even
/// coordinate sum; E8 (doubled) all coordinates of one parity and sum(y) even.
inline bool is_lattice_point(int n, const int* y) {
  long sum = 0;
  for (int c = 0; c < n; ++c) sum += y[c];
  if (n == 2) return true;
  if (n == 4) return sum % 2 == 0;
  for (int c = 1; c < n; ++c) {
    if (((y[c] - y[0]) % 2) != 0) return false;
  }
  return sum % 4 == 0;  // sum(2y) = 2 sum(y), and sum(y) must be even
}

inline int lattice_scale(int n) {
  return n == 8 ? 2 : 1;
}

/// Every lattice point (as Y = kScale y) with |y_c - x_c| <= 1 for all c: a superset of the
/// points within distance 1 of x, which holds the nearest point of Z2, D4 and E8 (covering
/// radii sqrt(2)/2, 1, 1).
inline std::vector<std::vector<int>> lattice_points_near(int n, const std::vector<double>& x) {
  const int scale = lattice_scale(n);
  std::vector<int> lo(n), hi(n);
  for (int c = 0; c < n; ++c) {
    lo[c] = static_cast<int>(std::ceil((x[c] - 1.0) * scale));
    hi[c] = static_cast<int>(std::floor((x[c] + 1.0) * scale));
  }
  std::vector<std::vector<int>> out;
  std::vector<int> y(lo);
  while (true) {
    if (is_lattice_point(n, y.data())) out.push_back(y);
    int c = 0;
    while (c < n && ++y[c] > hi[c]) {
      y[c] = lo[c];
      ++c;
    }
    if (c == n) break;
  }
  return out;
}

/// Squared distance from x to the point Y / scale.
inline double squared_distance(const std::vector<double>& x, const std::vector<int>& y, int scale) {
  double d = 0;
  for (std::size_t c = 0; c < x.size(); ++c) {
    const double e = x[c] - static_cast<double>(y[c]) / scale;
    d += e * e;
  }
  return d;
}

/// The nearest lattice point to p / q for a lattice point p (both as Y = kScale y), exactly: the
/// squared distances are the integers sum (P_c - q Y_c)^2, and among equally near points the one
/// with the largest u.y wins - the nearest point to p/q + eps u for a vanishing eps > 0.
inline std::vector<int> brute_force_nearest_of_quotient(int n, const std::vector<int>& p, int q) {
  const int scale = lattice_scale(n);
  std::vector<double> x(n);
  for (int c = 0; c < n; ++c) x[c] = static_cast<double>(p[c]) / (scale * q);
  const auto u = tie_dither_direction();
  std::vector<int> best;
  long best_d = std::numeric_limits<long>::max();
  double best_u = 0;
  for (const auto& y : lattice_points_near(n, x)) {
    long d = 0;
    double uy = 0;
    for (int c = 0; c < n; ++c) {
      const long e = static_cast<long>(p[c]) - static_cast<long>(q) * y[c];
      d += e * e;
      uy += u[c] * y[c];
    }
    if (d < best_d || (d == best_d && uy > best_u)) {
      best = y;
      best_d = d;
      best_u = uy;
    }
  }
  return best;
}

/// The smallest squared distance from x to the lattice.
inline double brute_force_min_distance(int n, const std::vector<double>& x) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& y : lattice_points_near(n, x)) {
    best = std::min(best, squared_distance(x, y, lattice_scale(n)));
  }
  return best;
}

/// Normalised second moments G of Z^n, D4 and E8 (Conway & Sloane, SPLAG, table 2.3).
inline double known_second_moment(int n) {
  return n == 2 ? 1.0 / 12.0 : (n == 4 ? 0.0766032 : 0.0716821);
}

}  // namespace mdb::hnlq::testing
