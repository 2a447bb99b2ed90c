// Built with -ffast-math (model/water/CMakeLists.txt): the molecule loop evaluates formulas only,
// and glibc's vector acos needs it. No NaN or Inf logic here to lose: a torn molecule is found
// by comparing distances, which fast-math keeps.
#include "model/water/water_intramolecular.hpp"

#include <cstddef>

#include "kernels/common/bonded_terms.hpp"

namespace mdb {

namespace {

/// Energy, virial (xx yy zz xy xz yz) and whether a pair lay past its cut-off, of the molecules
/// the columns hold.
struct MoleculeSums {
  double energy = 0.0;
  std::array<double, 6> w{};
  bool far = false;
};

/// The molecule loop: a function of its own so that its restrict parameters tell GCC the
/// arrays are apart (it then vectorises; on locals it ignores restrict).
MoleculeSums molecule_terms(int n, const double* __restrict ox, const double* __restrict oy,
                            const double* __restrict oz, const double* __restrict ax,
                            const double* __restrict ay, const double* __restrict az,
                            const double* __restrict bx, const double* __restrict by,
                            const double* __restrict bz, double* __restrict f1x,
                            double* __restrict f1y, double* __restrict f1z, double* __restrict f2x,
                            double* __restrict f2y, double* __restrict f2z,
                            const WaterIntramolecular::Terms& terms, const OrthoBoxView& view) {
  const WaterIntramolecular::Terms t = terms;
  const OrthoBoxView box = view;
  double energy = 0.0;
  double w0 = 0.0, w1 = 0.0, w2 = 0.0, w3 = 0.0, w4 = 0.0, w5 = 0.0;
  int far = 0;
  for (int m = 0; m < n; ++m) {
    // Scalars first (arrays whose elements minimum_image takes by reference stay in memory,
    // and GCC then does not vectorise the loop).
    double d1x = ax[m] - ox[m], d1y = ay[m] - oy[m], d1z = az[m] - oz[m];  // H1 - O
    double d2x = bx[m] - ox[m], d2y = by[m] - oy[m], d2z = bz[m] - oz[m];  // H2 - O
    box.minimum_image(d1x, d1y, d1z);
    box.minimum_image(d2x, d2y, d2z);
    const double d1[3] = {d1x, d1y, d1z}, d2[3] = {d2x, d2y, d2z};
    const double dh[3] = {d1x - d2x, d1y - d2y, d1z - d2z};  // H1 - H2
    double g1, g2, fi[3], fk[3];
    double e = harmonic_bond(d1[0], d1[1], d1[2], t.bond_k, t.bond_r0, g1) +
               harmonic_bond(d2[0], d2[1], d2[2], t.bond_k, t.bond_r0, g2) +
               harmonic_angle(d1, d2, t.angle_k, t.theta0, fi, fk);
    const double r1 = d1[0] * d1[0] + d1[1] * d1[1] + d1[2] * d1[2];
    const double r2 = d2[0] * d2[0] + d2[1] * d2[1] + d2[2] * d2[2];
    const double rh = dh[0] * dh[0] + dh[1] * dh[1] + dh[2] * dh[2];
    far |= static_cast<int>(r1 >= t.oh.rc2) | static_cast<int>(r2 >= t.oh.rc2) |
           static_cast<int>(rh >= t.hh.rc2);
    const EwaldPairTerm x1 = t.oh.excluded_within_cutoff(r1);
    const EwaldPairTerm x2 = t.oh.excluded_within_cutoff(r2);
    const EwaldPairTerm xh = t.hh.excluded_within_cutoff(rh);
    e += x1.energy + x2.energy + xh.energy;
    g1 += x1.f_over_r;
    g2 += x2.f_over_r;
    double a[3], b[3];  // the forces on H1 and H2; O's is minus their sum
    for (int k = 0; k < 3; ++k) {
      a[k] = g1 * d1[k] + fi[k] + xh.f_over_r * dh[k];
      b[k] = g2 * d2[k] + fk[k] - xh.f_over_r * dh[k];
    }
    f1x[m] = a[0];
    f1y[m] = a[1];
    f1z[m] = a[2];
    f2x[m] = b[0];
    f2y[m] = b[1];
    f2z[m] = b[2];
    energy += e;
    w0 += d1[0] * a[0] + d2[0] * b[0];
    w1 += d1[1] * a[1] + d2[1] * b[1];
    w2 += d1[2] * a[2] + d2[2] * b[2];
    w3 += d1[0] * a[1] + d2[0] * b[1];
    w4 += d1[0] * a[2] + d2[0] * b[2];
    w5 += d1[1] * a[2] + d2[1] * b[2];
  }
  return {energy, {w0, w1, w2, w3, w4, w5}, far != 0};
}

}  // namespace

void WaterIntramolecular::bind(const std::vector<std::array<int, 3>>& angles, const Terms& terms) {
  terms_ = terms;
  const std::size_t n = angles.size();
  h1_.resize(n);
  o_.resize(n);
  h2_.resize(n);
  for (std::size_t m = 0; m < n; ++m) {
    h1_[m] = angles[m][0];
    o_[m] = angles[m][1];
    h2_[m] = angles[m][2];
  }
  for (auto& a : columns_) a.assign(n, 0.0);
  for (auto& a : forces_) a.assign(n, 0.0);
}

void WaterIntramolecular::add(System& system, ComputeFlags flags, ForceResult& out) {
  const int n = static_cast<int>(o_.size());
  const OrthoBoxView box = system.box().view();
  // Three passes, as the double real space does its pairs: gather each molecule's coordinates,
  // evaluate the terms over the arrays (the loop GCC vectorises), scatter the forces.
  {
    const auto x = system.x(), y = system.y(), z = system.z();
    double* __restrict c[9];
    for (int k = 0; k < 9; ++k) c[k] = columns_[k].data();
    for (int m = 0; m < n; ++m) {
      const int a = h1_[m], o = o_[m], b = h2_[m];
      c[0][m] = x[o];
      c[1][m] = y[o];
      c[2][m] = z[o];
      c[3][m] = x[a];
      c[4][m] = y[a];
      c[5][m] = z[a];
      c[6][m] = x[b];
      c[7][m] = y[b];
      c[8][m] = z[b];
    }
  }
  const MoleculeSums sums = molecule_terms(
      n, columns_[0].data(), columns_[1].data(), columns_[2].data(), columns_[3].data(),
      columns_[4].data(), columns_[5].data(), columns_[6].data(), columns_[7].data(),
      columns_[8].data(), forces_[0].data(), forces_[1].data(), forces_[2].data(),
      forces_[3].data(), forces_[4].data(), forces_[5].data(), terms_, box);
  double energy = sums.energy;
  std::array<double, 6> w = sums.w;
  if (sums.far) {
    for (int m = 0; m < n; ++m) fix_far_pairs(m, box, system, energy, w);
  }
  const auto fx = system.fx(), fy = system.fy(), fz = system.fz();
  const double* f1x = forces_[0].data();
  const double* f1y = forces_[1].data();
  const double* f1z = forces_[2].data();
  const double* f2x = forces_[3].data();
  const double* f2y = forces_[4].data();
  const double* f2z = forces_[5].data();
  for (int m = 0; m < n; ++m) {
    const int a = h1_[m], o = o_[m], b = h2_[m];
    fx[a] += f1x[m];
    fy[a] += f1y[m];
    fz[a] += f1z[m];
    fx[b] += f2x[m];
    fy[b] += f2y[m];
    fz[b] += f2z[m];
    fx[o] -= f1x[m] + f2x[m];
    fy[o] -= f1y[m] + f2y[m];
    fz[o] -= f1z[m] + f2z[m];
  }
  if (flags.energy) out.energy += energy;
  if (flags.virial) {
    for (int k = 0; k < 6; ++k)
      out.virial[static_cast<std::size_t>(k)] += w[static_cast<std::size_t>(k)];
  }
}

void WaterIntramolecular::fix_far_pairs(int m, const OrthoBoxView& box, const System& system,
                                        double& energy, std::array<double, 6>& w) {
  const auto x = system.x(), y = system.y(), z = system.z();
  const int h1 = h1_[m], o = o_[m], h2 = h2_[m];
  double d1[3] = {x[h1] - x[o], y[h1] - y[o], z[h1] - z[o]};
  double d2[3] = {x[h2] - x[o], y[h2] - y[o], z[h2] - z[o]};
  box.minimum_image(d1[0], d1[1], d1[2]);
  box.minimum_image(d2[0], d2[1], d2[2]);
  const double dh[3] = {d1[0] - d2[0], d1[1] - d2[1], d1[2] - d2[2]};
  // Pair (first atom's force = f_over_r d): the correction past rc less what the loop took.
  auto fix = [&](const LjCoulLongPair& p, const double d[3], std::vector<double>* first,
                 std::vector<double>* second) {
    const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    if (r2 < p.rc2) return;
    const EwaldPairTerm want = p.excluded(r2), took = p.excluded_within_cutoff(r2);
    const double g = want.f_over_r - took.f_over_r;
    energy += want.energy - took.energy;
    for (int k = 0; k < 3; ++k) {
      first[k][static_cast<std::size_t>(m)] += g * d[k];
      if (second != nullptr) second[k][static_cast<std::size_t>(m)] -= g * d[k];
    }
    w[0] += g * d[0] * d[0];
    w[1] += g * d[1] * d[1];
    w[2] += g * d[2] * d[2];
    w[3] += g * d[0] * d[1];
    w[4] += g * d[0] * d[2];
    w[5] += g * d[1] * d[2];
  };
  fix(terms_.oh, d1, &forces_[0], nullptr);  // H1 - O: O takes minus H1's in the scatter
  fix(terms_.oh, d2, &forces_[3], nullptr);
  fix(terms_.hh, dh, &forces_[0], &forces_[3]);
}

}  // namespace mdb
