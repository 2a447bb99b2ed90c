// The three-body (G4, G5) kernels of DunnDescriptor: one row of triplets (i; j, k > j) at a time,
// every loop over k a plain loop over contiguous arrays.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>

#include "model/dunn/dunn_descriptor.hpp"
#include "model/dunn/dunn_terms.hpp"

namespace mdb {
namespace {

// The fixed per-row arrays; the radial and angular factor arrays follow them.
enum RowArray { kRjk, kInvRjk, kCos, kFcjk, kDfcjk, kF4, kF5, kDEdCos, kS04, kS14, kS05, kS15 };
constexpr std::size_t kFixedRowArrays = 12;

using AngularRow = void (*)(double lambda, const double* cos_t, int n, double* a, double* da);

template <int N>
void angular_row(double lambda, const double* __restrict cos_t, int n, double* __restrict a,
                 double* __restrict da) {
  for (int k = 0; k < n; ++k) {
    const DunnRadial p = dunn_angular_int<N>(lambda, cos_t[k]);
    a[k] = p.value;
    da[k] = p.d_dr;
  }
}

template <std::size_t... N>
constexpr std::array<AngularRow, sizeof...(N)> angular_rows(std::index_sequence<N...>) {
  return {&angular_row<static_cast<int>(N) + 1>...};
}
constexpr auto kAngularRows = angular_rows(std::make_index_sequence<kDunnMaxIntZeta>{});

/// Where a row's arrays live in Scratch::row.
struct Row {
  double* fixed[kFixedRowArrays];
  double *e, *rad, *a, *da;  // [radial or angular factor][cap]
  std::size_t cap;

