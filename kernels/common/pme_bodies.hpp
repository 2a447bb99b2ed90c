#pragma once
// Smooth particle-mesh Ewald (Essmann et al., J. Chem. Phys. 103, 8577 (1995)) per charge and per
// wave vector, on plain values: the CPU loops (model/pme/pme.cpp) and a later CUDA kernel call
// the same bodies. No allocation, no exception, no container.
//
// Grid: K_a points along axis a of an orthorhombic box of lengths L_a (Angstrom); a charge at x
// sits at the scaled coordinate u_a = K_a (x_a - lo_a) / L_a in [0, K_a). Cardinal B-splines of
// order p (support [0, p)) spread it over p points per axis:
//   Q(k) = sum_i q_i prod_a M_p(u_ia - k_a)  (periodically in k).
// With F(Q) its discrete Fourier transform and m = (m_1/L_1, m_2/L_2, m_3/L_3) (1/Angstrom) for the
// signed indices m_a in (-K_a/2, K_a/2], the reciprocal energy (eV) is
//   E = 1/2 sum_{m != 0} G(m) |F(Q)(m)|^2,
//   G(m) = ke/(pi V) exp(-pi^2 m^2/beta^2)/m^2 * B(m),  B(m) = prod_a |b_a(m_a)|^2,
//   |b_a(m)|^2 = 1 / |sum_{k=0}^{p-2} M_p(k+1) exp(2 pi i m k/K_a)|^2 (Euler exponential spline).
// The convolved grid psi = IFFT(G F(Q)) (unnormalised inverse) gives E = 1/2 sum_k Q(k) psi(k) and
// the force on i, F_i = -q_i sum_k grad_i[prod_a M_p(u_ia - k_a)] psi(k).
//
// Charges are spread on, and forces gathered from, an extended grid of K_a + p - 1 points per
// axis (GROMACS's overlap, its GPU code's "wrap"): extended index e stands for the periodic
// point (e - (p - 1)) mod K_a, so a charge's p^3 points are contiguous p-runs with no wrap-around
// and the innermost loop is p adjacent values. pme_periodic_index maps the extended grid onto the
// FFT's periodic one (summed into it after the spread, copied from it before the gather).
#include <cmath>
#include <type_traits>

#include "kernels/common/atomic_add.hpp"
#include "kernels/common/box_pbc.hpp"
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/unroll.hpp"

