#include "model/nnp/aev.hpp"

#include <algorithm>
#include <cmath>

#include "md/core/grow.hpp"

namespace mdb {

template <class Real>
void AevComputer<Real>::configure(const AevParams& p, int n_species) {
  n_species_ = n_species;
  radial_len_ = p.radial_length(n_species);
  angular_len_ = p.angular_length(n_species);
  rc_r_ = static_cast<Real>(p.radial_cutoff);
  rc_a_ = static_cast<Real>(p.angular_cutoff);
  radial_shift_ = p.radial_shifts;
  radial_.eta = p.radial_eta;
  radial_.n = static_cast<int>(radial_shift_.size());
  radial_.step = radial_.n > 1 ? radial_shift_[1] - radial_shift_[0] : 0.0;
  radial_.uniform = true;
  for (int k = 0; k < radial_.n; ++k) {
    const double expect = radial_shift_[0] + k * radial_.step;
    if (std::abs(radial_shift_[k] - expect) > 1e-12 * (1.0 + std::abs(expect))) {
      radial_.uniform = false;
    }
  }
  // The exact shifts, not s_0 + k step: uniform only says the recurrence may be used.
  radial_ratio_.clear();
  for (int k = 0; k + 1 < radial_.n; ++k) {
    const double d0 = radial_shift_[k] - radial_shift_[0],
                 d1 = radial_shift_[k + 1] - radial_shift_[0];
    radial_ratio_.push_back(std::exp(-p.radial_eta * (d1 * d1 - d0 * d0)));
  }
  radial_ratio_.push_back(1.0);  // read by the recurrence's last step, never used
  radial_.shift = radial_shift_.data();
  radial_.ratio = radial_ratio_.data();
  angular_shift_.assign(p.angular_shifts.begin(), p.angular_shifts.end());
  cos_shift_.clear();
  sin_shift_.clear();
  for (double t : p.angle_shifts) {
    cos_shift_.push_back(static_cast<Real>(std::cos(t)));
    sin_shift_.push_back(static_cast<Real>(std::sin(t)));
  }
  angular_.eta = static_cast<Real>(p.angular_eta);
  angular_.zeta = static_cast<Real>(p.zeta);
  angular_.zeta_int = p.zeta == std::floor(p.zeta) && p.zeta <= 1024 ? static_cast<int>(p.zeta) : 0;
  angular_.cos_angle_shift = cos_shift_.data();
  angular_.sin_angle_shift = sin_shift_.data();
  angular_.n_angle = static_cast<int>(cos_shift_.size());
  angular_.radial_shift = angular_shift_.data();
  angular_.n_rshift = static_cast<int>(angular_shift_.size());
  n_terms_ = angular_.n_angle * angular_.n_rshift;
  n_factors_ = ani_angular_factor_count(angular_);
}

template <class Real>
void AevComputer<Real>::gather(const NeighborView& v, const int* species_map, int i) {
  Near& m = near_;
  const std::size_t most = static_cast<std::size_t>(v.offsets[i + 1] - v.offsets[i]);
  if (m.r.size() < most) {
    for (auto* a : {&m.dx, &m.dy, &m.dz, &m.r, &m.fc, &m.dfc}) resize_with_headroom(*a, most);
    resize_with_headroom(m.e0, most);
    resize_with_headroom(m.ea, most);
    resize_with_headroom(m.index, most);
    resize_with_headroom(m.species, most);
    resize_with_headroom(short_.fc, most);
    resize_with_headroom(short_.dfc, most);
    resize_with_headroom(short_.at, most);
  }
  const Real rc2 = rc_r_ * rc_r_;
  int n = 0;
  for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
    const int j = v.neighbors[k];
    const Real dx = static_cast<Real>(v.x[j] - v.x[i]);
    const Real dy = static_cast<Real>(v.y[j] - v.y[i]);
    const Real dz = static_cast<Real>(v.z[j] - v.z[i]);
    const Real r2 = dx * dx + dy * dy + dz * dz;
    if (r2 >= rc2) continue;
    m.dx[n] = dx;
    m.dy[n] = dy;
    m.dz[n] = dz;
    m.r[n] = r2;
    m.index[n] = j;
    m.species[n] = species_map[v.species[j]];
    ++n;
  }
  m.n = n;
  // Plain loops over the neighbours: with aev.cpp's -ffast-math, GCC calls glibc's vector
  // sqrt/cos/sin/exp here (4-8 neighbours per call), which the descriptor's cost is made of.
  Real* __restrict r = m.r.data();
  Real* __restrict fc = m.fc.data();
  Real* __restrict dfc = m.dfc.data();
  double* __restrict e0 = m.e0.data();
  double* __restrict ea = m.ea.data();
  const Real rc = rc_r_;
  for (int k = 0; k < n; ++k) r[k] = std::sqrt(r[k]);
  for (int k = 0; k < n; ++k) fc[k] = ani_fc(r[k], rc);
  for (int k = 0; k < n; ++k) dfc[k] = ani_dfc(r[k], rc);
  const double eta = radial_.eta, two_eta_step = 2.0 * radial_.eta * radial_.step;
  const double s0 = radial_shift_[0];
  for (int k = 0; k < n; ++k) {
    const double u = static_cast<double>(r[k]) - s0;
    e0[k] = std::exp(-eta * u * u);
    ea[k] = std::exp(two_eta_step * u);
  }
  Short& s = short_;
  s.n = 0;
  for (int k = 0; k < n; ++k) {
    if (r[k] >= rc_a_) continue;
    ani_cutoff(r[k], rc_a_, s.fc[s.n], s.dfc[s.n]);
    s.at[s.n++] = k;
  }
}

