#pragma once
// compare's own table of metric names and which way is better. compare/ depends on nothing else
// in the project, so it cannot read md_bench's or lattice_bench's counter tables; a test checks
// that this one knows every counter either emits.
#include <string>
#include <string_view>
#include <vector>

namespace mdb::compare {

/// Which way a metric should move.
enum class Direction {
  kLower,     // smaller is better (times, latencies, memory)
  kHigher,    // larger is better (throughputs)
  kLowerAbs,  // closer to zero is better (energy drift, which is noise around 0 and may be < 0)
  kInfo,      // shown, never gated (phase fractions, temperatures, process-wide peaks)
  kIdentity,  // describes the problem; OLD and NEW must agree or the rows are not comparable
};

/// How one metric is judged. A change is beyond tolerance when the relative change exceeds
/// `threshold` AND the absolute change exceeds `abs_tolerance` (in the metric's own unit); the
/// second guard keeps metrics that sit at or near zero (allocations, drift) from flagging noise.
struct MetricSpec {
  std::string name;
  Direction direction = Direction::kInfo;
  double threshold = 0.05;   // relative, 0.05 = 5 %
  double abs_tolerance = 0;  // absolute, in `unit`
  std::string unit;          // for display; "ns" for real_time/cpu_time (compare works in ns)
  bool timing = false;       // moves with speed: --threshold and "gate_timing" apply to it
  // Moves between runs of one build on one machine: every timing metric, and the drifts, whose
  // trajectory's length follows the iteration count Google Benchmark picks by time. With too
  // few samples for the U test such a change is only likely (diff.hpp); a count, an accuracy
  // or a memory growth repeats, and its threshold decides alone.
  bool varies_between_runs = false;
  bool known = true;  // false for counters missing from the table (kept as kInfo)
};

/// The built-in table: real_time, cpu_time, Google Benchmark's memory-manager keys and every
/// md_bench and lattice_bench counter.
const std::vector<MetricSpec>& builtin_metrics();

/// The built-in spec for `name`; unknown names get kInfo with known = false.
MetricSpec builtin_metric(std::string_view name);

std::string_view to_string(Direction d);

/// A number as iostreams print it ("64", "0.05", "1e+06"), for notes and limit descriptions.
std::string plain_number(double v);
/// Parses "lower", "higher", "lower_abs", "info", "identity"; false on anything else.
bool parse_direction(std::string_view text, Direction& out);

}  // namespace mdb::compare
