#pragma once
// The label md_bench gives a row that reports another row's run (bench/shared_runs.hpp: a Scaling
// size or a one-replica Batched row timing the very steps a Step row timed), and compare's
// reading of it: such a row's figures are that row's, so it is judged under that row, once.
#include <string>
#include <string_view>

namespace mdb::compare {

inline constexpr std::string_view kMeasuredByPrefix = "measured by ";

/// The label of a row reporting the run of `row` (as md_bench names it).
inline std::string measured_by_label(const std::string& row) {
  return std::string(kMeasuredByPrefix) + row;
}

/// The row a label says measured this one, or "" for any other label.
inline std::string measured_by_of(std::string_view label) {
  if (!label.starts_with(kMeasuredByPrefix)) return "";
  return std::string(label.substr(kMeasuredByPrefix.size()));
}

}  // namespace mdb::compare
