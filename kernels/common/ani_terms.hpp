#pragma once
// ANI atomic environment vector (AEV) terms and their derivatives, on plain values, shared by the
// CPU descriptor loop and (later) the CUDA kernels. Definitions follow TorchANI's AEVComputer
// (Smith, Isayev & Roitberg 2017), including its 0.95 factor on cos(theta), which keeps
// d theta / d cos(theta) finite for collinear triplets.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Cosine cutoff fc(r) = 0.5 cos(pi r / rc) + 0.5 and its derivative, for r < rc. Two
/// functions, not one: a loop calling only one of them vectorizes (GCC fuses a sin and a cos of
/// the same argument into a scalar sincos).
template <class Real>
MDB_HD inline Real ani_fc(Real r, Real rc) {
  return Real(0.5) * std::cos(static_cast<Real>(3.14159265358979323846) / rc * r) + Real(0.5);
}
template <class Real>
MDB_HD inline Real ani_dfc(Real r, Real rc) {
  const Real a = static_cast<Real>(3.14159265358979323846) / rc;
  return -Real(0.5) * a * std::sin(a * r);
}

/// The same for any r: 0 beyond the cutoff.
template <class Real>
MDB_HD inline void ani_cutoff(Real r, Real rc, Real& fc, Real& dfc) {
  if (r < rc) {
    fc = ani_fc(r, rc);
    dfc = ani_dfc(r, rc);
  } else {
    fc = Real(0);
    dfc = Real(0);
  }
}

/// Radial shifts of an AEV. They are usually evenly spaced (TorchANI's linspace); then each
/// Gaussian follows from the previous one by a multiplication,
///   exp(-eta (u - (k+1) D)^2) = exp(-eta (u - k D)^2) exp(2 eta D u) exp(-eta D^2 (2k + 1)),
/// u = r - s_0, so a neighbour costs two exp() instead of one per shift. Done in double, where
/// neither factor over- or underflows for a cutoff-bounded u (checked; else exp() per shift).
struct AniRadialBasis {
  double eta = 0;
  const double* shift = nullptr;  ///< n shifts (Angstrom)
  int n = 0;
  bool uniform = false;  ///< shift[k] = shift[0] + k * step
  double step = 0;
  const double* ratio = nullptr;  ///< exp(-eta step^2 (2k + 1)), k < n (the last unused)
};

/// Whether the recurrence may start from g0 = exp(-eta u^2) and step a = exp(2 eta step u)
/// (both comfortably inside double's range), u = r - shift_0.
MDB_HD inline bool ani_recurrence_ok(const AniRadialBasis& b, double u) {
  const double q = 2.0 * b.eta * b.step * u;
  return b.uniform && b.eta * u * u < 600.0 && q < 600.0 && q > -600.0;
}

/// Radial terms G_k = 0.25 exp(-eta (r - shift_k)^2) fc(r), added into g[k], and their
/// derivatives dG_k/dr written to dg[k] (kept for the backward pass). e0 = exp(-eta u^2) and
/// ea = exp(2 eta step u), u = r - shift_0, start the recurrence when ani_recurrence_ok (the
/// caller computes them for many neighbours at once); otherwise one exp() per shift. One fused
/// loop: staging the Gaussians in a double array stalls on store forwarding.
template <class Real>
MDB_HD inline void ani_radial_forward(Real r, Real fc, Real dfc, double e0, double ea,
                                      const AniRadialBasis& b, Real* g, Real* dg) {
  const double rd = static_cast<double>(r);
  const bool recurrence = ani_recurrence_ok(b, rd - b.shift[0]);
  const Real two_eta = Real(2) * static_cast<Real>(b.eta);
  if (recurrence) {
    double v = 0.25 * e0;
    for (int k = 0; k < b.n; ++k) {
      const Real ek = static_cast<Real>(v);
      v *= ea * b.ratio[k];
      g[k] += ek * fc;
      dg[k] = ek * (dfc - two_eta * (r - static_cast<Real>(b.shift[k])) * fc);
    }
    return;
  }
  for (int k = 0; k < b.n; ++k) {
    const double d = rd - b.shift[k];
    const Real ek = static_cast<Real>(0.25 * std::exp(-b.eta * d * d));
    g[k] += ek * fc;
    dg[k] = ek * (dfc - two_eta * (r - static_cast<Real>(b.shift[k])) * fc);
  }
}

