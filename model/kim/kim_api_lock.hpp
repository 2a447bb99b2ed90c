#pragma once
// One lock for the KIM API's process-wide state.
#include <mutex>

namespace mdb {

/// Serialises the KIM calls that touch process-wide state: creating and destroying models and
/// compute-argument objects (the API loads shared libraries and reads its configuration file)
/// and reading the collections. Compute() on distinct models needs no lock.
inline std::mutex& kim_api_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace mdb
