#pragma once
// Synthetic EAM files for tests that must not depend on installed potentials: analytic functions
// (a Morse pair term, an exponential density, F = -A sqrt(rho) + B rho) with a smooth cutoff,
// tabulated in the three formats LAMMPS reads. Roughly aluminium-like near a = 4.05 A (fcc).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "model/eam_file.hpp"

namespace mdb::test {

/// The analytic functions of one synthetic element.
struct SyntheticElement {
  std::string name;
  double mass;
  double morse_d, morse_alpha;  ///< eV, 1/A
  double rho_beta, rho_scale;   ///< 1/A, density units
  double f_a, f_b;              ///< F = -f_a sqrt(rho) + f_b rho
};

inline const SyntheticElement kSynthA{"Aa", 26.98, 0.20, 1.5, 2.0, 1.0, 1.5, 0.05};
inline const SyntheticElement kSynthB{"Bb", 58.69, 0.26, 1.4, 1.8, 1.3, 1.9, 0.04};

/// The grid the synthetic files share.
struct SyntheticGrid {
  int nrho = 2001;
  double drho = 0.02;
  int nr = 2000;
  double dr = 0.003;
  double cut = 5.5;
  double r0 = 2.86;  ///< Morse minimum and density reference, A
};

/// x^4 / (1 + x^4) with x = (rc - r) / 1 A: 0 at the cutoff with three derivatives.
inline double synthetic_taper(double r, double rc) {
  if (r >= rc) return 0.0;
  const double x = rc - r;
  const double x4 = x * x * x * x;
  return x4 / (1.0 + x4);
}

inline double synthetic_rho(const SyntheticElement& e, const SyntheticGrid& g, double r) {
  return e.rho_scale * std::exp(-e.rho_beta * (r - g.r0)) * synthetic_taper(r, g.cut);
}

inline double synthetic_phi(const SyntheticElement& a, const SyntheticElement& b,
                            const SyntheticGrid& g, double r) {
  const double d = 0.5 * (a.morse_d + b.morse_d);
  const double alpha = 0.5 * (a.morse_alpha + b.morse_alpha);
  const double u = std::exp(-alpha * (r - g.r0));
  return d * (u * u - 2.0 * u) * synthetic_taper(r, g.cut);
}

inline double synthetic_f(const SyntheticElement& e, double rho) {
  return -e.f_a * std::sqrt(rho) + e.f_b * rho;
}

/// Appends n values of f(k) (k = 0..n-1), five to a line.
template <class F>
void append_table(std::string& out, int n, F f) {
  char buf[32];
  for (int k = 0; k < n; ++k) {
    std::snprintf(buf, sizeof buf, "%.16e", f(k));
    out.append(buf).append(k % 5 == 4 || k == n - 1 ? "\n" : " ");
  }
}

inline std::string grid_line(const SyntheticGrid& g) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%d %.16e %d %.16e %.16e\n", g.nrho, g.drho, g.nr, g.dr, g.cut);
  return buf;
}

/// A setfl (fs: Finnis-Sinclair, whose density of element a at an atom of element b is a's
/// density scaled by 1 + 0.1 b, so that the per-pair functions differ) file's text.
inline std::string synthetic_setfl_text(const std::vector<SyntheticElement>& elements, bool fs,
                                        const SyntheticGrid& g = {}) {
  std::string out = "synthetic EAM for tests\nanalytic Morse + exponential density\nline 3\n";
  out += std::to_string(elements.size());
  for (const auto& e : elements) out += " " + e.name;
  out += "\n" + grid_line(g);
  const int n = static_cast<int>(elements.size());
  for (const auto& e : elements) {
    out += "0 " + std::to_string(e.mass) + " 4.05 fcc\n";
    append_table(out, g.nrho, [&](int k) { return synthetic_f(e, k * g.drho); });
    for (int b = 0; b < (fs ? n : 1); ++b) {
      const double scale = fs ? 1.0 + 0.1 * b : 1.0;
      append_table(out, g.nr, [&](int k) { return scale * synthetic_rho(e, g, k * g.dr); });
    }
  }
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b <= a; ++b) {
      append_table(out, g.nr, [&](int k) {
        const double r = k * g.dr;
        return r * synthetic_phi(elements[a], elements[b], g, r);
      });
    }
  }
  return out;
}

/// A funcfl file's text: Z(r) = sqrt(r phi(r) / (27.2 * 0.529)) where phi < 0 is not
/// representable, so Z is an exponential whose square gives a repulsive pair term.
inline std::string synthetic_funcfl_text(const SyntheticElement& e, const SyntheticGrid& g = {}) {
  std::string out = "synthetic funcfl for tests\n";
  out += "0 " + std::to_string(e.mass) + " 4.05 FCC\n" + grid_line(g);
  append_table(out, g.nrho, [&](int k) { return synthetic_f(e, k * g.drho); });
  append_table(out, g.nr, [&](int k) {
    const double r = k * g.dr;
    return 0.3 * std::exp(-0.9 * (r - g.r0)) * synthetic_taper(r, g.cut);
  });
  append_table(out, g.nr, [&](int k) { return synthetic_rho(e, g, k * g.dr); });
  return out;
}

inline EamFile synthetic_setfl(const std::vector<SyntheticElement>& elements) {
  return parse_eam_file("synthetic.eam.alloy", synthetic_setfl_text(elements, false),
                        EamFormat::Setfl);
}
inline EamFile synthetic_fs(const std::vector<SyntheticElement>& elements) {
  return parse_eam_file("synthetic.eam.fs", synthetic_setfl_text(elements, true), EamFormat::Fs);
}
inline EamFile synthetic_funcfl(const SyntheticElement& e) {
  return parse_eam_file(e.name + ".eam", synthetic_funcfl_text(e), EamFormat::Funcfl);
}

}  // namespace mdb::test
