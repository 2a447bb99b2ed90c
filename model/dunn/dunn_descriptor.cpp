#include "model/dunn/dunn_descriptor.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "model/dunn/dunn_terms.hpp"

namespace mdb {

DunnDescriptor::DunnDescriptor(const DunnDescriptorParams& p)
    : size_(p.size()), cutoffs_(p.cutoffs), n_desc_species_(p.n_species()) {
  normalize_ = p.normalize;
  if (normalize_) {
    mean_ = p.mean;
    for (double s : p.stdev) inv_std_.push_back(1.0 / s);
  }
  auto index_of = [](auto& list, auto same, auto make) {
    for (std::size_t k = 0; k < list.size(); ++k) {
      if (same(list[k])) return static_cast<int>(k);
    }
    list.push_back(make());
    return static_cast<int>(list.size() - 1);
  };
  for (int f = 0; f < size_; ++f) {
    const DunnSymmetryFunction& s = p.functions[static_cast<std::size_t>(f)];
    if (!s.three_body()) {
      two_body_.push_back({s.kind, s.eta, s.rs, s.kappa, f});
      continue;
    }
    const bool g4 = s.kind == DunnSymmetryKind::G4;
    has_g4_ = has_g4_ || g4;
    const int e = index_of(
        etas_, [&](double x) { return x == s.eta; }, [&] { return s.eta; });
    const int r = index_of(
        radial_, [&](const RadialFactor& x) { return x.eta == s.eta && x.g4 == g4; },
        [&] {
          return RadialFactor{e, s.eta, g4};
        });
    const double rounded = std::round(s.zeta);
    const int n =
        rounded == s.zeta && rounded >= 1 && rounded <= kDunnMaxIntZeta ? int(rounded) : 0;
    const int a = index_of(
        angular_, [&](const AngularFactor& x) { return x.lambda == s.lambda && x.zeta == s.zeta; },
        [&] {
          return AngularFactor{s.lambda, s.zeta, n};
        });
    three_body_.push_back({r, a, f, std::pow(2.0, 1.0 - s.zeta)});
  }
  // Until bind(): system species = descriptor species.
  std::vector<int> identity(static_cast<std::size_t>(n_desc_species_));
  for (int a = 0; a < n_desc_species_; ++a) identity[static_cast<std::size_t>(a)] = a;
  bind(identity);
}

void DunnDescriptor::bind(const std::vector<int>& of_system) {
  const int ns = static_cast<int>(of_system.size());
  cut_.assign(static_cast<std::size_t>(ns) * ns, 0.0);
  for (int a = 0; a < ns; ++a) {
    for (int b = 0; b < ns; ++b) {
      const int da = of_system[static_cast<std::size_t>(a)];
      const int db = of_system[static_cast<std::size_t>(b)];
      if (da < 0 || da >= n_desc_species_ || db < 0 || db >= n_desc_species_) {
        throw std::invalid_argument("DunnDescriptor: species code out of range");
      }
      cut_[static_cast<std::size_t>(a) * ns + b] =
          cutoffs_[static_cast<std::size_t>(da) * n_desc_species_ + db];
    }
  }
  n_sys_species_ = ns;
}

void DunnDescriptor::reserve(Scratch& s, int cap) const {
  s.g.resize(static_cast<std::size_t>(size_));
  s.w.resize(std::max(three_body_.size(), angular_.size() * radial_.size()));
  if (cap <= s.cap) return;
  s.cap = cap + cap / 4 + 16;  // headroom: neighbour counts drift between rebuilds
  const std::size_t c = static_cast<std::size_t>(s.cap);
  s.idx.resize(c);
  s.sp.resize(c);
  for (auto* a : {&s.dx, &s.dy, &s.dz, &s.r, &s.inv_r, &s.fc, &s.dfc, &s.gr, &s.gx, &s.gy, &s.gz}) {
    a->resize(c);
  }
  s.exp_eta.resize(etas_.size() * c);
  s.row.resize(row_arrays() * c);
}

int DunnDescriptor::gather(const NeighborView& v, int i, Scratch& s) const {
  const double xi = v.x[i], yi = v.y[i], zi = v.z[i];
  const int ns = n_sys_species_;
  const double* rc_row = cut_.data() + static_cast<std::size_t>(v.species[i]) * ns;
  int* __restrict idx = s.idx.data();
  int* __restrict sp = s.sp.data();
  double* __restrict dx = s.dx.data();
  double* __restrict dy = s.dy.data();
  double* __restrict dz = s.dz.data();
  double* __restrict r = s.r.data();  // r^2 until the second loop
  int n = 0;
  for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
    const int j = v.neighbors[k];
    const double ddx = v.x[j] - xi, ddy = v.y[j] - yi, ddz = v.z[j] - zi;
    const double r2 = ddx * ddx + ddy * ddy + ddz * ddz;
    const double rc = rc_row[v.species[j]];
    idx[n] = j;
    sp[n] = v.species[j];
    dx[n] = ddx;
    dy[n] = ddy;
    dz[n] = ddz;
    r[n] = r2;
    n += r2 < rc * rc ? 1 : 0;  // branch-free compaction: most of a list with skin is outside
  }
  double* __restrict inv_r = s.inv_r.data();
  double* __restrict fc = s.fc.data();
  double* __restrict dfc = s.dfc.data();
#pragma GCC ivdep  // GCC does not trust __restrict on local pointers
  for (int m = 0; m < n; ++m) {
    const double rm = std::sqrt(r[m]);
    const DunnRadial c = dunn_cutoff(rm, rc_row[sp[m]]);
    r[m] = rm;
    inv_r[m] = 1.0 / rm;
    fc[m] = c.value;
    dfc[m] = c.d_dr;
  }
  const std::size_t cap = static_cast<std::size_t>(s.cap);
  for (std::size_t e = 0; e < etas_.size(); ++e) {
    double* __restrict ex = s.exp_eta.data() + e * cap;
    const double eta = etas_[e];
    for (int m = 0; m < n; ++m) ex[m] = std::exp(-eta * r[m] * r[m]);
  }
  return n;
}

