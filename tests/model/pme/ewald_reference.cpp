#include "tests/model/pme/ewald_reference.hpp"

#include <cmath>
#include <random>

namespace mdb::testing {
namespace {

constexpr double kPi = 3.14159265358979323846;

double dot(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

std::array<double, 3> cross(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

double volume(const Cell& h) {
  return dot(h[0], cross(h[1], h[2]));
}

/// Rows b_i with a_i . b_j = delta_ij (no 2 pi).
Cell reciprocal(const Cell& h) {
  const double v = volume(h);
  Cell r;
  r[0] = cross(h[1], h[2]);
  r[1] = cross(h[2], h[0]);
  r[2] = cross(h[0], h[1]);
  for (auto& row : r) {
    for (double& e : row) e /= v;
  }
  return r;
}

double norm(const std::array<double, 3>& a) {
  return std::sqrt(dot(a, a));
}

void size_forces(EwaldPart& p, std::size_t n) {
  p.fx.assign(n, 0.0);
  p.fy.assign(n, 0.0);
  p.fz.assign(n, 0.0);
}

}  // namespace

EwaldPart ewald_reciprocal_sum(const Cell& cell, const Charges& c, double beta, double ke) {
  const std::size_t n = c.size();
  EwaldPart out;
  size_forces(out, n);
  const Cell rec = reciprocal(cell);
  const double v = volume(cell);
  // exp(-pi^2 m^2/beta^2) < exp(-42) past |m| = sqrt(42) beta/pi; |k_i| = |m . a_i| <= |m||a_i|.
  const double m_max = std::sqrt(42.0) * beta / kPi;
  int kmax[3];
  for (int a = 0; a < 3; ++a) kmax[a] = static_cast<int>(std::ceil(m_max * norm(cell[a])));
  std::vector<double> cs(n), sn(n);
  for (int k1 = -kmax[0]; k1 <= kmax[0]; ++k1) {
    for (int k2 = -kmax[1]; k2 <= kmax[1]; ++k2) {
      for (int k3 = -kmax[2]; k3 <= kmax[2]; ++k3) {
        if (k1 == 0 && k2 == 0 && k3 == 0) continue;
        std::array<double, 3> m{};
        for (int a = 0; a < 3; ++a) m[a] = k1 * rec[0][a] + k2 * rec[1][a] + k3 * rec[2][a];
        const double m2 = dot(m, m);
        if (m2 > m_max * m_max) continue;
        const double g = std::exp(-kPi * kPi * m2 / (beta * beta)) / m2;
        double sc = 0.0, ss = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
          const double th = 2.0 * kPi * (m[0] * c.x[i] + m[1] * c.y[i] + m[2] * c.z[i]);
          cs[i] = std::cos(th);
          sn[i] = std::sin(th);
          sc += c.q[i] * cs[i];
          ss += c.q[i] * sn[i];
        }
        const double e = ke / (2.0 * kPi * v) * g * (sc * sc + ss * ss);
        out.energy += e;
        const double vf = 2.0 * (1.0 + kPi * kPi * m2 / (beta * beta)) / m2;
        out.virial[0] += e * (1.0 - vf * m[0] * m[0]);
        out.virial[1] += e * (1.0 - vf * m[1] * m[1]);
        out.virial[2] += e * (1.0 - vf * m[2] * m[2]);
        out.virial[3] -= e * vf * m[0] * m[1];
        out.virial[4] -= e * vf * m[0] * m[2];
        out.virial[5] -= e * vf * m[1] * m[2];
        // F_i = -(2 ke/V) g q_i m (D cos th_i - C sin th_i).
        const double pre = -2.0 * ke / v * g;
        for (std::size_t i = 0; i < n; ++i) {
          const double s = pre * c.q[i] * (ss * cs[i] - sc * sn[i]);
          out.fx[i] += s * m[0];
          out.fy[i] += s * m[1];
          out.fz[i] += s * m[2];
        }
      }
    }
  }
  return out;
}

EwaldPart ewald_real_sum(const Cell& cell, const Charges& c, double beta, double ke,
                         const std::vector<std::pair<int, int>>& excluded) {
  const std::size_t n = c.size();
  EwaldPart out;
  size_forces(out, n);
  const double rc = 6.5 / beta;
  const Cell rec = reciprocal(cell);
  // Images whose shift can bring a pair (at most one cell diagonal apart) within rc.
  int nmax[3];
  for (int a = 0; a < 3; ++a) nmax[a] = static_cast<int>(std::ceil(rc * norm(rec[a]))) + 1;
  auto is_excluded = [&](std::size_t i, std::size_t j) {
    for (const auto& [a, b] : excluded) {
      if ((static_cast<std::size_t>(a) == i && static_cast<std::size_t>(b) == j) ||
          (static_cast<std::size_t>(a) == j && static_cast<std::size_t>(b) == i))
        return true;
    }
    return false;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i; j < n; ++j) {
      const double dx0 = c.x[i] - c.x[j], dy0 = c.y[i] - c.y[j], dz0 = c.z[i] - c.z[j];
      // The nearest image of an excluded pair is the one left out.
      double best = 1e300;
      int bn[3] = {0, 0, 0};
      const bool excl = i != j && is_excluded(i, j);
      if (excl) {
        for (int n1 = -nmax[0]; n1 <= nmax[0]; ++n1)
          for (int n2 = -nmax[1]; n2 <= nmax[1]; ++n2)
            for (int n3 = -nmax[2]; n3 <= nmax[2]; ++n3) {
              double d[3];
              for (int a = 0; a < 3; ++a)
                d[a] = (a == 0   ? dx0
                        : a == 1 ? dy0
                                 : dz0) +
                       n1 * cell[0][a] + n2 * cell[1][a] + n3 * cell[2][a];
              const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
              if (r2 < best) {
                best = r2;
                bn[0] = n1;
                bn[1] = n2;
                bn[2] = n3;
              }
            }
      }
      for (int n1 = -nmax[0]; n1 <= nmax[0]; ++n1) {
        for (int n2 = -nmax[1]; n2 <= nmax[1]; ++n2) {
          for (int n3 = -nmax[2]; n3 <= nmax[2]; ++n3) {
            if (i == j && n1 == 0 && n2 == 0 && n3 == 0) continue;
            if (excl && n1 == bn[0] && n2 == bn[1] && n3 == bn[2]) continue;
            const double dx = dx0 + n1 * cell[0][0] + n2 * cell[1][0] + n3 * cell[2][0];
            const double dy = dy0 + n1 * cell[0][1] + n2 * cell[1][1] + n3 * cell[2][1];
            const double dz = dz0 + n1 * cell[0][2] + n2 * cell[1][2] + n3 * cell[2][2];
            const double r2 = dx * dx + dy * dy + dz * dz;
            if (r2 > rc * rc) continue;
            const double r = std::sqrt(r2);
            // An atom with its own images counts each pair of images once: half of the sum.
            const double w = i == j ? 0.5 : 1.0;
            const double e = w * ke * c.q[i] * c.q[j] * std::erfc(beta * r) / r;
            const double f_over_r = (e + w * ke * c.q[i] * c.q[j] * 2.0 / std::sqrt(kPi) * beta *
                                             std::exp(-beta * beta * r2)) /
                                    r2;
            out.energy += e;
            out.fx[i] += f_over_r * dx;
            out.fy[i] += f_over_r * dy;
            out.fz[i] += f_over_r * dz;
            out.fx[j] -= f_over_r * dx;
            out.fy[j] -= f_over_r * dy;
            out.fz[j] -= f_over_r * dz;
            out.virial[0] += f_over_r * dx * dx;
            out.virial[1] += f_over_r * dy * dy;
            out.virial[2] += f_over_r * dz * dz;
            out.virial[3] += f_over_r * dx * dy;
            out.virial[4] += f_over_r * dx * dz;
            out.virial[5] += f_over_r * dy * dz;
          }
        }
      }
    }
  }
  return out;
}

double ewald_self_sum(const Charges& c, double beta, double ke) {
  double s = 0.0;
  for (double q : c.q) s += q * q;
  return -ke * beta / std::sqrt(kPi) * s;
}

Charges rock_salt(double a, int reps) {
  Charges c;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  for (int i = 0; i < reps; ++i)
    for (int j = 0; j < reps; ++j)
      for (int k = 0; k < reps; ++k)
        for (const auto& b : basis) {
          for (int s = 0; s < 2; ++s) {
            // The anion lattice is the cation one shifted by a/2 along x.
            c.x.push_back(a * (i + b[0] + 0.5 * s));
            c.y.push_back(a * (j + b[1]));
            c.z.push_back(a * (k + b[2]));
            c.q.push_back(s == 0 ? 1.0 : -1.0);
          }
        }
  return c;
}

Charges random_neutral_charges(int n, const std::array<double, 3>& lengths, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Charges c;
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    c.x.push_back(lengths[0] * unit(rng));
    c.y.push_back(lengths[1] * unit(rng));
    c.z.push_back(lengths[2] * unit(rng));
    c.q.push_back(2.0 * unit(rng) - 1.0);
    sum += c.q.back();
  }
  for (double& q : c.q) q -= sum / n;
  return c;
}

}  // namespace mdb::testing