template <class Real>
void AevComputer<Real>::forward(const NeighborView& v, const int* species_map, const int* row_of,
                                Real* out, int stride) {
  const int n_r = radial_.n;
  const std::size_t max_pairs = static_cast<std::size_t>(v.offsets[v.n_local]);
  resize_with_headroom(pair_start_, static_cast<std::size_t>(v.n_local) + 1);
  resize_with_headroom(trip_start_, static_cast<std::size_t>(v.n_local) + 1);
  if (pair_j_.size() < max_pairs) {
    resize_with_headroom(pair_j_, max_pairs);
    resize_with_headroom(pair_block_, max_pairs);
    for (auto* a : {&pair_ux_, &pair_uy_, &pair_uz_}) resize_with_headroom(*a, max_pairs);
    resize_with_headroom(pair_dg_, max_pairs * n_r);
  }
  std::int64_t np = 0, nt = 0;
  for (int i = 0; i < v.n_local; ++i) {
    pair_start_[i] = np;
    trip_start_[i] = nt;
    Real* g = out + static_cast<std::ptrdiff_t>(row_of[i]) * stride;
    std::fill_n(g, length(), Real(0));
    gather(v, species_map, i);
    const Near& m = near_;
    for (int k = 0; k < m.n; ++k) {
      const int sj = m.species[k];
      ani_radial_forward(m.r[k], m.fc[k], m.dfc[k], m.e0[k], m.ea[k], radial_, g + sj * n_r,
                         pair_dg_.data() + np * n_r);
      pair_j_[np] = m.index[k];
      pair_block_[np] = sj * n_r;
      const Real inv_r = Real(1) / m.r[k];
      pair_ux_[np] = m.dx[k] * inv_r;
      pair_uy_[np] = m.dy[k] * inv_r;
      pair_uz_[np] = m.dz[k] * inv_r;
      ++np;
    }
    const Short& s = short_;
    const std::size_t need = static_cast<std::size_t>(nt) + s.n * (s.n - 1) / 2;
    if (trip_j_.size() < need) {
      resize_with_headroom(trip_j_, need);
      resize_with_headroom(trip_k_, need);
      resize_with_headroom(trip_block_, need);
      resize_with_headroom(trip_geom_, need * 9);
      resize_with_headroom(trip_factors_, need * n_factors_);
    }
    Real* ga = g + radial_len_;
    for (int a = 0; a < s.n; ++a) {
      for (int b = a + 1; b < s.n; ++b) {
        const int ka = s.at[a], kb = s.at[b];
        AniTriplet<Real> t;
        t.r1 = m.r[ka];
        t.r2 = m.r[kb];
        t.fc1 = s.fc[a];
        t.fc2 = s.fc[b];
        t.dfc1 = s.dfc[a];
        t.dfc2 = s.dfc[b];
        t.cos_theta =
            (m.dx[ka] * m.dx[kb] + m.dy[ka] * m.dy[kb] + m.dz[ka] * m.dz[kb]) / (t.r1 * t.r2);
        const int block =
            radial_len_ + ani_pair_index(m.species[ka], m.species[kb], n_species_) * n_terms_;
        Real* f = trip_factors_.data() + static_cast<std::size_t>(nt) * n_factors_;
        ani_angular_factors(angular_, t, f);
        ani_angular_accumulate(angular_, f, ga + (block - radial_len_));
        trip_j_[nt] = m.index[ka];
        trip_k_[nt] = m.index[kb];
        trip_block_[nt] = block;
        Real* geom = trip_geom_.data() + nt * 9;
        geom[0] = m.dx[ka];
        geom[1] = m.dy[ka];
        geom[2] = m.dz[ka];
        geom[3] = m.dx[kb];
        geom[4] = m.dy[kb];
        geom[5] = m.dz[kb];
        geom[6] = t.r1;
        geom[7] = t.r2;
        geom[8] = t.cos_theta;
        ++nt;
      }
    }
  }
  pair_start_[v.n_local] = np;
  trip_start_[v.n_local] = nt;
}

