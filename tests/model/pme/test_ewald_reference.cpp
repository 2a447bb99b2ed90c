// The tests' plain Ewald sum (ewald_reference.hpp) against a published constant and against
// itself: the NaCl Madelung constant, independence of beta, forces and virial by finite
// differences. With it, the excluded-pair correction and the self term of ewald_terms.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "kernels/common/ewald_terms.hpp"
#include "md/core/units.hpp"
#include "tests/model/pme/ewald_reference.hpp"

namespace mdb::testing {
namespace {

constexpr double kKe = kCoulombMetal;
/// NaCl's Madelung constant (OEIS A085469).
constexpr double kMadelungNaCl = 1.747564594633182190636;

double ewald_total(const Cell& cell, const Charges& c, double beta) {
  return ewald_real_sum(cell, c, beta, kKe).energy +
         ewald_reciprocal_sum(cell, c, beta, kKe).energy + ewald_self_sum(c, beta, kKe);
}

TEST(EwaldReference, RockSaltEnergyIsTheMadelungConstant) {
  const double a = 5.64;  // NaCl's lattice constant, Angstrom
  const Charges c = rock_salt(a, 1);
  // Per ion pair: -M ke q^2 / r0, r0 = a/2 the nearest-neighbour distance; 4 pairs in the cell.
  const double expected = -4.0 * kMadelungNaCl * kKe / (0.5 * a);
  for (double beta : {0.4, 0.7, 1.1}) {
    const double e = ewald_total(ortho_cell(a, a, a), c, beta);
    EXPECT_NEAR(e / expected, 1.0, 1e-12) << "beta " << beta;
  }
}

TEST(EwaldReference, ReciprocalForcesAndVirialAreEnergyDerivatives) {
  const Charges c = random_neutral_charges(12, {9.0, 10.0, 11.0}, 3);
  const double beta = 0.45;
  const Cell cell = ortho_cell(9.0, 10.0, 11.0);
  const EwaldPart rec = ewald_reciprocal_sum(cell, c, beta, kKe);
  const double h = 1e-5;
  for (std::size_t i : {0u, 5u, 11u}) {
    Charges plus = c, minus = c;
    plus.y[i] += h;
    minus.y[i] -= h;
    const double fd = -(ewald_reciprocal_sum(cell, plus, beta, kKe).energy -
                        ewald_reciprocal_sum(cell, minus, beta, kKe).energy) /
                      (2 * h);
    EXPECT_NEAR(rec.fy[i], fd, 1e-8 * std::abs(fd) + 1e-9) << i;
  }
  // W_xy = -dE/de for x -> x + e y of cell and atoms (a shear: the general cell at work).
  auto sheared = [&](double e) {
    Cell s = cell;
    for (auto& row : s) row[0] += e * row[1];
    Charges d = c;
    for (std::size_t i = 0; i < d.size(); ++i) d.x[i] += e * d.y[i];
    return ewald_reciprocal_sum(s, d, beta, kKe).energy;
  };
  const double w_xy = -(sheared(h) - sheared(-h)) / (2 * h);
  EXPECT_NEAR(rec.virial[3], w_xy, 1e-7 * std::abs(rec.energy));
}

TEST(EwaldReference, ExcludedPairsAreTheFullSumLessTheirBareCoulomb) {
  // Two "molecules" of three charges each; pairs inside a molecule are excluded. The real-space
  // sum leaves them out, ewald_excluded_pair removes their reciprocal part: the total must be
  // the full Ewald energy less ke qi qj / r of each excluded pair, for any beta.
  Charges c;
  const double pos[6][3] = {{1.0, 1.0, 1.0}, {1.9, 1.3, 1.1}, {0.7, 1.8, 0.6},
                            {5.0, 4.0, 6.0}, {5.8, 4.6, 6.2}, {4.4, 4.1, 6.9}};
  const double q[6] = {-0.82, 0.41, 0.41, -0.82, 0.41, 0.41};
  for (int i = 0; i < 6; ++i) {
    c.x.push_back(pos[i][0]);
    c.y.push_back(pos[i][1]);
    c.z.push_back(pos[i][2]);
    c.q.push_back(q[i]);
  }
  const std::vector<std::pair<int, int>> excl = {{0, 1}, {0, 2}, {1, 2}, {3, 4}, {3, 5}, {4, 5}};
  const Cell cell = ortho_cell(8.0, 8.5, 9.0);
  const double full = ewald_total(cell, c, 0.5);
  double bare = 0.0;
  for (auto [i, j] : excl) {
    const double dx = c.x[i] - c.x[j], dy = c.y[i] - c.y[j], dz = c.z[i] - c.z[j];
    bare += kKe * c.q[i] * c.q[j] / std::sqrt(dx * dx + dy * dy + dz * dz);
  }
  for (double beta : {0.3, 0.5, 0.8}) {
    double e = ewald_real_sum(cell, c, beta, kKe, excl).energy +
               ewald_reciprocal_sum(cell, c, beta, kKe).energy + ewald_self_sum(c, beta, kKe);
    for (auto [i, j] : excl) {
      const double dx = c.x[i] - c.x[j], dy = c.y[i] - c.y[j], dz = c.z[i] - c.z[j];
      e += ewald_excluded_pair(kKe * c.q[i] * c.q[j], beta, dx * dx + dy * dy + dz * dz).energy;
    }
    EXPECT_NEAR(e, full - bare, 1e-11 * std::abs(full - bare)) << "beta " << beta;
  }
}

}  // namespace
}  // namespace mdb::testing
