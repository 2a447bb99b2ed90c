#include "model/distill/input_standardisation.hpp"

#include <cmath>
#include <cstddef>

namespace mdb {

InputStandardisation::InputStandardisation(int species, int entries)
    : entries_(entries),
      sum_(static_cast<std::size_t>(species) * entries, 0.0),
      sq_(sum_.size(), 0.0),
      count_(static_cast<std::size_t>(species), 0.0) {}

void InputStandardisation::add(int s, const double* row) {
  double* sum = sum_.data() + static_cast<std::size_t>(s) * entries_;
  double* sq = sq_.data() + static_cast<std::size_t>(s) * entries_;
  for (int k = 0; k < entries_; ++k) {
    sum[k] += row[k];
    sq[k] += row[k] * row[k];
  }
  count_[static_cast<std::size_t>(s)] += 1.0;
}

std::vector<std::vector<double>> InputStandardisation::means() const {
  std::vector<std::vector<double>> out;
  for (std::size_t s = 0; s < count_.size(); ++s) {
    std::vector<double> m(static_cast<std::size_t>(entries_), 0.0);
    for (int k = 0; k < entries_ && count_[s] > 0; ++k) m[k] = sum_[s * entries_ + k] / count_[s];
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<std::vector<double>> InputStandardisation::scales() const {
  const auto mean = means();
  std::vector<std::vector<double>> out;
  for (std::size_t s = 0; s < count_.size(); ++s) {
    std::vector<double> sc(static_cast<std::size_t>(entries_), 1.0);
    for (int k = 0; k < entries_ && count_[s] > 0; ++k) {
      const double var = sq_[s * entries_ + k] / count_[s] - mean[s][k] * mean[s][k];
      sc[k] = var > 1e-12 ? std::sqrt(var) : 1.0;
    }
    out.push_back(std::move(sc));
  }
  return out;
}

}  // namespace mdb
