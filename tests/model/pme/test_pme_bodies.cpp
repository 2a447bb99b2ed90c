// The PME bodies per charge (kernels/common/pme_bodies.hpp) against the B-spline's closed form.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "kernels/common/pme_bodies.hpp"

namespace mdb {
namespace {

/// The cardinal B-spline by its closed form (Schoenberg):
///   M_n(x) = 1/(n-1)! sum_{k=0}^{n} (-1)^k C(n, k) max(x - k, 0)^(n-1),
/// independent of the recursion the bodies use. In long double: the alternating sum cancels
/// (order 8 loses three digits).
long double bspline_closed_form(int n, long double x) {
  long double sum = 0.0L, binom = 1.0L, fact = 1.0L;
  for (int k = 1; k < n; ++k) fact *= k;
  for (int k = 0; k <= n; ++k) {
    if (k > 0) binom = binom * (n - k + 1) / k;
    const long double t = x - k;
    if (t > 0.0L) sum += ((k % 2 == 0) ? 1.0L : -1.0L) * binom * std::pow(t, n - 1);
  }
  return sum / fact;
}

TEST(PmeBodies, WeightsAreTheBsplineAtTheirPoints) {
  for (int p = kPmeMinOrder; p <= kPmeMaxOrder; ++p) {
    for (double frac : {0.0, 0.1, 0.37, 0.5, 0.83, 0.999}) {
      double w[kPmeMaxOrder], dw[kPmeMaxOrder];
      pme_bspline_weights(frac, p, w, dw);
      double sum = 0.0, dsum = 0.0;
      for (int t = 0; t < p; ++t) {
        const long double x = frac + p - 1 - t;
        EXPECT_NEAR(w[t], static_cast<double>(bspline_closed_form(p, x)), 2e-15)
            << "p " << p << " frac " << frac;
        // M_3'' jumps at the knots, where a central difference is off by O(h).
        if (p > 3 || frac != 0.0) {
          const long double h = 1e-5L;
          const double d_fd = static_cast<double>(
              (bspline_closed_form(p, x + h) - bspline_closed_form(p, x - h)) / (2 * h));
          EXPECT_NEAR(dw[t], d_fd, 1e-9) << "p " << p << " frac " << frac << " t " << t;
        }
        sum += w[t];
        dsum += dw[t];
      }
      EXPECT_NEAR(sum, 1.0, 1e-15);  // a partition of unity
      EXPECT_NEAR(dsum, 0.0, 1e-15);
    }
  }
}

TEST(PmeBodies, WeightsReproduceLinearFunctions) {
  // sum_k k M_p(u - k) = u - p/2: B-splines have their centre at p/2 and keep a charge's
  // position as the grid's first moment. Point t is the periodic point first - (p - 1) + t.
  for (int p = kPmeMinOrder; p <= kPmeMaxOrder; ++p) {
    for (double u : {12.0, 12.25, 17.9}) {
      PmeSplineAxis s;
      pme_spline_axis(u, 64, p, s);
      double moment = 0.0;
      for (int t = 0; t < p; ++t) moment += (s.first - (p - 1) + t) * s.w[t];
      EXPECT_NEAR(moment, u - 0.5 * p, 1e-13) << "p " << p << " u " << u;
    }
  }
}

TEST(PmeBodies, ExtendedPointsStandForPeriodicOnes) {
  PmeSplineAxis s;
  pme_spline_axis(0.3, 10, 4, s);
  EXPECT_EQ(s.first, 0);  // extended points 0..3: periodic 7, 8, 9, 0
  EXPECT_EQ(pme_periodic_index(s.first, 10, 4), 7);
  EXPECT_EQ(pme_periodic_index(s.first + 3, 10, 4), 0);
  EXPECT_NEAR(s.w[3], static_cast<double>(bspline_closed_form(4, 0.3L)), 1e-15);
  pme_spline_axis(10.0, 10, 4, s);  // the upper face is the lower one
  EXPECT_EQ(s.first, 0);
  EXPECT_NEAR(s.w[3], 0.0, 1e-15);
  EXPECT_NEAR(s.w[2], 1.0 / 6.0, 1e-15);
  pme_spline_axis(9.5, 10, 4, s);  // the last extended point, 12 = 10 + 4 - 2
  EXPECT_EQ(s.first + 3, pme_extended_size(10, 4) - 1);
  EXPECT_EQ(pme_periodic_index(s.first + 3, 10, 4), 9);
}

TEST(PmeBodies, SplineOfCoordinateWrapsPositionsOutsideTheBox) {
  const OrthoBoxView box{{-2.0, 0.0, 0.0}, {10.0, 10.0, 10.0}, {0.1, 0.1, 0.1}};
  PmeSplineAxis inside, outside;
  pme_spline_of_coordinate<5>(box, 0, 1.37, 20, inside);
  pme_spline_of_coordinate<5>(box, 0, 1.37 - 30.0, 20, outside);
  EXPECT_EQ(inside.first, outside.first);
  for (int t = 0; t < 5; ++t) EXPECT_NEAR(inside.w[t], outside.w[t], 1e-12);
}

/// A periodic nx x ny x nz grid and its extended twin for order P.
template <int P>
struct GridPair {
  int nx, ny, nz, ex, ey, ez;
  std::vector<double> periodic, extended;
  GridPair(int x, int y, int z)
      : nx(x),
        ny(y),
        nz(z),
        ex(pme_extended_size(x, P)),
        ey(pme_extended_size(y, P)),
        ez(pme_extended_size(z, P)),
        periodic(x * y * z, 0.0),
        extended(ex * ey * ez, 0.0) {}
  std::size_t periodic_of(int i, int j, int k) const {
    return (static_cast<std::size_t>(pme_periodic_index(i, nx, P)) * ny +
            pme_periodic_index(j, ny, P)) *
               nz +
           pme_periodic_index(k, nz, P);
  }
  std::size_t extended_at(int i, int j, int k) const {
    return (static_cast<std::size_t>(i) * ey + j) * ez + k;
  }
  void fold() {  // extended -> periodic, summed
    std::fill(periodic.begin(), periodic.end(), 0.0);
    for (int i = 0; i < ex; ++i)
      for (int j = 0; j < ey; ++j)
        for (int k = 0; k < ez; ++k)
          periodic[periodic_of(i, j, k)] += extended[extended_at(i, j, k)];
  }
  void unfold() {  // periodic -> extended, copied
    for (int i = 0; i < ex; ++i)
      for (int j = 0; j < ey; ++j)
        for (int k = 0; k < ez; ++k)
          extended[extended_at(i, j, k)] = periodic[periodic_of(i, j, k)];
  }
};

TEST(PmeBodies, SpreadPutsTheWholeChargeOnTheGrid) {
  constexpr int p = 6;
  GridPair<p> g(10, 11, 12);
  PmeSplineAxis sx, sy, sz;
  pme_spline_axis<p>(9.6, g.nx, sx);  // wraps on every axis
  pme_spline_axis<p>(0.2, g.ny, sy);
  pme_spline_axis<p>(11.99, g.nz, sz);
  pme_spread_charge<p>(g.extended.data(), g.ey, g.ez, -0.82, sx, sy, sz);
  g.fold();
  double sum = 0.0;
  int nonzero = 0;
  for (double v : g.periodic) {
    sum += v;
    nonzero += v != 0.0;
  }
  EXPECT_NEAR(sum, -0.82, 1e-15);
  EXPECT_EQ(nonzero, p * p * p);
}

TEST(PmeBodies, GatherIsTheGradientOfTheInterpolatedGrid) {
  constexpr int p = 4;
  GridPair<p> psi(12, 10, 14);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (double& v : psi.periodic) v = uni(rng);
  psi.unfold();
  // phi(u) = sum_k prod_a M_p(u_a - k_a) psi(k): a unit charge's spread weights read back.
  auto phi = [&](double ux, double uy, double uz) {
    GridPair<p> unit(psi.nx, psi.ny, psi.nz);
    PmeSplineAxis sx, sy, sz;
    pme_spline_axis<p>(ux, unit.nx, sx);
    pme_spline_axis<p>(uy, unit.ny, sy);
    pme_spline_axis<p>(uz, unit.nz, sz);
    pme_spread_charge<p>(unit.extended.data(), unit.ey, unit.ez, 1.0, sx, sy, sz);
    unit.fold();
    double s = 0.0;
    for (std::size_t k = 0; k < unit.periodic.size(); ++k) s += unit.periodic[k] * psi.periodic[k];
    return s;
  };
  for (const auto& u :
       {std::array<double, 3>{3.3, 9.7, 0.45}, std::array<double, 3>{11.8, 0.1, 13.9}}) {
    PmeSplineAxis sx, sy, sz;
    pme_spline_axis<p>(u[0], psi.nx, sx);
    pme_spline_axis<p>(u[1], psi.ny, sy);
    pme_spline_axis<p>(u[2], psi.nz, sz);
    const PmeGridGradient g =
        pme_gather_gradient<p>(psi.extended.data(), psi.ey, psi.ez, sx, sy, sz);
    const double h = 1e-6;
    EXPECT_NEAR(g.gx, (phi(u[0] + h, u[1], u[2]) - phi(u[0] - h, u[1], u[2])) / (2 * h), 1e-8);
    EXPECT_NEAR(g.gy, (phi(u[0], u[1] + h, u[2]) - phi(u[0], u[1] - h, u[2])) / (2 * h), 1e-8);
    EXPECT_NEAR(g.gz, (phi(u[0], u[1], u[2] + h) - phi(u[0], u[1], u[2] - h)) / (2 * h), 1e-8);
  }
}

TEST(PmeBodies, ModulusDenominatorOfOrderFourIsItsClosedForm) {
  // 1/6 + 2/3 e^{i theta} + 1/6 e^{2 i theta} = e^{i theta} (2/3 + cos(theta)/3).
  const int k = 20;
  for (int m = 0; m < k; ++m) {
    const double c = (2.0 + std::cos(2.0 * std::numbers::pi * m / k)) / 3.0;
    EXPECT_NEAR(pme_bspline_modulus_denominator(m, k, 4), c * c, 1e-15) << m;
  }
}

TEST(PmeBodies, OddOrdersVanishAtTheNyquistIndex) {
  for (int p : {3, 5, 7}) {
    EXPECT_NEAR(pme_bspline_modulus_denominator(8, 16, p), 0.0, 1e-30) << p;
    EXPECT_GT(pme_bspline_modulus_denominator(7, 16, p), 1e-3) << p;
  }
}

TEST(PmeBodies, SignedIndexFoldsTheUpperHalf) {
  EXPECT_EQ(pme_signed_index(0, 10), 0);
  EXPECT_EQ(pme_signed_index(5, 10), 5);
  EXPECT_EQ(pme_signed_index(6, 10), -4);
  EXPECT_EQ(pme_signed_index(4, 9), 4);
  EXPECT_EQ(pme_signed_index(5, 9), -4);
}

TEST(PmeBodies, SolvePointScalesByTheInfluenceFunction) {
  // G(m) = ke/(pi V) exp(-pi^2 m^2/beta^2) |b|^2 / m^2 for one wave vector, written out here.
  const double beta = 0.3, mx = 0.1, my = -0.05, mz = 0.2, bsq = 1.7, pref = 0.02;
  const double m2 = mx * mx + my * my + mz * mz;
  const double g =
      pref * std::exp(-std::numbers::pi * std::numbers::pi * m2 / (beta * beta)) * bsq / m2;
  const double gauss =
      pme_axis_gaussian(mx, beta) * pme_axis_gaussian(my, beta) * pme_axis_gaussian(mz, beta);
  double re = 2.0, im = -1.0;
  PmeSolveSums acc{};
  pme_solve_point(re, im, mx, my, mz, gauss * bsq, pref, beta, 2.0, true, acc);
  EXPECT_NEAR(re, 2.0 * g, 1e-15);
  EXPECT_NEAR(im, -1.0 * g, 1e-15);
  EXPECT_NEAR(acc.energy, 0.5 * 2.0 * g * 5.0, 1e-15);
  // The trace of delta - 2 (1 + pi^2 m^2/beta^2) m m/m^2 is 1 - 2 pi^2 m^2/beta^2.
  const double trace = acc.virial[0] + acc.virial[1] + acc.virial[2];
  EXPECT_NEAR(trace,
              acc.energy * (1.0 - 2.0 * std::numbers::pi * std::numbers::pi * m2 / (beta * beta)),
              1e-14);
  PmeSolveSums zero{};
  re = 1.0;
  im = 1.0;
  pme_solve_point(re, im, 0.0, 0.0, 0.0, 1.0, pref, beta, 1.0, true, zero);
  EXPECT_EQ(re, 0.0);
  EXPECT_EQ(im, 0.0);
  EXPECT_EQ(zero.energy, 0.0);
}

}  // namespace
}  // namespace mdb
