#include "md/core/box.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mdb {
namespace {
constexpr const char* kAxis[3] = {"x", "y", "z"};

void check(const std::array<double, 3>& lo, const std::array<double, 3>& len) {
  for (int a = 0; a < 3; ++a) {
    if (!std::isfinite(len[a]) || len[a] <= 0.0) {
      throw std::invalid_argument(std::string("Box: length along ") + kAxis[a] +
                                  " must be finite and > 0 (got " + std::to_string(len[a]) + ")");
    }
    if (!std::isfinite(lo[a])) {
      throw std::invalid_argument(std::string("Box: lower corner along ") + kAxis[a] +
                                  " must be finite");
    }
  }
}
}  // namespace

Box::Box(std::array<double, 3> lo, std::array<double, 3> lengths) : lo_(lo), len_(lengths) {
  check(lo_, len_);
  refresh_view();
}

void Box::scale(double sx, double sy, double sz) {
  std::array<double, 3> len{len_[0] * sx, len_[1] * sy, len_[2] * sz};
  check(lo_, len);
  len_ = len;
  refresh_view();
}

void Box::refresh_view() {
  for (int a = 0; a < 3; ++a) {
    view_.lo[a] = lo_[a];
    view_.len[a] = len_[a];
    view_.inv_len[a] = 1.0 / len_[a];
  }
}

}  // namespace mdb
