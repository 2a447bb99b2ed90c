#pragma once
// Findings on lattice_bench's rows: rules over a whole series or config rather than one
// benchmark (a speed-up needs the reference row, a plateau the neighbouring batch sizes), in the
// style of hotspots.hpp. Each rule has one threshold, documented with its rationale in
// docs/REPORT.md; a rule whose counters or rows are missing stays silent.
#include <string>
#include <vector>

#include "compare/report/hotspots.hpp"
#include "compare/report/run_summary.hpp"

namespace mdb::compare {

namespace hnlq_limits {
inline constexpr double kMinSpeedup = 1.0;          // speed-up over the reference below: slower
inline constexpr double kTransferOverKernel = 1.0;  // transfer_us / kernel_us above
inline constexpr double kPlateauBatchRatio = 10;    // a batch this much larger ...
inline constexpr double kPlateauGain = 0.10;        // ... gaining less throughput than this
inline constexpr double kComputeBoundGBps = 5.0;    // GB_per_s below: no memory system limits it
inline constexpr double kOverloaded = 0.01;         // overloaded_fraction above
inline constexpr double kBandwidthBound = 0.5;      // peak_bandwidth_frac at or above ...
inline constexpr long long kGpuFillingBatch = 1'000'000;  // ... or below it from this batch
inline constexpr double kUnderfilled = 2.0;   // kernel time per vector over the series' best
inline constexpr double kEncodeTarget = 1e5;  // Coset: encodes/s for D4 q4 M2
inline constexpr double kDecodeTarget = 2e5;  // Coset: decodes/s for D4 q4 M2
}  // namespace hnlq_limits

/// One rule that fired, and what it is about: a series ("Encode D4 q4 M2 cpu"), a config or a
/// lattice with its parameters ("D4 q4 M2").
struct LatticeFinding {
  std::string subject;
  Finding finding;
};

/// Applies every lattice rule to the run's lattice_bench rows (error runs left out; the hotspot
/// rule `error` lists them). Most severe first, then in rule order.
std::vector<LatticeFinding> find_lattice_findings(const RunSummary& run);

/// Every lattice rule, in the order find_lattice_findings applies them (docs/REPORT.md lists the
/// same).
const std::vector<HotspotRule>& lattice_rules();

}  // namespace mdb::compare
