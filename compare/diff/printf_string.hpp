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

}  // namespace mdb::compare