/// x^zeta, by repeated squaring when zeta is a whole number (ANI's 32): pow() per angular term
/// would dominate the descriptor.
template <class Real>
MDB_HD inline Real ani_pow(Real x, Real zeta, int zeta_int) {
  if (zeta_int <= 0) return std::pow(x, zeta);
  Real result = Real(1);
  for (int e = zeta_int; e > 0; e >>= 1) {
    if (e & 1) result *= x;
    x *= x;
  }
  return result;
}

/// The most angle shifts and angular radial shifts an AEV may have (AevParams::validate): a
/// triplet's factors live in fixed arrays on the GPU.
inline constexpr int kAniMaxAngleShifts = 32;
inline constexpr int kAniMaxAngularRadialShifts = 16;

/// The angular hyper-parameters of one AEV, as plain pointers (n_angle x n_rshift terms).
template <class Real>
struct AniAngularView {
  Real eta = 0;
  Real zeta = 0;
  int zeta_int = 0;                       ///< zeta when it is a whole number >= 1, else 0
  const Real* cos_angle_shift = nullptr;  ///< cos(theta_s), n_angle entries
  const Real* sin_angle_shift = nullptr;  ///< sin(theta_s)
  int n_angle = 0;
  const Real* radial_shift = nullptr;  ///< R_s (Angstrom), n_rshift entries
  int n_rshift = 0;
};

/// Geometry of one triplet (i; j, k) with d1 = r_j - r_i, d2 = r_k - r_i, both within the
/// angular cutoff; fc1/fc2 and their derivatives are the cutoff values at r1, r2.
template <class Real>
struct AniTriplet {
  Real r1, r2;
  Real fc1, fc2, dfc1, dfc2;
  Real cos_theta;  ///< d1.d2 / (r1 r2), before the 0.95 factor
};

/// A triplet's angular terms factorise: term m = a * n_angle + z of
///   G[m] += 2 ((1 + cos(theta - theta_z)) / 2)^zeta * exp(-eta ((r1 + r2) / 2 - R_a)^2) fc(r1)
///   fc(r2)
/// (cos(theta) scaled by 0.95) is an angular factor f1[z] times a radial one fr[a], and so are its
/// partial derivatives with respect to r1, r2 and the unscaled cos(theta): f1[z] k1[a],
/// f1[z] k2[a] and df1[z] fr[a]. Each factor is computed once per triplet, not once per term, and
/// the backward and tangent passes contract the factors instead of storing 3 n_angle n_rshift
/// derivatives per triplet. Layout of the factors (ani_angular_factor_count values):
/// f1[n_angle], df1[n_angle] (d f1 / d cos, 0.95 included), fr[n_rshift], k1[n_rshift],
/// k2[n_rshift].
template <class Real>
MDB_HD inline int ani_angular_factor_count(const AniAngularView<Real>& p) {
  return 2 * p.n_angle + 3 * p.n_rshift;
}

/// The most factors a triplet has (the bounds AevParams::validate enforces).
inline constexpr int kAniMaxAngularFactors =
    2 * kAniMaxAngleShifts + 3 * kAniMaxAngularRadialShifts;

template <class Real>
MDB_HD inline void ani_angular_factors(const AniAngularView<Real>& p, const AniTriplet<Real>& t,
                                       Real* f) {
  Real* f1 = f;
  Real* df1 = f + p.n_angle;
  Real* fr = f + 2 * p.n_angle;
  Real* k1 = fr + p.n_rshift;
  Real* k2 = k1 + p.n_rshift;
  const Real c = Real(0.95) * t.cos_theta;
  const Real s = std::sqrt(Real(1) - c * c);
  const Real rmean = Real(0.5) * (t.r1 + t.r2);
  const Real fcc = Real(2) * t.fc1 * t.fc2;
  for (int z = 0; z < p.n_angle; ++z) {
    const Real base = Real(0.5) * (Real(1) + c * p.cos_angle_shift[z] + s * p.sin_angle_shift[z]);
    const Real pm1 = ani_pow(base, p.zeta - Real(1), p.zeta_int - 1);
    f1[z] = pm1 * base;
    // d base / d c = (cos theta_z - c / s sin theta_z) / 2, with ds/dc = -c/s; dc = 0.95 dcos.
    df1[z] = p.zeta * pm1 * Real(0.5) * (p.cos_angle_shift[z] - c / s * p.sin_angle_shift[z]) *
             Real(0.95);
  }
  for (int a = 0; a < p.n_rshift; ++a) {
    const Real d = rmean - p.radial_shift[a];
    const Real radial = std::exp(-p.eta * d * d);
    // d radial / d r1 = d radial / d r2 = -eta d radial (rmean moves by half of each).
    const Real dradial = -p.eta * d * radial;
    fr[a] = fcc * radial;
    k1[a] = fcc * dradial + Real(2) * t.dfc1 * t.fc2 * radial;  // d(fcc radial)/d r1
    k2[a] = fcc * dradial + Real(2) * t.fc1 * t.dfc2 * radial;
  }
}

