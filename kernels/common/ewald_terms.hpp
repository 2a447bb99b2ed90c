#pragma once
// Ewald splitting of the Coulomb interaction on plain values, shared by the CPU loops and a CUDA
// kernel: no allocation, no exception. Units (metal): r in Angstrom, charges in e, the Coulomb
// constant ke in eV*Angstrom/e^2 (LAMMPS's qqr2e, md/core/units.hpp kCoulombMetal), beta in
// 1/Angstrom, energies in eV, f_over_r in eV/Angstrom^2.
//
// With splitting parameter beta, 1/r = erfc(beta r)/r + erf(beta r)/r. The first part is summed
// in real space within a cutoff; the second, smooth everywhere, in reciprocal space over all
// pairs and all images (PME, model/pme/), including each charge with itself (the self term)
// and the pairs that the real-space sum excludes (the excluded-pair correction removes them).
// Total electrostatic energy of a neutral periodic system with tin-foil boundaries:
//   E = sum_{i<j, not excluded, images} ke qi qj erfc(beta r)/r        (ewald_real_pair)
//     + E_reciprocal                                                  (model/pme/pme.hpp)
//     - sum_{i<j excluded} ke qi qj erf(beta r)/r                      (ewald_excluded_pair)
//     - sum_i ke beta/sqrt(pi) qi^2                                    (ewald_self_energy)
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// 2 / sqrt(pi).
inline constexpr double kTwoOverSqrtPi = 1.1283791670955125738961589031215452;

/// One pair's energy (eV) and f_over_r = -E'(r)/r (eV/Angstrom^2): the force on i is
/// f_over_r (r_i - r_j), on j its opposite.
struct EwaldPairTerm {
  double energy;
  double f_over_r;
};

/// Real-space pair term for ke_qq = ke qi qj (eV*Angstrom) at squared distance r2 > 0:
///   E = ke qi qj erfc(beta r)/r
///   f_over_r = ke qi qj [erfc(beta r)/r + 2 beta/sqrt(pi) exp(-beta^2 r^2)] / r^2
MDB_HD inline EwaldPairTerm ewald_real_pair(double ke_qq, double beta, double r2) {
  const double r = std::sqrt(r2);
  const double rinv = 1.0 / r;
  const double e = ke_qq * std::erfc(beta * r) * rinv;
  const double g = ke_qq * kTwoOverSqrtPi * beta * std::exp(-beta * beta * r2);
  return {e, (e + g) * rinv * rinv};
}

/// Below this beta r the excluded-pair correction takes its series: the closed form's
/// f_over_r subtracts two terms of size beta/r^2 whose difference is of size beta^3, losing
/// about (beta r)^-2 in relative accuracy (10^-14 at 0.1).
inline constexpr double kEwaldExcludedSeriesBelow = 0.1;

/// Excluded-pair correction for ke_qq = ke qi qj at squared distance r2 >= 0: removes the
/// reciprocal sum's share of a pair the real-space sum leaves out (within a molecule), and is
/// finite at r = 0:
///   E = -ke qi qj erf(beta r)/r                     -> -ke qi qj 2 beta/sqrt(pi) at r = 0
///   f_over_r = ke qi qj [2 beta/sqrt(pi) exp(-beta^2 r^2)/r^2 - erf(beta r)/r^3]
///            -> -ke qi qj 4 beta^3 / (3 sqrt(pi)) at r = 0
/// For x = beta r < kEwaldExcludedSeriesBelow both come from the Taylor series of
///   erf(x)/x = 2/sqrt(pi) sum_n (-1)^n x^2n / (n! (2n+1)).
MDB_HD inline EwaldPairTerm ewald_excluded_pair(double ke_qq, double beta, double r2) {
  const double x2 = beta * beta * r2;
  if (x2 < kEwaldExcludedSeriesBelow * kEwaldExcludedSeriesBelow) {
    // g(x) = erf(x)/x and g'(x)/x as power series in x^2; six terms reach 10^-17 at x = 0.1.
    double g = 0.0, dg_over_x = 0.0, power = 1.0, factorial = 1.0;
    for (int n = 0; n < 7; ++n) {
      if (n > 0) factorial *= n;
      const double sign = (n % 2 == 0) ? 1.0 : -1.0;
      g += sign * power / (factorial * (2 * n + 1));
      // d/dx x^2n = 2n x^(2n-1): divided by x, the term of g'(x)/x is 2n x^(2n-2).
      if (n + 1 < 7) {
        const double f1 = factorial * (n + 1);
        dg_over_x -= sign * 2.0 * (n + 1) * power / (f1 * (2 * n + 3));
      }
      power *= x2;
    }
    const double b = ke_qq * kTwoOverSqrtPi * beta;
    return {-b * g, b * beta * beta * dg_over_x};
  }
  const double r = std::sqrt(r2);
  const double rinv = 1.0 / r;
  const double e = -ke_qq * std::erf(beta * r) * rinv;
  const double g = ke_qq * kTwoOverSqrtPi * beta * std::exp(-x2);
  return {e, (g + e) * rinv * rinv};
}

/// Self energy of one charge q (e): -ke beta/sqrt(pi) q^2 (eV). The reciprocal sum includes each
/// Gaussian's interaction with its own point charge; this removes it.
MDB_HD inline double ewald_self_energy(double ke, double beta, double q) {
  return -ke * beta * (0.5 * kTwoOverSqrtPi) * q * q;
}

/// The splitting parameter beta (1/Angstrom) at which the real-space potential at the cutoff has
/// fallen to a fraction rtol of the bare one: erfc(beta rc) = rtol (GROMACS's ewald-rtol rule,
/// calc_ewaldcoeff_q, solved here by bisection on x = beta rc to a 2^-60 relative bracket; beta
/// depends on rc and rtol only through x). rc > 0 and 0 < rtol < 1; returns NaN otherwise.
/// GROMACS's default (rc 1 nm, rtol 1e-5) gives its logged "Gaussian width (1/beta) 0.320163 nm".
inline double ewald_beta_for_rtol(double rc, double rtol) {
  if (!(rc > 0.0) || !(rtol > 0.0 && rtol < 1.0) || !std::isfinite(rc)) return std::nan("");
  // erfc(x) falls below any rtol > 1e-300 before x = 27; doubling finds the bracket quickly.
  double hi = 1.0;
  while (std::erfc(hi) > rtol && hi < 64.0) hi *= 2.0;
  double lo = 0.0;
  for (int k = 0; k < 200 && hi - lo > hi * 0x1p-60; ++k) {
    const double mid = 0.5 * (lo + hi);
    (std::erfc(mid) > rtol ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi) / rc;
}

}  // namespace mdb