template <class Real>
void AevComputer<Real>::backward(const NeighborView& v, const int* row_of, const Real* grad,
                                 int stride, double* fx, double* fy, double* fz) const {
  const int n_r = radial_.n;
  for (int i = 0; i < v.n_local; ++i) {
    const Real* g = grad + static_cast<std::ptrdiff_t>(row_of[i]) * stride;
    // E depends on d = r_j - r_i through |d|: dE/dd = c d / r, F_j = -dE/dd, F_i = +dE/dd.
    // Atom i's sum is kept in double, so it cancels the neighbours' terms exactly and the total
    // momentum stays zero also in float.
    double fxi = 0, fyi = 0, fzi = 0;
    for (auto p = pair_start_[i]; p < pair_start_[i + 1]; ++p) {
      const Real* gk = g + pair_block_[p];
      const Real* dg = pair_dg_.data() + p * n_r;
      Real c = 0;
      for (int k = 0; k < n_r; ++k) c += gk[k] * dg[k];
      const Real cx = c * pair_ux_[p], cy = c * pair_uy_[p], cz = c * pair_uz_[p];
      const int j = pair_j_[p];
      fxi += cx;
      fyi += cy;
      fzi += cz;
      fx[j] -= cx;
      fy[j] -= cy;
      fz[j] -= cz;
    }
    for (auto t = trip_start_[i]; t < trip_start_[i + 1]; ++t) {
      Real d_r1, d_r2, d_cos;
      ani_angular_contract(angular_,
                           trip_factors_.data() + static_cast<std::size_t>(t) * n_factors_,
                           g + trip_block_[t], d_r1, d_r2, d_cos);
      const Real* geom = trip_geom_.data() + t * 9;
      const Real r1 = geom[6], r2 = geom[7], cos_theta = geom[8];
      // cos = d1.d2 / (r1 r2): d cos / d d1 = d2 / (r1 r2) - cos d1 / r1^2 (and 1 <-> 2).
      const Real a1 = d_r1 / r1 - d_cos * cos_theta / (r1 * r1);
      const Real a2 = d_r2 / r2 - d_cos * cos_theta / (r2 * r2);
      const Real b12 = d_cos / (r1 * r2);
      const Real g1x = a1 * geom[0] + b12 * geom[3];  // dE/dd1
      const Real g1y = a1 * geom[1] + b12 * geom[4];
      const Real g1z = a1 * geom[2] + b12 * geom[5];
      const Real g2x = a2 * geom[3] + b12 * geom[0];  // dE/dd2
      const Real g2y = a2 * geom[4] + b12 * geom[1];
      const Real g2z = a2 * geom[5] + b12 * geom[2];
      const int ja = trip_j_[t], jb = trip_k_[t];
      fx[ja] -= g1x;
      fy[ja] -= g1y;
      fz[ja] -= g1z;
      fx[jb] -= g2x;
      fy[jb] -= g2y;
      fz[jb] -= g2z;
      fxi += static_cast<double>(g1x) + g2x;
      fyi += static_cast<double>(g1y) + g2y;
      fzi += static_cast<double>(g1z) + g2z;
    }
    fx[i] += fxi;
    fy[i] += fyi;
    fz[i] += fzi;
  }
}

