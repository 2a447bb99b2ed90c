#pragma once
// One number printed with a printf format, as a string: what compare's and md_report's text, tables
// and findings put numbers in with.
#include <cstdio>
#include <string>

namespace mdb::compare {

/// `format` (one double conversion, e.g. "%.3g") applied to v; at most 63 characters.
inline std::string printf_string(const char* format, double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, v);
  return buffer;
}

/// A fraction as a whole percentage: 0.254 -> "25 %" (the report's shares and axis labels).
inline std::string percent_string(double fraction) {
  return printf_string("%.0f %%", fraction * 100);
}

}  // namespace mdb::compare
