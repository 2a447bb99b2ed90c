#include "compare/report/rebuild_tails.hpp"

#include <optional>
#include <string>
#include <vector>

#include "compare/diff/printf_string.hpp"
#include "compare/report/hotspots.hpp"

namespace mdb::compare {
namespace {

namespace HL = hotspot_limits;

// Whether rebuild steps make a latency tail at `quantile` (0.95, 0.99) of `ratio` x the mean
// step. With steps_per_build k and the list's share f, a rebuild step costs about the mean step
// plus the list's time of the k steps it serves, mean x (1 + f (k - 1)) (f also holds the list's
// upkeep on the other steps, so this errs high). A Batched row's R replicas rebuild together
// under a fixed interval (one step in k, all R lists: that cost), or, on a CPU engine, each on
// steps of its own under the displacement check (up to R steps in k, one replica's list each:
// 1 + f (k - 1) / R; k is counted on the replica that built least, and threads running replicas
// side by side make a rebuild step slower still, so that errs high too). Rebuilds reach the
// quantile when their share of the steps is at least kRebuildReach of the tail's 1 - quantile
// (k <= 25 for the p95): the few ordinary steps a machine slows fill the rest (water, rebuilding
// every 20.7-21.7 steps, has its p95 at its rebuild steps), and in.lj's every-20 policy gives k a
// hair above 20 when the timed steps end mid-interval. They explain the tail when a rebuild step
// is at least that slow. Without steps_per_build (files from before it, other programs), a real
// share of time in the list stands for both.
struct RebuildSteps {
  double every = 0;      // one step in `every` holds a rebuild
  double over_mean = 0;  // that step's time over the mean step
  int replicas = 1;      // rebuilding on steps of their own (1: together, or one simulation)
};

// The ways the rows' rebuilds can fall: together, and for a Batched row each replica apart.
std::vector<RebuildSteps> rebuild_steps(const BenchSummary& b) {
  const double k = b.value("steps_per_build"), f = b.value("frac_neigh");
  std::vector<RebuildSteps> ways = {{k, 1 + f * (k - 1), 1}};
  // Only the CPU engines' replicas are simulations of their own; the device engine keeps one
  // control block and rebuilds every replica together (kernels/common/engine_control.hpp).
  const bool own_lists = b.parts.backend.rfind("cpu", 0) == 0;
  if (const int r = b.parts.replicas; r > 1 && own_lists) {
    ways.push_back({k / r, 1 + f * (k - 1) / r, r});
  }
  return ways;
}

// A step count as a reader would write it: 1000, not 1e+03.
std::string steps_string(double k) {
  return k >= 100 ? printf_string("%.0f", k) : printf_string("%.3g", k);
}

// The way that makes a tail of `ratio` x the mean at `quantile`, if any.
std::optional<RebuildSteps> rebuilds_making_tail(const BenchSummary& b, double ratio,
                                                 double quantile) {
  if (!(b.value("steps_per_build") > 0) || !(b.value("frac_neigh") >= 0)) return std::nullopt;
  for (const RebuildSteps& w : rebuild_steps(b)) {
    if (w.every * (1 - quantile) * HL::kRebuildReach <= 1 + 1e-9 && w.over_mean >= ratio) return w;
  }
  return std::nullopt;
}

}  // namespace

bool rebuilds_explain_spread(const BenchSummary& b) {
  return b.value("frac_neigh") > HL::kRebuildShare;
}

bool rebuilds_explain_tail(const BenchSummary& b, double ratio, double quantile) {
  if (!b.has("steps_per_build")) return rebuilds_explain_spread(b);
  return rebuilds_making_tail(b, ratio, quantile).has_value();
}

// What the rebuilds that explain a tail of `ratio` x the mean at `quantile` cost, in the
// counters' words (rebuilds_making_tail's estimate).
std::string rebuild_note(const BenchSummary& b, double ratio, double quantile) {
  const double f = b.value("frac_neigh");
  const auto w = rebuilds_making_tail(b, ratio, quantile);
  if (!b.has("steps_per_build") || !w) {
    return "Slow steps are likely neighbour rebuilds (" + percent_string(f) +
           " of the time is in the list).";
  }
  const std::string cost = ", at up to about " + printf_string("%.1f", w->over_mean) +
                           "x the mean step (" + percent_string(f) +
                           " of the time is in the list).";
  if (w->replicas > 1) {
    return "Slow steps are neighbour rebuilds: each of the " + std::to_string(w->replicas) +
           " replicas rebuilds about one step in " + steps_string(b.value("steps_per_build")) +
           " on steps of its own, so one step in " + steps_string(w->every) + " holds a rebuild" +
           cost;
  }
  return "Slow steps are neighbour rebuilds: one step in " + steps_string(w->every) + " rebuilds" +
         cost;
}

}  // namespace mdb::compare