  Row(double* base, std::size_t cap_, std::size_t n_radial, std::size_t n_angular) : cap(cap_) {
    for (std::size_t k = 0; k < kFixedRowArrays; ++k) fixed[k] = base + k * cap;
    e = base + kFixedRowArrays * cap;
    rad = e + n_radial * cap;
    a = rad + n_radial * cap;
    da = a + n_angular * cap;
  }
};

/// Geometry of row j = `a` against k = a+1 .. n-1 (row index k - a - 1): r_jk, 1/r_jk, cos t_jik,
/// f_c(r_jk) and f_c'(r_jk) (G4 only), and the cutoff products F4 = f_ij f_ik f_jk,
/// F5 = f_ij f_ik.
template <bool kG4>
void row_geometry(const DunnDescriptor::Scratch& s, int a, int n, const double* rc_row, Row& row) {
  const double* __restrict dx = s.dx.data() + a + 1;
  const double* __restrict dy = s.dy.data() + a + 1;
  const double* __restrict dz = s.dz.data() + a + 1;
  const double* __restrict r = s.r.data() + a + 1;
  const double* __restrict inv_r = s.inv_r.data() + a + 1;
  const double* __restrict fc = s.fc.data() + a + 1;
  const int* __restrict sp = s.sp.data() + a + 1;
  double* __restrict rjk_out = row.fixed[kRjk];
  double* __restrict inv_rjk = row.fixed[kInvRjk];
  double* __restrict cos_out = row.fixed[kCos];
  double* __restrict fcjk = row.fixed[kFcjk];
  double* __restrict dfcjk = row.fixed[kDfcjk];
  double* __restrict f4 = row.fixed[kF4];
  double* __restrict f5 = row.fixed[kF5];
  const double xa = s.dx[a], ya = s.dy[a], za = s.dz[a];
  const double ra = s.r[a], ira = s.inv_r[a], fca = s.fc[a];
  const int len = n - a - 1;
  // GCC does not trust __restrict on local pointers: ivdep tells it the rows do not overlap.
#pragma GCC ivdep
  for (int k = 0; k < len; ++k) {
    const double ex = dx[k] - xa, ey = dy[k] - ya, ez = dz[k] - za;
    const double rjk2 = ex * ex + ey * ey + ez * ez;
    const double rjk = std::sqrt(rjk2);
    rjk_out[k] = rjk;
    inv_rjk[k] = 1.0 / rjk;
    cos_out[k] = (ra * ra + r[k] * r[k] - rjk2) * 0.5 * ira * inv_r[k];  // law of cosines
    f5[k] = fca * fc[k];
    if constexpr (kG4) {
      const DunnRadial c = dunn_cutoff(rjk, rc_row[sp[k]]);
      fcjk[k] = c.value;
      dfcjk[k] = c.d_dr;
      f4[k] = f5[k] * c.value;
    }
  }
}

/// dE/dr_ij, dE/dr_ik and dE/dr_jk of row j = `a`'s triplets, from dE/dcos and the S sums,
/// added to the neighbours' radial gradients (gr) and, for r_jk, to their vector gradients.
template <bool kG4>
void row_gradients(DunnDescriptor::Scratch& s, int a, int n, const Row& row) {
  const int len = n - a - 1;
  const double* __restrict rk = s.r.data() + a + 1;
  const double* __restrict irk = s.inv_r.data() + a + 1;
  const double* __restrict fck = s.fc.data() + a + 1;
  const double* __restrict dfck = s.dfc.data() + a + 1;
  const double* __restrict xk = s.dx.data() + a + 1;
  const double* __restrict yk = s.dy.data() + a + 1;
  const double* __restrict zk = s.dz.data() + a + 1;
  double* __restrict grk = s.gr.data() + a + 1;
  double* __restrict gxk = s.gx.data() + a + 1;
  double* __restrict gyk = s.gy.data() + a + 1;
  double* __restrict gzk = s.gz.data() + a + 1;
  const double* __restrict dc = row.fixed[kDEdCos];
  const double* __restrict s04 = row.fixed[kS04];
  const double* __restrict s14 = row.fixed[kS14];
  const double* __restrict s05 = row.fixed[kS05];
  const double* __restrict s15 = row.fixed[kS15];
  const double* __restrict rjk = row.fixed[kRjk];
  const double* __restrict irjk = row.fixed[kInvRjk];
  const double* __restrict cs = row.fixed[kCos];
  const double* __restrict fcjk = row.fixed[kFcjk];
  const double* __restrict dfcjk = row.fixed[kDfcjk];
  const double* __restrict f4 = row.fixed[kF4];
  const double* __restrict f5 = row.fixed[kF5];
  const double ra = s.r[a], ira = s.inv_r[a], fca = s.fc[a], dfca = s.dfc[a];
  const double xa = s.dx[a], ya = s.dy[a], za = s.dz[a];
  double d_ij = 0.0, gxa = 0.0, gya = 0.0, gza = 0.0;
#pragma GCC ivdep
  for (int k = 0; k < len; ++k) {
    // Through the G5 radial factor and the angle,
    double dij =
        s05[k] * dfca * fck[k] - 2.0 * ra * f5[k] * s15[k] + dc[k] * (irk[k] - cs[k] * ira);
    double dik =
        s05[k] * fca * dfck[k] - 2.0 * rk[k] * f5[k] * s15[k] + dc[k] * (ira - cs[k] * irk[k]);
    double djk = -dc[k] * rjk[k] * ira * irk[k];
    if constexpr (kG4) {  // and through the G4 radial factor.
      dij += s04[k] * dfca * fck[k] * fcjk[k] - 2.0 * ra * f4[k] * s14[k];
      dik += s04[k] * fca * dfck[k] * fcjk[k] - 2.0 * rk[k] * f4[k] * s14[k];
      djk += s04[k] * fca * fck[k] * dfcjk[k] - 2.0 * rjk[k] * f4[k] * s14[k];
    }
    d_ij += dij;
    grk[k] += dik;
    const double c = djk * irjk[k];
    const double ux = c * (xk[k] - xa), uy = c * (yk[k] - ya), uz = c * (zk[k] - za);
    gxk[k] += ux;
    gyk[k] += uy;
    gzk[k] += uz;
    gxa -= ux;
    gya -= uy;
    gza -= uz;
  }
  s.gr[a] += d_ij;
  s.gx[a] += gxa;
  s.gy[a] += gya;
  s.gz[a] += gza;
}

/// Four doubles in one AVX2 register (GCC vector extension); a row's contraction runs on these,
/// and on plain doubles for the remainder.
using Lane4 = double __attribute__((vector_size(32)));

template <class T>
T load_lanes(const double* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class T>
void store_lanes(double* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

/// For triplets [k, k + lanes) of a row: with v_r = sum_p W_pr A_p and v'_r = sum_p W_pr dA_p
/// (dE/dR_r and its angular derivative), dE/dcos = sum_r R_r v'_r, and per kind
/// S0 = sum_r E_r v_r, S1 = sum_r eta_r E_r v_r. W is n_ang x n_rad, row-major.
template <class T>
void contract(int k, const Row& row, std::size_t cap, const double* w, std::size_t n_ang,
              const DunnDescriptor::RadialFactor* radial, std::size_t n_rad) {
  T dc{}, s04{}, s14{}, s05{}, s15{};
  for (std::size_t r = 0; r < n_rad; ++r) {
    T v{}, dv{};
    for (std::size_t p = 0; p < n_ang; ++p) {
      const double wpr = w[p * n_rad + r];
      v += wpr * load_lanes<T>(row.a + p * cap + k);
      dv += wpr * load_lanes<T>(row.da + p * cap + k);
    }
    const T e = load_lanes<T>(row.e + r * cap + k);
    dc += load_lanes<T>(row.rad + r * cap + k) * dv;
    const T ev = e * v;
    if (radial[r].g4) {
      s04 += ev;
      s14 += radial[r].eta * ev;
    } else {
      s05 += ev;
      s15 += radial[r].eta * ev;
    }
  }
  store_lanes(row.fixed[kDEdCos] + k, dc);
  store_lanes(row.fixed[kS04] + k, s04);
  store_lanes(row.fixed[kS14] + k, s14);
  store_lanes(row.fixed[kS05] + k, s05);
  store_lanes(row.fixed[kS15] + k, s15);
}

}  // namespace

std::size_t DunnDescriptor::row_arrays() const {
  return kFixedRowArrays + 2 * radial_.size() + 2 * angular_.size();
}

void DunnDescriptor::row_factors(int a, int len, Scratch& s) const {
  const std::size_t cap = static_cast<std::size_t>(s.cap);
  Row row(s.row.data(), cap, radial_.size(), angular_.size());
  const double* __restrict rjk = row.fixed[kRjk];
  for (std::size_t q = 0; q < radial_.size(); ++q) {
    const RadialFactor& rf = radial_[q];
    const double* __restrict ex = s.exp_eta.data() + rf.eta_index * cap + a + 1;
    const double ea = s.exp_eta[rf.eta_index * cap + a], eta = rf.eta;
    double* __restrict e = row.e + q * cap;
    double* __restrict rad = row.rad + q * cap;
    const double* __restrict f = row.fixed[rf.g4 ? kF4 : kF5];
    if (rf.g4) {
      for (int k = 0; k < len; ++k) e[k] = ea * ex[k] * std::exp(-eta * rjk[k] * rjk[k]);
    } else {
      for (int k = 0; k < len; ++k) e[k] = ea * ex[k];
    }
    for (int k = 0; k < len; ++k) rad[k] = e[k] * f[k];
  }
  const double* __restrict cs = row.fixed[kCos];
  for (std::size_t p = 0; p < angular_.size(); ++p) {
    const AngularFactor& af = angular_[p];
    double* __restrict ap = row.a + p * cap;
    double* __restrict dap = row.da + p * cap;
    if (af.n > 0) {
      kAngularRows[static_cast<std::size_t>(af.n - 1)](af.lambda, cs, len, ap, dap);
    } else {
      for (int k = 0; k < len; ++k) {
        const DunnRadial v = dunn_angular(af.lambda, af.zeta, cs[k]);
        ap[k] = v.value;
        dap[k] = v.d_dr;
      }
    }
  }
}

void DunnDescriptor::forward_triplets(int n, Scratch& s) const {
  const std::size_t cap = static_cast<std::size_t>(s.cap);
  Row row(s.row.data(), cap, radial_.size(), angular_.size());
  double* acc = s.w.data();
  std::fill(s.w.begin(), s.w.end(), 0.0);
  for (int a = 0; a + 1 < n; ++a) {
    const int len = n - a - 1;
    const double* rc_row = cut_.data() + static_cast<std::size_t>(s.sp[a]) * n_sys_species_;
    has_g4_ ? row_geometry<true>(s, a, n, rc_row, row) : row_geometry<false>(s, a, n, rc_row, row);
    row_factors(a, len, s);
    for (std::size_t f = 0; f < three_body_.size(); ++f) {
      const double* __restrict ap = row.a + three_body_[f].angular * cap;
      const double* __restrict rad = row.rad + three_body_[f].radial * cap;
      double sum = 0.0;
      for (int k = 0; k < len; ++k) sum += ap[k] * rad[k];
      acc[f] += sum;
    }
  }
  for (std::size_t f = 0; f < three_body_.size(); ++f) {
    s.g[static_cast<std::size_t>(three_body_[f].out)] = three_body_[f].coef * acc[f];
  }
}

void DunnDescriptor::backward_triplets(int n, Scratch& s) const {
  const std::size_t cap = static_cast<std::size_t>(s.cap);
  Row row(s.row.data(), cap, radial_.size(), angular_.size());
  // W[p][r] = sum of g_f 2^(1-zeta_f) over the functions with angular factor p, radial r.
  std::fill_n(s.w.begin(), angular_.size() * radial_.size(), 0.0);
  for (const ThreeBody& t : three_body_) {
    s.w[static_cast<std::size_t>(t.angular) * radial_.size() + t.radial] +=
        s.g[static_cast<std::size_t>(t.out)] * t.coef;
  }
  for (int a = 0; a + 1 < n; ++a) {
    const int len = n - a - 1;
    const double* rc_row = cut_.data() + static_cast<std::size_t>(s.sp[a]) * n_sys_species_;
    has_g4_ ? row_geometry<true>(s, a, n, rc_row, row) : row_geometry<false>(s, a, n, rc_row, row);
    row_factors(a, len, s);
    // dE/dcos and the S sums, four triplets at a time, then the remainder one by one.
    const double* w = s.w.data();
    const std::size_t na = angular_.size(), nr = radial_.size();
    int k = 0;
    for (; k + 4 <= len; k += 4) contract<Lane4>(k, row, cap, w, na, radial_.data(), nr);
    for (; k < len; ++k) contract<double>(k, row, cap, w, na, radial_.data(), nr);
    has_g4_ ? row_gradients<true>(s, a, n, row) : row_gradients<false>(s, a, n, row);
  }
}

}  // namespace mdb
