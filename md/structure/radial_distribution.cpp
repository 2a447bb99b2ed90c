#include "md/structure/radial_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace mdb {
namespace {

constexpr double kPi = 3.14159265358979323846;

}  // namespace

RadialDistribution::RadialDistribution(double r_max, double bin) : bin_(bin) {
  if (!std::isfinite(r_max) || !std::isfinite(bin) || !(bin > 0) || !(bin <= r_max)) {
    throw std::invalid_argument("RadialDistribution: 0 < bin <= r_max is needed (got bin " +
                                std::to_string(bin) + ", r_max " + std::to_string(r_max) + ")");
  }
  // A range that is a whole number of bins up to rounding keeps its last bin.
  counts_.assign(static_cast<std::size_t>(std::floor(r_max / bin * (1.0 + 1e-12))), 0.0);
}

void RadialDistribution::add_frame(const System& s, int species_a, int species_b) {
  const int n_species = static_cast<int>(s.species_table().size());
  if (species_a < 0 || species_b < 0 || species_a >= n_species || species_b >= n_species) {
    throw std::invalid_argument("RadialDistribution: species index out of range");
  }
  const Box& box = s.box();
  const double shortest = std::min({box.length(0), box.length(1), box.length(2)});
  if (range() > 0.5 * shortest * (1.0 + 1e-12)) {
    throw std::invalid_argument("RadialDistribution: a range of " + std::to_string(range()) +
                                " exceeds half the box's shortest side (" +
                                std::to_string(0.5 * shortest) + ")");
  }
  std::vector<std::size_t> a, b;
  const auto& type = s.species();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (type[i] == species_a) a.push_back(i);
    if (type[i] == species_b) b.push_back(i);
  }
  if (a.empty() || b.empty()) {
    throw std::invalid_argument("RadialDistribution: the frame has no atom of a species asked for");
  }
  const bool like = species_a == species_b;
  const double weight = like ? 2.0 : 1.0;  // a like pair counts from both atoms
  const double limit = range();
  for (std::size_t p = 0; p < a.size(); ++p) {
    const std::size_t i = a[p];
    for (std::size_t q = like ? p + 1 : 0; q < b.size(); ++q) {
      const std::size_t j = b[q];
      double dx = s.x()[i] - s.x()[j], dy = s.y()[i] - s.y()[j], dz = s.z()[i] - s.z()[j];
      box.minimum_image(dx, dy, dz);
      const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
      if (r < limit) {
        const auto k = std::min(counts_.size() - 1, static_cast<std::size_t>(r / bin_));
        counts_[k] += weight;
      }
    }
  }
  density_sum_ += static_cast<double>(a.size()) * static_cast<double>(b.size()) / box.volume();
  ++frames_;
}

std::vector<double> RadialDistribution::g() const {
  std::vector<double> out(counts_.size(), 0.0);
  if (frames_ == 0) return out;
  for (std::size_t k = 0; k < counts_.size(); ++k) {
    const double r0 = static_cast<double>(k) * bin_, r1 = r0 + bin_;
    const double shell = 4.0 / 3.0 * kPi * (r1 * r1 * r1 - r0 * r0 * r0);
    out[k] = counts_[k] / (density_sum_ * shell);
  }
  return out;
}

double rdf_peak_position(const RadialDistribution& rdf) {
  if (rdf.frames() == 0) throw std::invalid_argument("rdf_peak_position: no frames");
  const std::vector<double> g = rdf.g();
  const auto peak = std::max_element(g.begin(), g.end()) - g.begin();
  return rdf.r(static_cast<int>(peak));
}

double rdf_abs_difference(const RadialDistribution& a, const RadialDistribution& b) {
  if (a.frames() == 0 || b.frames() == 0 || a.bins() != b.bins() ||
      a.bin_width() != b.bin_width()) {
    throw std::invalid_argument(
        "rdf_abs_difference: both need frames and the same bins (width and count)");
  }
  const std::vector<double> ga = a.g(), gb = b.g();
  double sum = 0.0;
  for (std::size_t k = 0; k < ga.size(); ++k) sum += std::abs(ga[k] - gb[k]);
  return sum * a.bin_width();
}

}  // namespace mdb
