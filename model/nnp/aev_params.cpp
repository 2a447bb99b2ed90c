#include "model/nnp/aev_params.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "kernels/common/ani_terms.hpp"

namespace mdb {

AevParams AevParams::ani_like(int n_radial, int n_angle, int n_angular_radial, double radial_cutoff,
                              double angular_cutoff) {
  if (n_radial < 1 || n_angle < 1 || n_angular_radial < 1) {
    throw std::invalid_argument("AevParams::ani_like: every term count must be >= 1");
  }
  AevParams p;
  p.radial_cutoff = radial_cutoff;
  p.angular_cutoff = angular_cutoff;
  const double r0 = 0.9;
  for (int k = 0; k < n_radial; ++k) {
    p.radial_shifts.push_back(r0 + k * (radial_cutoff - r0) / n_radial);
  }
  for (int k = 0; k < n_angle; ++k) {
    p.angle_shifts.push_back((2 * k + 1) * std::numbers::pi / (2 * n_angle));
  }
  for (int k = 0; k < n_angular_radial; ++k) {
    p.angular_shifts.push_back(r0 + k * (angular_cutoff - r0) / n_angular_radial);
  }
  return p;
}

int AevParams::radial_length(int n_species) const {
  return n_species * static_cast<int>(radial_shifts.size());
}

int AevParams::angular_length(int n_species) const {
  return n_species * (n_species + 1) / 2 * static_cast<int>(angle_shifts.size()) *
         static_cast<int>(angular_shifts.size());
}

double AevParams::max_cutoff() const {
  return std::max(radial_cutoff, angular_cutoff);
}

void AevParams::validate(const std::string& where) const {
  auto positive = [&](double v, const char* what) {
    if (!std::isfinite(v) || v <= 0.0) {
      throw std::invalid_argument(where + ": AEV " + what + " must be a finite number > 0");
    }
  };
  positive(radial_cutoff, "radial_cutoff");
  positive(angular_cutoff, "angular_cutoff");
  positive(radial_eta, "radial_eta");
  positive(angular_eta, "angular_eta");
  positive(zeta, "zeta");
  if (zeta < 1.0) throw std::invalid_argument(where + ": AEV zeta must be >= 1");
  if (angular_cutoff > radial_cutoff) {
    throw std::invalid_argument(where + ": AEV angular_cutoff exceeds radial_cutoff");
  }
  auto finite_list = [&](const std::vector<double>& v, const char* what) {
    if (v.empty()) throw std::invalid_argument(where + ": AEV " + what + " is empty");
    for (double x : v) {
      if (!std::isfinite(x)) {
        throw std::invalid_argument(where + ": AEV " + what + " holds a non-finite value");
      }
    }
  };
  finite_list(radial_shifts, "radial_shifts");

  finite_list(angle_shifts, "angle_shifts");
  if (angle_shifts.size() > static_cast<std::size_t>(kAniMaxAngleShifts)) {
    throw std::invalid_argument(where + ": AEV angle_shifts holds more than " +
                                std::to_string(kAniMaxAngleShifts) + " values");
  }
  finite_list(angular_shifts, "angular_shifts");
  if (angular_shifts.size() > static_cast<std::size_t>(kAniMaxAngularRadialShifts)) {
    throw std::invalid_argument(where + ": AEV angular_shifts holds more than " +
                                std::to_string(kAniMaxAngularRadialShifts) + " values");
  }
}

}  // namespace mdb
