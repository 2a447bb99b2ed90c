#pragma once
// 64-bit FNV-1a over bytes: the one digest behind a run's identity in the results history
// (run_record.cpp) and a cached state's file name, checksum and executable stamp
// (bench/state_cache.cpp, which may include compare/ but not the other way round). Header-only:
// no link dependency. Cheap and stable across builds; not a security property.
#include <cstddef>
#include <cstdint>

namespace mdb {

inline constexpr std::uint64_t kFnv1aOffset = 14695981039346656037ull;

/// h continued over the n bytes at data (start from kFnv1aOffset).
inline std::uint64_t fnv1a(const void* data, std::size_t n, std::uint64_t h = kFnv1aOffset) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace mdb