template <class Real>
void AevComputer<Real>::tangent(const NeighborView& v, const int* row_of, const double* wx,
                                const double* wy, const double* wz, Real* out, int stride) const {
  const int n_r = radial_.n;
  for (int i = 0; i < v.n_local; ++i) {
    Real* o = out + static_cast<std::ptrdiff_t>(row_of[i]) * stride;
    std::fill(o, o + length(), Real(0));
    for (auto p = pair_start_[i]; p < pair_start_[i + 1]; ++p) {
      const int j = pair_j_[p];
      // d = r_j - r_i moves by w_j - w_i; |d| by its projection on d / r.
      const Real dr =
          static_cast<Real>((wx[j] - wx[i]) * pair_ux_[p] + (wy[j] - wy[i]) * pair_uy_[p] +
                            (wz[j] - wz[i]) * pair_uz_[p]);
      Real* ok = o + pair_block_[p];
      const Real* dg = pair_dg_.data() + p * n_r;
      for (int k = 0; k < n_r; ++k) ok[k] += dg[k] * dr;
    }
    for (auto t = trip_start_[i]; t < trip_start_[i + 1]; ++t) {
      const Real* geom = trip_geom_.data() + t * 9;
      const Real r1 = geom[6], r2 = geom[7], cos_theta = geom[8];
      const int ja = trip_j_[t], jb = trip_k_[t];
      const Real w1x = static_cast<Real>(wx[ja] - wx[i]), w1y = static_cast<Real>(wy[ja] - wy[i]),
                 w1z = static_cast<Real>(wz[ja] - wz[i]);
      const Real w2x = static_cast<Real>(wx[jb] - wx[i]), w2y = static_cast<Real>(wy[jb] - wy[i]),
                 w2z = static_cast<Real>(wz[jb] - wz[i]);
      const Real dr1 = (w1x * geom[0] + w1y * geom[1] + w1z * geom[2]) / r1;
      const Real dr2 = (w2x * geom[3] + w2y * geom[4] + w2z * geom[5]) / r2;
      // cos = d1.d2 / (r1 r2): its change is (w1.d2 + d1.w2) / (r1 r2) - cos (dr1/r1 + dr2/r2).
      const Real dcos = (w1x * geom[3] + w1y * geom[4] + w1z * geom[5] + w2x * geom[0] +
                         w2y * geom[1] + w2z * geom[2]) /
                            (r1 * r2) -
                        cos_theta * (dr1 / r1 + dr2 / r2);
      ani_angular_tangent(angular_, trip_factors_.data() + static_cast<std::size_t>(t) * n_factors_,
                          dr1, dr2, dcos, o + trip_block_[t]);
    }
  }
}

template class AevComputer<float>;
template class AevComputer<double>;

}  // namespace mdb
