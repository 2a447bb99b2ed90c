#pragma once
// Stillinger-Weber two- and three-body terms (LAMMPS `pair_style sw`) on plain values, shared by
// the CPU loop (model/stillinger_weber.cpp) and a CUDA kernel: no allocation, no exception.
//
//   E = sum_{i<j} phi2(r_ij) + sum_i sum_{j<k} phi3(r_ij, r_ik, theta_jik)
//   phi2(r) = A eps (B (sigma/r)^p - (sigma/r)^q) exp(sigma / (r - a sigma))
//   phi3 = lambda_ijk eps_ijk (cos theta_jik - cos theta0_ijk)^2
//          exp(gamma_ij sigma_ij / (r_ij - a_ij sigma_ij)) exp(gamma_ik sigma_ik / (r_ik - ...))
// Pair (two-body and radial) constants come from the (ti, tj, tj) entry, the angular ones from
// (ti, tj, tk) and (ti, tk, tj) (see SwTripletCoeffs). Each r must lie within its own pair's
// range.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Constants of one (ti, tj, tj) entry: the two-body term of the species pair and the radial
/// factor that every triplet through such a pair carries. Units: Angstrom, eV.
struct SwPairCoeffs {
  double cutsq;        ///< squared range: (a sigma)^2, shorter when tol > 0 (as LAMMPS)
  double cut;          ///< a sigma, the pole of both exponentials
  double sigma;        ///< two-body exponent numerator: exp(sigma / (r - a sigma))
  double sigma_gamma;  ///< three-body exponent numerator: exp(gamma sigma / (r - a sigma))
  double c_p;          ///< A eps B sigma^p: prefactor of r^-p
  double c_q;          ///< A eps sigma^q: prefactor of r^-q
  double p, q;         ///< the exponents
  int ip, iq;          ///< p and q when integral in [0, 64] (repeated products), else -1 (pow)
};

/// Angular constants of a triplet j-i-k of species (ti, tj, tk): the sum over both orders of
/// the (ti, tj, tk) and (ti, tk, tj) terms, halved, so the term of an unordered pair {j, k}
/// does not depend on neighbour-list order (LAMMPS takes the entry of whichever comes first; the
/// same whenever the two entries agree, as in LAMMPS's files):
///   [le1 (c - c1)^2 + le2 (c - c2)^2] / 2 = lambda_eps ((c - costheta0)^2 + offset)
struct SwTripletCoeffs {
  double lambda_eps;  ///< (le1 + le2) / 2, le = lambda eps
  double costheta0;   ///< (le1 c1 + le2 c2) / (le1 + le2)
  double offset;      ///< le1 le2 (c1 - c2)^2 / (le1 + le2)^2; 0 when the entries agree
};

/// Neighbour j of a centre i, inside the (ti, tj, tj) range: what the two-body term and every
/// triplet through the pair (i, j) reuse, computed once per pair.
struct SwBond {
  double dx, dy, dz;  ///< r_j - r_i
  double rinv;        ///< 1 / r
  double rainv;       ///< 1 / (r - a sigma), negative inside the range
  double expg;        ///< exp(gamma sigma / (r - a sigma))
  double gr;          ///< gamma sigma / ((r - a sigma)^2 r): grad_j expg = -expg gr (r_j - r_i)
};

/// Two-body result: energy phi2 and f_over_r = -phi2'(r) / r, so the force on i is
/// f_over_r (r_i - r_j) and on j its opposite.
struct SwTwoBody {
  double energy;
  double f_over_r;
};

/// Three-body result: energy phi3 and the forces on j and k; the force on i is -(fj + fk).
struct SwThreeBody {
  double energy;
  double fjx, fjy, fjz;
  double fkx, fky, fkz;
};

/// x^n for n >= 0 by repeated squaring (n is small: the exponents of SW files are 0, 4, 12...).
MDB_HD inline double sw_ipow(double x, int n) {
  double r = 1.0;
  while (n > 0) {
    if (n & 1) r *= x;
    x *= x;
    n >>= 1;
  }
  return r;
}

/// An exponent's integer form when it is integral and in [0, 64], else -1.
MDB_HD inline int sw_integral_exponent(double e) {
  return (e >= 0.0 && e <= 64.0 && e == static_cast<double>(static_cast<int>(e)))
             ? static_cast<int>(e)
             : -1;
}

