#pragma once
// Change points of one series: E-divisive proposes splits, a significance test accepts them
// (Hunter's scheme), and each accepted point is reported against the segments either side.
// A pure function over a series of numbers; which run, commit and metric they are is the
// caller's business.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mdb::history {

enum class SignificanceTest {
  kTTest,        // two-sample t-test at the split, Bonferroni-adjusted for the splits tried
  kPermutation,  // Matteson & James: the split's q against the largest q of shuffled segments
};

struct DetectOptions {
  /// A split counts when its p-value is at most this. With the t-test the p-value is multiplied
  /// by the number of splits the segment offered, so on a series with no change the chance of
  /// reporting one is at most max_pvalue.
  double max_pvalue = 0.001;
  /// ... and the means either side differ by at least this fraction of the mean before.
  double min_change = 0.0;
  /// Values each side of a split at least; a change in the last runs shows once this many
  /// runs carry it.
  std::size_t min_size = 3;
  SignificanceTest test = SignificanceTest::kTTest;
  int permutations = 199;
  std::uint64_t seed = 1;
};

struct ChangePoint {
  std::size_t index = 0;  // the first value after the change
  double mean_before = 0, mean_after = 0;
  double stddev_before = 0, stddev_after = 0;
  std::size_t n_before = 0, n_after = 0;
  double rel_change = 0;  // mean_after / mean_before - 1 (inf when mean_before is 0)
  double pvalue = 1;      // as compared with max_pvalue (adjusted for the t-test)
  double q = 0;           // E-divisive's statistic at the split
};

/// The change points of `series` (finite values, oldest first), in index order; each compares
/// the segment from the previous change point (or the start) with the one up to the next (or
/// the end). Deterministic for a given options.seed.
std::vector<ChangePoint> find_change_points(std::span<const double> series,
                                            const DetectOptions& options);

}  // namespace mdb::history
