#pragma once
// Hotspots: where one benchmark's time goes and what to do about it. Pure rules on a
// BenchSummary (medians of md_bench's counters); each rule has one threshold, documented with
// its rationale in docs/REPORT.md. A rule whose counters are missing stays silent.
#include <string>
#include <string_view>
#include <vector>

#include "compare/report/run_noise.hpp"
#include "compare/report/run_summary.hpp"

namespace mdb::compare {

/// The thresholds (fractions are shares of thread time; latencies compare with the mean step).
namespace hotspot_limits {
inline constexpr double kNeighborShare = 0.25;       // frac_neigh above: rebuilds cost too much
inline constexpr double kSmallSystemAtoms = 1000;    // below: the list's halo outweighs its atoms
inline constexpr double kNeighborShareSmall = 0.35;  // frac_neigh above, below 1,000 atoms
inline constexpr double kForceShareLow = 0.60;       // frac_force below: overhead dominates
inline constexpr double kOtherShare = 0.20;          // frac_other above: time outside the phases
inline constexpr double kIntegrateShare = 0.20;      // frac_integrate above
inline constexpr double kStepCv = 0.20;              // cv above: step times vary ...
inline constexpr double kP95OverP50 = 1.5;           // ... in the body: p95 / p50 above
inline constexpr double kRebuildShare = 0.10;        // frac_neigh above: rebuilds explain a spread
inline constexpr double kRebuildReach = 0.8;  // rebuild share / tail share from which they reach it
inline constexpr double kRepetitionCv = 0.05;      // run-to-run CV above: the gate cannot see 5 %
inline constexpr double kP95OverMean = 2.0;        // p95_us / mean step above
inline constexpr double kP99OverMean = 3.0;        // p99_us / mean step above
inline constexpr double kMemGrowthMB = 10.0;       // mem_delta_MB above: leak
inline constexpr double kAllocsPerStep = 0.01;     // allocs_per_step above
inline constexpr double kEnergyDrift = 0.05;       // |energy_drift| above, meV/atom/ps
inline constexpr double kConservedDrift = 0.5;     // |conserved_drift| above, meV/atom/ps
inline constexpr double kNnDescriptorShare = 0.5;  // nn_descriptor_frac above
inline constexpr double kNnNetworkShare = 0.6;     // nn_network_frac + nn_backward_frac above
inline constexpr double kNnGemmPeak = 0.25;        // nn_gemm_peak_frac below (with the above)
}  // namespace hotspot_limits

/// How much a finding matters.
enum class Severity {
  kInfo,     // worth knowing, nothing to fix
  kWarning,  // costs time or makes the numbers less trustworthy
  kProblem,  // a failed run, a leak, broken physics
};

/// One rule that fired, in words a reader can act on.
struct Finding {
  std::string rule;  // the rule's id (docs/REPORT.md), e.g. "neighbor-share"
  Severity severity = Severity::kInfo;
  std::string observation;     // what the numbers say
  std::string recommendation;  // what to try
};

/// Everything the report says about one benchmark.
struct Hotspots {
  std::string dominant_phase;     // "force", "neighbour list", "integration", "other"; empty if
                                  // the benchmark has no phase counters
  double dominant_share = 0;      // its share of thread time
  std::vector<Finding> findings;  // most severe first

  Severity worst() const;  // kInfo when there are none
};

/// Applies every rule to `b`. An error run gets one kProblem finding and nothing else. `noise`
/// is the run's floor (run_noise of the run `b` is in): a step CV or tail within it is a note;
/// without one (the default) the fixed thresholds decide alone.
Hotspots find_hotspots(const BenchSummary& b, const RunNoise& noise = {});

/// A rule as documented: id, the counters it reads, its condition and severity.
struct HotspotRule {
  std::string_view id;
  std::string_view counters;
  std::string_view condition;  // "frac_neigh > 25 %"
  Severity severity;
};
/// Every rule, in the order find_hotspots applies them (docs/REPORT.md lists the same).
const std::vector<HotspotRule>& hotspot_rules();

std::string_view to_string(Severity s);

}  // namespace mdb::compare