namespace mdb {

/// Orders the bodies accept (the weights live in fixed arrays of kPmeMaxOrder).
inline constexpr int kPmeMinOrder = 3;
inline constexpr int kPmeMaxOrder = 8;
inline constexpr double kPmePi = 3.14159265358979323846264338327950288;

/// f(std::integral_constant<int, p>{}) for a runtime order p in kPmeMinOrder..kPmeMaxOrder, so
/// loops over p points unroll; nothing for another p.
template <class F>
MDB_HD void pme_with_order(int order, F&& f) {
  switch (order) {
    case 3:
      f(std::integral_constant<int, 3>{});
      break;
    case 4:
      f(std::integral_constant<int, 4>{});
      break;
    case 5:
      f(std::integral_constant<int, 5>{});
      break;
    case 6:
      f(std::integral_constant<int, 6>{});
      break;
    case 7:
      f(std::integral_constant<int, 7>{});
      break;
    case 8:
      f(std::integral_constant<int, 8>{});
      break;
    default:
      break;
  }
}

/// Points of the extended grid along an axis of K points for order p: K + p - 1.
MDB_HD inline int pme_extended_size(int k_points, int order) {
  return k_points + order - 1;
}

/// The periodic point that extended index e (0 <= e < K + p - 1) stands for: (e - (p - 1)) mod K.
MDB_HD inline int pme_periodic_index(int e, int k_points, int order) {
  const int i = e - (order - 1);
  return i < 0 ? i + k_points : i;
}

/// One coordinate's B-spline weights: extended grid point first + t carries weight w[t] =
/// M_p(frac + p - 1 - t) and dw[t] = dM_p/du at the same argument (per grid unit), t = 0..p-1;
/// first = floor(u), the periodic point floor(u) - p + 1 + t.
struct PmeSplineAxis {
  int first;
  double w[kPmeMaxOrder];
  double dw[kPmeMaxOrder];
};

/// The weights of order P at fractional offset frac in [0, 1): w[t] = M_P(frac + P - 1 - t),
/// dw[t] its derivative, by the recursion
///   M_n(x) = [x M_{n-1}(x) + (n - x) M_{n-1}(x - 1)] / (n - 1),  M_2(x) = 1 - |x - 1|,
///   M_n'(x) = M_{n-1}(x) - M_{n-1}(x - 1).
/// Writing v_n[t] = M_n(frac + n - 1 - t), the arguments x and x - 1 of the recursion are the
/// order n-1 entries t-1 and t (0 outside 0..n-2).
template <int P>
MDB_HD void pme_bspline_weights(double frac, double* w, double* dw) {
  static_assert(P >= kPmeMinOrder && P <= kPmeMaxOrder, "PME spline order out of range");
  if constexpr (P == 4) {
    // The default order in closed form, the uniform cubic's four pieces and its derivative from
    // order 3's (a0, a1, a2): the recursion's values to rounding, without its chain of
    // dependent steps through w (three axes per charge, in spread and gather alike).
    const double t = frac, u = 1.0 - frac, t2 = t * t, t3 = t2 * t;
    constexpr double k6 = 1.0 / 6.0;
    w[0] = k6 * (u * u * u);
    w[1] = k6 * (4.0 - 6.0 * t2 + 3.0 * t3);
    w[2] = k6 * (1.0 + 3.0 * (t + t2 - t3));
    w[3] = k6 * t3;
    const double a0 = 0.5 * (u * u), a2 = 0.5 * t2, a1 = 0.5 + t * u;
    dw[0] = -a0;
    dw[1] = a0 - a1;
    dw[2] = a1 - a2;
    dw[3] = a2;
    return;
  }
  w[0] = 1.0 - frac;
  w[1] = frac;
  MDB_UNROLL
  for (int n = 3; n <= P; ++n) {
    if (n == P) {
      dw[0] = -w[0];
      MDB_UNROLL
      for (int t = 1; t < n - 1; ++t) dw[t] = w[t - 1] - w[t];
      dw[n - 1] = w[n - 2];
    }
    const double inv = 1.0 / (n - 1);
    w[n - 1] = inv * frac * w[n - 2];  // x = frac: only the M_{n-1}(x) term
    MDB_UNROLL
    for (int t = n - 2; t >= 1; --t) {
      w[t] = inv * ((frac + n - 1 - t) * w[t - 1] + (t + 1 - frac) * w[t]);
    }
    w[0] = inv * (1.0 - frac) * w[0];  // x = frac + n - 1: only the M_{n-1}(x - 1) term
  }
}

/// pme_bspline_weights<P> for a runtime order.
MDB_HD inline void pme_bspline_weights(double frac, int order, double* w, double* dw) {
  pme_with_order(order, [&](auto p) { pme_bspline_weights<decltype(p)::value>(frac, w, dw); });
}

/// The spline of one coordinate already wrapped into the box: u = K (c - lo)/L in [0, K] (K
/// itself, from rounding at the upper face, counts as 0).
template <int P>
MDB_HD void pme_spline_axis(double u, int k_points, PmeSplineAxis& s) {
  int cell = static_cast<int>(u);  // u >= 0, so truncation is floor
  double frac = u - cell;
  if (cell >= k_points) {
    cell -= k_points;
    frac = 0.0;
  }
  pme_bspline_weights<P>(frac, s.w, s.dw);
  s.first = cell;
}

/// The spline along `axis` of a coordinate c (Angstrom, finite, anywhere: it is wrapped into the
/// box first) on an axis of k_points grid points.
template <int P>
MDB_HD void pme_spline_of_coordinate(const OrthoBoxView& box, int axis, double c, int k_points,
                                     PmeSplineAxis& s) {
  box.wrap(c, axis);
  pme_spline_axis<P>((c - box.lo[axis]) * k_points * box.inv_len[axis], k_points, s);
}

/// Runtime-order forms of the two above.
MDB_HD inline void pme_spline_axis(double u, int k_points, int order, PmeSplineAxis& s) {
  pme_with_order(order, [&](auto p) { pme_spline_axis<decltype(p)::value>(u, k_points, s); });
}

/// Adds charge q's weights to the extended grid (row-major, ey x ez points per x-plane: the
/// extended sizes of y and z): P^3 points in P-runs. Atomic on the device, where charges share
/// points. The z weights are copied to a local array first: no store to the grid can then alias
/// them, and the compiler keeps a run's P products in one vector.
template <int P>
MDB_HD void pme_spread_charge(double* ext, int ey, int ez, double q, const PmeSplineAxis& sx,
                              const PmeSplineAxis& sy, const PmeSplineAxis& sz) {
  double wz[P];
  MDB_UNROLL
  for (int c = 0; c < P; ++c) wz[c] = sz.w[c];
  for (int a = 0; a < P; ++a) {
    const double qa = q * sx.w[a];
    double* plane = ext + static_cast<long long>(sx.first + a) * ey * ez;
    MDB_UNROLL
    for (int b = 0; b < P; ++b) {
      const double qab = qa * sy.w[b];
      double* run = plane + static_cast<long long>(sy.first + b) * ez + sz.first;
#if defined(__CUDA_ARCH__)
      MDB_UNROLL
      for (int c = 0; c < P; ++c) atomic_add(run + c, qab * wz[c]);
#else
      // Read, add and write the run as a whole: GCC then keeps it in one vector (added point by
      // point, each store could feed the next load, and it stayed scalar).
      double sum[P];
      MDB_UNROLL
      for (int c = 0; c < P; ++c) sum[c] = run[c] + qab * wz[c];
      MDB_UNROLL
      for (int c = 0; c < P; ++c) run[c] = sum[c];
#endif
    }
  }
}

/// Gradient of one charge's interpolated potential in grid units: g_a = sum_k d/du_a[prod
/// M_p] psi(k). The force (eV/Angstrom) is F_a = -q (K_a / L_a) g_a.
struct PmeGridGradient {
  double gx, gy, gz;
};

/// The gradient from the potential on the extended grid (laid out as in pme_spread_charge).
/// Sums over x and y first, keeping P partial sums along z per component, so each run of P
/// values is read once into three multiply-adds of P lanes; z's weights close the sums.
template <int P>
MDB_HD PmeGridGradient pme_gather_gradient(const double* ext, int ey, int ez,
                                           const PmeSplineAxis& sx, const PmeSplineAxis& sy,
                                           const PmeSplineAxis& sz) {
  double ax[P], ay[P], az[P];  // sum over x, y of (dwx wy, wx dwy, wx wy) psi, per z
  for (int c = 0; c < P; ++c) ax[c] = ay[c] = az[c] = 0.0;
  for (int a = 0; a < P; ++a) {
    const double* plane = ext + static_cast<long long>(sx.first + a) * ey * ez;
    MDB_UNROLL
    for (int b = 0; b < P; ++b) {
      const double* run = plane + static_cast<long long>(sy.first + b) * ez + sz.first;
      const double kx = sx.dw[a] * sy.w[b], ky = sx.w[a] * sy.dw[b], kz = sx.w[a] * sy.w[b];
      MDB_UNROLL
      for (int c = 0; c < P; ++c) {
        ax[c] += kx * run[c];
        ay[c] += ky * run[c];
        az[c] += kz * run[c];
      }
    }
  }
  double gx = 0.0, gy = 0.0, gz = 0.0;
  for (int c = 0; c < P; ++c) {
    gx += sz.w[c] * ax[c];
    gy += sz.w[c] * ay[c];
    gz += sz.dw[c] * az[c];
  }
  return {gx, gy, gz};
}

/// |sum_{k=0}^{p-2} M_p(k+1) exp(2 pi i m k/K)|^2 for index m of an axis of K points: the
/// inverse of |b(m)|^2. For odd p it vanishes at m = K/2 (K even); callers replace that zero
/// (GROMACS: the mean of its neighbours).
MDB_HD inline double pme_bspline_modulus_denominator(int m, int k_points, int order) {
  double w[kPmeMaxOrder], dw[kPmeMaxOrder];
  pme_bspline_weights(0.0, order, w, dw);  // w[t] = M_p(p - 1 - t): M_p(k + 1) = w[p - 2 - k]
  double re = 0.0, im = 0.0;
  for (int k = 0; k <= order - 2; ++k) {
    const double arg = 2.0 * kPmePi * static_cast<double>(m) * k / k_points;
    re += w[order - 2 - k] * std::cos(arg);
    im += w[order - 2 - k] * std::sin(arg);
  }
  return re * re + im * im;
}

/// The signed wave index of FFT index i on an axis of K points: i for i <= K/2, else i - K.
MDB_HD inline int pme_signed_index(int i, int k_points) {
  return (2 * i <= k_points) ? i : i - k_points;
}

/// exp(-pi^2 m_a^2/beta^2) for one axis' component m_a (1/Angstrom): the Gaussian of the
/// influence function factorises over the axes of an orthorhombic box.
MDB_HD inline double pme_axis_gaussian(double m_a, double beta) {
  const double s = kPmePi * m_a / beta;
  return std::exp(-s * s);
}

/// m_a (1/Angstrom) and its factor of the influence function, the Gaussian times |b_a|^2
/// (`modulus`), for FFT index i of an axis of k_points in a box side of 1/inv_len.
MDB_HD inline void pme_axis_entry(int i, int k_points, double inv_len, double beta, double modulus,
                                  double& m, double& factor) {
  m = pme_signed_index(i, k_points) * inv_len;
  factor = pme_axis_gaussian(m, beta) * modulus;
}

/// Energy (eV) and virial (eV; W_ab, xx yy zz xy xz yz) sums of the solve.
struct PmeSolveSums {
  double energy;
  double virial[6];
};

/// The solve at one wave vector m (1/Angstrom): multiplies the transform F(Q)(m) = (re, im) by
/// G(m) = ke/(pi V) * axis_factor / m^2, where axis_factor = prod_a pme_axis_gaussian(m_a) |b_a|^2
/// and ke_over_pi_v = ke/(pi V) (eV*Angstrom^2). When `sums`, adds weight * 1/2 G |F|^2 to the
/// energy and to each virial component weight * 1/2 G |F|^2 (delta_ab - 2 (1 + pi^2 m^2/beta^2)
/// m_a m_b / m^2) (Essmann eq. 2.8); weight counts the wave vectors the stored one stands for (2
/// for a half-complex entry with a conjugate partner, else 1). m = 0 is set to zero (a neutral
/// system, tin-foil boundaries).
MDB_HD inline void pme_solve_point(double& re, double& im, double mx, double my, double mz,
                                   double axis_factor, double ke_over_pi_v, double beta,
                                   double weight, bool sums, PmeSolveSums& acc) {
  const double m2 = mx * mx + my * my + mz * mz;
  if (m2 == 0.0) {
    re = 0.0;
    im = 0.0;
    return;
  }
  const double g = ke_over_pi_v * axis_factor / m2;
  if (sums) {
    const double e = 0.5 * weight * g * (re * re + im * im);
    const double pb = kPmePi / beta;
    const double v = 2.0 * (1.0 + pb * pb * m2) / m2;
    acc.energy += e;
    acc.virial[0] += e * (1.0 - v * mx * mx);
    acc.virial[1] += e * (1.0 - v * my * my);
    acc.virial[2] += e * (1.0 - v * mz * mz);
    acc.virial[3] -= e * v * mx * my;
    acc.virial[4] -= e * v * mx * mz;
    acc.virial[5] -= e * v * my * mz;
  }
  re *= g;
  im *= g;
}

}  // namespace mdb
