#include "compare/report/drift_verdict.hpp"

#include <cmath>
#include <cstdio>

namespace mdb::compare {
namespace {

namespace DL = drift_limits;

bool significant(const DriftFit& f) {
  return std::isfinite(f.se) && std::abs(f.drift) > DL::kSignificance * f.se;
}

}  // namespace

DriftVerdict judge_drift(const DriftFit& f, double bound) {
  if (!(std::abs(f.drift) > bound)) return DriftVerdict::kWithin;
  if (std::isnan(f.window_ps)) return DriftVerdict::kDrift;
  if (!(f.window_ps >= DL::kMinWindowPs) || !significant(f)) return DriftVerdict::kUnresolved;
  return DriftVerdict::kDrift;
}

std::string describe_drift_fit(const DriftFit& f) {
  if (std::isnan(f.window_ps)) return "";
  char buffer[256];
  if (std::isfinite(f.se)) {
    std::snprintf(buffer, sizeof buffer, " Fitted over %.3g ps, standard error %.2g (%.1f sigma).",
                  f.window_ps, f.se, f.se > 0 ? std::abs(f.drift) / f.se : INFINITY);
  } else {
    std::snprintf(buffer, sizeof buffer,
                  " Fitted over %.3g ps through two samples: no standard error.", f.window_ps);
  }
  std::string s = buffer;
  if (!(f.window_ps >= DL::kMinWindowPs)) {
    std::snprintf(buffer, sizeof buffer,
                  " A window under %.2g ps sees the bounded oscillation of the energy, not a "
                  "drift.",
                  DL::kMinWindowPs);
    s += buffer;
  } else if (!significant(f)) {
    std::snprintf(buffer, sizeof buffer,
                  " Within %.0f standard errors of zero: the data show no drift.",
                  DL::kSignificance);
    s += buffer;
  }
  return s;
}

}  // namespace mdb::compare