/// Builds the pair constants from a (ti, tj, tj) entry. tol > 0 shortens the range to where
/// the steeper of the two exponentials falls below tol (capped at 0.01), as LAMMPS does; the
/// exponentials keep their pole at a sigma.
MDB_HD inline SwPairCoeffs make_sw_pair_coeffs(double epsilon, double sigma, double a, double gamma,
                                               double big_a, double big_b, double p, double q,
                                               double tol) {
  SwPairCoeffs c{};
  c.cut = a * sigma;
  double range = c.cut;
  if (tol > 0.0) {
    const double t = tol > 0.01 ? 0.01 : tol;
    range += (gamma < 1.0 ? gamma : 1.0) * sigma / std::log(t);
  }
  c.cutsq = range * range;
  c.sigma = sigma;
  c.sigma_gamma = sigma * gamma;
  c.p = p;
  c.q = q;
  c.ip = sw_integral_exponent(p);
  c.iq = sw_integral_exponent(q);
  c.c_p = big_a * epsilon * big_b * std::pow(sigma, p);
  c.c_q = big_a * epsilon * std::pow(sigma, q);
  return c;
}

/// Triplet constants from the (ti, tj, tk) entry (eps1, lambda1, costheta0_1) and the
/// (ti, tk, tj) one (eps2, lambda2, costheta0_2).
MDB_HD inline SwTripletCoeffs make_sw_triplet_coeffs(double eps1, double lambda1, double c1,
                                                     double eps2, double lambda2, double c2) {
  const double le1 = lambda1 * eps1, le2 = lambda2 * eps2;
  if (le1 == le2 && c1 == c2) return {le1, c1, 0.0};  // exactly LAMMPS's arithmetic
  const double sum = le1 + le2;
  if (sum == 0.0) return {0.0, c1, 0.0};
  const double d = c1 - c2;
  return {0.5 * sum, (le1 * c1 + le2 * c2) / sum, le1 * le2 * d * d / (sum * sum)};
}

/// Per-pair quantities for d = r_j - r_i with r2 = |d|^2 < c.cutsq.
MDB_HD inline SwBond sw_bond(const SwPairCoeffs& c, double dx, double dy, double dz, double r2) {
  SwBond b;
  b.dx = dx;
  b.dy = dy;
  b.dz = dz;
  const double r = std::sqrt(r2);
  b.rinv = 1.0 / r;
  b.rainv = 1.0 / (r - c.cut);
  const double x = c.sigma_gamma * b.rainv;
  b.expg = std::exp(x);
  b.gr = x * b.rainv * b.rinv;
  return b;
}

/// phi2 and -phi2'/r for a bond inside the pair's range.
MDB_HD inline SwTwoBody sw_two_body(const SwPairCoeffs& c, const SwBond& b) {
  const double rp = c.ip >= 0 ? sw_ipow(b.rinv, c.ip) : std::pow(b.rinv, c.p);
  const double rq = c.iq >= 0 ? sw_ipow(b.rinv, c.iq) : std::pow(b.rinv, c.q);
  // gamma = 1 makes the two exponentials equal: reuse the bond's.
  const double e = c.sigma == c.sigma_gamma ? b.expg : std::exp(c.sigma * b.rainv);
  const double vp = c.c_p * rp, vq = c.c_q * rq;
  SwTwoBody t;
  t.energy = (vp - vq) * e;
  // -phi2' = [(p vp - q vq) / r + (vp - vq) sigma / (r - a sigma)^2] e
  t.f_over_r =
      ((c.p * vp - c.q * vq) * b.rinv + (vp - vq) * c.sigma * b.rainv * b.rainv) * e * b.rinv;
  return t;
}

/// phi3 for centre i with bonds b1 = (i, j) and b2 = (i, k), and the forces on j and k.
MDB_HD inline SwThreeBody sw_three_body(const SwTripletCoeffs& t, const SwBond& b1,
                                        const SwBond& b2) {
  const double rinv12 = b1.rinv * b2.rinv;
  const double cs = (b1.dx * b2.dx + b1.dy * b2.dy + b1.dz * b2.dz) * rinv12;
  const double delcs = cs - t.costheta0;
  const double facexp = t.lambda_eps * b1.expg * b2.expg;
  const double facrad = facexp * (delcs * delcs + t.offset);  // phi3
  const double facang = 2.0 * facexp * delcs;                 // d phi3 / d cos theta
  const double facang12 = facang * rinv12;
  const double csfacang = cs * facang;
  // -grad_j phi3 = d1 (phi3 gr1 + facang cs / r1^2) - d2 facang / (r1 r2), and j <-> k.
  const double a1 = facrad * b1.gr + csfacang * b1.rinv * b1.rinv;
  const double a2 = facrad * b2.gr + csfacang * b2.rinv * b2.rinv;
  SwThreeBody r;
  r.energy = facrad;
  r.fjx = b1.dx * a1 - b2.dx * facang12;
  r.fjy = b1.dy * a1 - b2.dy * facang12;
  r.fjz = b1.dz * a1 - b2.dz * facang12;
  r.fkx = b2.dx * a2 - b1.dx * facang12;
  r.fky = b2.dy * a2 - b1.dy * facang12;
  r.fkz = b2.dz * a2 - b1.dz * facang12;
  return r;
}

}  // namespace mdb
