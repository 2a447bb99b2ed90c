#include "model/pme/pme_params.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

#include "kernels/common/ewald_terms.hpp"
#include "kernels/common/pme_bodies.hpp"
#include "kernels/common/pme_grid_size.hpp"

namespace mdb {
namespace {

constexpr const char* kAxisName[3] = {"x", "y", "z"};

[[noreturn]] void fail(const std::string& what) {
  throw std::invalid_argument("PME: " + what);
}

std::string grid_text(const std::array<int, 3>& g) {
  return std::to_string(g[0]) + "x" + std::to_string(g[1]) + "x" + std::to_string(g[2]);
}

void check_positive(const char* name, double v, const char* unit) {
  if (!(std::isfinite(v) && v > 0.0)) {
    std::ostringstream os;
    os << name << " must be a finite number > 0 " << unit << ", not " << v;
    fail(os.str());
  }
}

void check_order(int order) {
  if (order < kPmeMinOrder || order > kPmeMaxOrder) {
    fail("the B-spline order must be " + std::to_string(kPmeMinOrder) + " to " +
         std::to_string(kPmeMaxOrder) + ", not " + std::to_string(order));
  }
}

}  // namespace

void check_pme_params(const PmeParams& p) {
  check_positive("the cutoff", p.cutoff, "Angstrom");
  check_positive("beta", p.beta, "1/Angstrom");
  check_positive("the Coulomb constant", p.coulomb_constant, "eV*Angstrom/e^2");
  check_order(p.order);
  const int min_points = 2 * (p.order - 1);
  double points = 1.0;
  for (int a = 0; a < 3; ++a) {
    if (p.grid[a] < min_points) {
      fail("grid " + grid_text(p.grid) + ": order " + std::to_string(p.order) + " needs at least " +
           std::to_string(min_points) + " points along each axis, " + kAxisName[a] + " has " +
           std::to_string(p.grid[a]));
    }
    points *= p.grid[a];
  }
  if (points > 2147483648.0) fail("grid " + grid_text(p.grid) + " has more than 2^31 points");
}

double pme_min_grid_points(double length, double beta, double cutoff) {
  return 2.0 * length * beta * beta * cutoff / kPmePi;
}

void check_pme_reach(const PmeParams& p, const Box& box) {
  for (int a = 0; a < 3; ++a) {
    const double need = pme_min_grid_points(box.length(a), p.beta, p.cutoff);
    if (p.grid[a] < need) {
      std::ostringstream os;
      os << "grid " << grid_text(p.grid) << " is too coarse for beta " << p.beta
         << " /Angstrom and cutoff " << p.cutoff
         << " Angstrom (erfc(beta cutoff) = " << std::erfc(p.beta * p.cutoff) << "): the "
         << box.length(a) << " Angstrom along " << kAxisName[a] << " need at least "
         << static_cast<int>(std::ceil(need)) << " points (a spacing of at most "
         << box.length(a) / std::ceil(need) << " Angstrom) to reach that accuracy at any order";
      fail(os.str());
    }
  }
}

PmeParams pme_params_from_settings(const PmeSettings& s, const Box& box) {
  check_positive("the cutoff", s.cutoff, "Angstrom");
  check_positive("the Fourier spacing", s.fourier_spacing, "Angstrom");
  if (!(s.ewald_rtol > 0.0 && s.ewald_rtol < 1.0)) {
    std::ostringstream os;
    os << "ewald_rtol must lie between 0 and 1 (exclusive), not " << s.ewald_rtol;
    fail(os.str());
  }
  check_order(s.order);
  PmeParams p;
  p.cutoff = s.cutoff;
  p.beta = ewald_beta_for_rtol(s.cutoff, s.ewald_rtol);
  p.order = s.order;
  for (int a = 0; a < 3; ++a) {
    p.grid[a] = pme_grid_size_for_spacing(box.length(a), s.fourier_spacing, s.order);
    if (p.grid[a] < 0) {
      std::ostringstream os;
      os << "a Fourier spacing of " << s.fourier_spacing << " Angstrom over the " << box.length(a)
         << " Angstrom along " << kAxisName[a] << " needs more than 2^20 points";
      fail(os.str());
    }
  }
  check_pme_params(p);
  check_pme_reach(p, box);
  return p;
}

}  // namespace mdb