namespace {

/// One two-body function over a short list: returns sum_m G(r_m) and, when gr is given, adds
/// w dG/dr(r_m) to gr[m]. One loop per kind, so each vectorises.
template <class Term>
double two_body_loop(int n, const double* __restrict r, const double* __restrict fc,
                     const double* __restrict dfc, double w, double* __restrict gr, Term term) {
  double sum = 0.0;
  if (gr == nullptr) {
    for (int m = 0; m < n; ++m) sum += term(r[m], DunnRadial{fc[m], dfc[m]}).value;
  } else {
    for (int m = 0; m < n; ++m) gr[m] += w * term(r[m], DunnRadial{fc[m], dfc[m]}).d_dr;
  }
  return sum;
}

}  // namespace

double DunnDescriptor::two_body(const TwoBody& t, int n, const Scratch& s, double w,
                                double* gr) const {
  const double *r = s.r.data(), *fc = s.fc.data(), *dfc = s.dfc.data();
  switch (t.kind) {
    case DunnSymmetryKind::G1:
      return two_body_loop(n, r, fc, dfc, w, gr, [](double, DunnRadial c) { return c; });
    case DunnSymmetryKind::G2:
      return two_body_loop(n, r, fc, dfc, w, gr,
                           [&](double x, DunnRadial c) { return dunn_g2(t.eta, t.rs, x, c); });
    default:
      return two_body_loop(n, r, fc, dfc, w, gr,
                           [&](double x, DunnRadial c) { return dunn_g3(t.kappa, x, c); });
  }
}

void DunnDescriptor::forward(const NeighborView& v, int begin, int end, double* rows,
                             Scratch& s) const {
  int cap = 0;
  for (int i = begin; i < end; ++i) cap = std::max<int>(cap, int(v.offsets[i + 1] - v.offsets[i]));
  reserve(s, cap);
  for (int i = begin; i < end; ++i) {
    const int n = gather(v, i, s);
    std::fill(s.g.begin(), s.g.end(), 0.0);
    for (const TwoBody& t : two_body_) {
      s.g[static_cast<std::size_t>(t.out)] = two_body(t, n, s, 0.0, nullptr);
    }
    if (!three_body_.empty()) forward_triplets(n, s);
    double* row = rows + static_cast<std::size_t>(i - begin) * size_;
    for (int f = 0; f < size_; ++f) {
      row[f] = normalize_ ? (s.g[f] - mean_[f]) * inv_std_[f] : s.g[f];
    }
  }
}

void DunnDescriptor::backward(const NeighborView& v, int begin, int end, const double* grad_rows,
                              Scratch& s, double* fx, double* fy, double* fz) const {
  int cap = 0;
  for (int i = begin; i < end; ++i) cap = std::max<int>(cap, int(v.offsets[i + 1] - v.offsets[i]));
  reserve(s, cap);
  for (int i = begin; i < end; ++i) {
    const int n = gather(v, i, s);
    const double* grad = grad_rows + static_cast<std::size_t>(i - begin) * size_;
    for (int f = 0; f < size_; ++f) s.g[f] = normalize_ ? grad[f] * inv_std_[f] : grad[f];
    double* __restrict gr = s.gr.data();
    for (int m = 0; m < n; ++m) gr[m] = 0.0;
    for (const TwoBody& t : two_body_) {
      two_body(t, n, s, s.g[static_cast<std::size_t>(t.out)], gr);
    }
    std::fill_n(s.gx.begin(), n, 0.0);
    std::fill_n(s.gy.begin(), n, 0.0);
    std::fill_n(s.gz.begin(), n, 0.0);
    if (!three_body_.empty()) backward_triplets(n, s);
    // dE/dx_j = gr_j u_j + g_j for neighbour j; the centre takes minus the radial parts (the r_jk
    // parts cancel between j and k).
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    for (int m = 0; m < n; ++m) {
      const double c = gr[m] * s.inv_r[m];
      const double gx = c * s.dx[m] + s.gx[m], gy = c * s.dy[m] + s.gy[m],
                   gz = c * s.dz[m] + s.gz[m];
      const int j = s.idx[m];
      fx[j] -= gx;
      fy[j] -= gy;
      fz[j] -= gz;
      fxi += c * s.dx[m];
      fyi += c * s.dy[m];
      fzi += c * s.dz[m];
    }
    fx[i] += fxi;
    fy[i] += fyi;
    fz[i] += fzi;
  }
}

}  // namespace mdb