/// G[m] += f1[z] fr[a]: the triplet's terms added to its block of the AEV.
template <class Real>
MDB_HD inline void ani_angular_accumulate(const AniAngularView<Real>& p, const Real* f, Real* g) {
  const Real* f1 = f;
  const Real* fr = f + 2 * p.n_angle;
  for (int a = 0; a < p.n_rshift; ++a) {
    for (int z = 0; z < p.n_angle; ++z) g[a * p.n_angle + z] += f1[z] * fr[a];
  }
}

/// With gm = dE/dG over the triplet's block: dE/dr1, dE/dr2 and dE/dcos(theta) through its terms.
template <class Real>
MDB_HD inline void ani_angular_contract(const AniAngularView<Real>& p, const Real* f,
                                        const Real* gm, Real& e_r1, Real& e_r2, Real& e_cos) {
  const Real* f1 = f;
  const Real* df1 = f + p.n_angle;
  const Real* fr = f + 2 * p.n_angle;
  const Real* k1 = fr + p.n_rshift;
  const Real* k2 = k1 + p.n_rshift;
  e_r1 = e_r2 = e_cos = Real(0);
  for (int a = 0; a < p.n_rshift; ++a) {
    Real h = 0, hc = 0;
    for (int z = 0; z < p.n_angle; ++z) {
      h += gm[a * p.n_angle + z] * f1[z];
      hc += gm[a * p.n_angle + z] * df1[z];
    }
    e_r1 += h * k1[a];
    e_r2 += h * k2[a];
    e_cos += hc * fr[a];
  }
}

/// The terms' change when r1, r2 and cos(theta) change by dr1, dr2, dcos, added to om.
template <class Real>
MDB_HD inline void ani_angular_tangent(const AniAngularView<Real>& p, const Real* f, Real dr1,
                                       Real dr2, Real dcos, Real* om) {
  const Real* f1 = f;
  const Real* df1 = f + p.n_angle;
  const Real* fr = f + 2 * p.n_angle;
  const Real* k1 = fr + p.n_rshift;
  const Real* k2 = k1 + p.n_rshift;
  for (int a = 0; a < p.n_rshift; ++a) {
    const Real kr = k1[a] * dr1 + k2[a] * dr2, kc = fr[a] * dcos;
    for (int z = 0; z < p.n_angle; ++z) om[a * p.n_angle + z] += f1[z] * kr + df1[z] * kc;
  }
}

/// Index of the unordered species pair (a, b) among n(n+1)/2, TorchANI's triu order.
MDB_HD inline int ani_pair_index(int a, int b, int n_species) {
  if (a > b) {
    const int t = a;
    a = b;
    b = t;
  }
  return a * (2 * n_species - a - 1) / 2 + b;
}

/// CELU (as in ANI, alpha = 0.1): x for x > 0, alpha (exp(x / alpha) - 1) otherwise.
template <class Real>
MDB_HD inline Real celu(Real x, Real alpha) {
  return x > Real(0) ? x : alpha * (std::exp(x / alpha) - Real(1));
}

/// CELU's derivative written in terms of its output y: 1 for y > 0, y / alpha + 1 otherwise
/// (so the backward pass needs only the stored activations).
template <class Real>
MDB_HD inline Real celu_grad_from_output(Real y, Real alpha) {
  return y > Real(0) ? Real(1) : y / alpha + Real(1);
}

}  // namespace mdb
