#include "compare/history/change_points.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "compare/history/e_divisive.hpp"
#include "compare/history/student_t.hpp"

namespace mdb::history {
namespace {

struct Segment {
  std::size_t begin, end;  // [begin, end)
};

// The split of `seg` at `at` judged: its statistics and p-value under the chosen test.
ChangePoint judge(std::span<const double> z, Segment seg, std::size_t at, double q,
                  const DetectOptions& o, std::mt19937_64& rng) {
  ChangePoint cp;
  cp.index = at;
  cp.q = q;
  const SampleStats a = sample_stats(z.data() + seg.begin, at - seg.begin);
  const SampleStats b = sample_stats(z.data() + at, seg.end - at);
  cp.mean_before = a.mean;
  cp.mean_after = b.mean;
  cp.stddev_before = a.stddev;
  cp.stddev_after = b.stddev;
  cp.n_before = a.n;
  cp.n_after = b.n;
  cp.rel_change = a.mean != 0   ? b.mean / a.mean - 1.0
                  : b.mean == 0 ? 0.0
                                : std::copysign(std::numeric_limits<double>::infinity(), b.mean);
  const std::size_t n = seg.end - seg.begin;
  const std::size_t m = std::max<std::size_t>(o.min_size, 1);
  if (o.test == SignificanceTest::kTTest) {
    // Bonferroni over the splits E-divisive chose among: the best of many looks is not one look.
    const double tries = static_cast<double>(n - 2 * m + 1);
    cp.pvalue = std::min(1.0, two_sample_t_test(a, b) * tries);
    return cp;
  }
  std::vector<double> shuffled(z.begin() + static_cast<std::ptrdiff_t>(seg.begin),
                               z.begin() + static_cast<std::ptrdiff_t>(seg.end));
  int as_large = 0;
  for (int k = 0; k < o.permutations; ++k) {
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    if (best_split(shuffled, m).q >= q) ++as_large;
  }
  cp.pvalue = (1.0 + as_large) / (1.0 + o.permutations);
  return cp;
}

bool accepted(const ChangePoint& cp, const DetectOptions& o) {
  return cp.pvalue <= o.max_pvalue && std::fabs(cp.rel_change) >= o.min_change;
}

}  // namespace

std::vector<ChangePoint> find_change_points(std::span<const double> z, const DetectOptions& o) {
  std::mt19937_64 rng(o.seed);
  const std::size_t m = std::max<std::size_t>(o.min_size, 1);
  // Divisive: split the segment whose best split is strongest, while splits are accepted. A
  // segment whose best split is rejected is final; the others are still tried.
  std::vector<std::size_t> cuts;  // accepted change points
  std::vector<Segment> open = {{0, z.size()}};
  while (!open.empty()) {
    std::size_t pick = 0;
    Split best;
    for (std::size_t i = 0; i < open.size(); ++i) {
      const Split s = best_split(z.subspan(open[i].begin, open[i].end - open[i].begin), m);
      if (s.found && (!best.found || s.q > best.q)) {
        best = s;
        pick = i;
      }
    }
    if (!best.found) break;
    const Segment seg = open[pick];
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(pick));
    const std::size_t at = seg.begin + best.index;
    if (!accepted(judge(z, seg, at, best.q, o, rng), o)) continue;
    cuts.push_back(at);
    open.push_back({seg.begin, at});
    open.push_back({at, seg.end});
  }
  std::sort(cuts.begin(), cuts.end());
  // Each point is reported against its neighbours' segments, which may be longer than the
  // segment it was found in; one that no longer passes is dropped (the weakest first) and its
  // neighbours judged again, as Hunter merges.
  std::vector<ChangePoint> out;
  for (;;) {
    out.clear();
    std::size_t weakest = cuts.size();
    double weakest_p = -1;
    for (std::size_t k = 0; k < cuts.size(); ++k) {
      const Segment seg{k == 0 ? 0 : cuts[k - 1], k + 1 == cuts.size() ? z.size() : cuts[k + 1]};
      const std::vector<double> q = e_divisive_q(z.subspan(seg.begin, seg.end - seg.begin));
      ChangePoint cp = judge(z, seg, cuts[k], q[cuts[k] - seg.begin], o, rng);
      if (!accepted(cp, o) && cp.pvalue > weakest_p) {
        weakest = k;
        weakest_p = cp.pvalue;
      }
      out.push_back(cp);
    }
    if (weakest == cuts.size()) break;
    cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(weakest));
  }
  return out;
}

}  // namespace mdb::history
