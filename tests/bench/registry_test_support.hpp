#pragma once
// What the plan's tests share (test_registry.cpp, test_registry_engines.cpp): whether a plan's
// names hold one.
#include <algorithm>
#include <string>
#include <vector>

namespace mdb::bench::registry_test {

inline bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace mdb::bench::registry_test
