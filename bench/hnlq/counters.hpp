#pragma once
// The one place lattice_bench's counter names and units live: rows fill a LatticeMeasurement and
// publish_lattice_counters turns it into Google Benchmark counters.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace mdb::bench {

/// Documentation of one counter.
struct LatticeCounterSpec {
  std::string_view name;
  std::string_view unit;
  std::string_view meaning;
};

/// Every counter lattice_bench can emit, in a stable order.
const std::vector<LatticeCounterSpec>& lattice_counter_specs();

/// What one row measured or knows, in raw units; publish_lattice_counters forms the rates (as
/// md_bench does: plain values, without the unit suffix Google Benchmark prints for rates).
struct LatticeMeasurement {
  std::size_t vectors = 0;            ///< vectors per iteration (the batch)
  double iterations = 0;              ///< timed iterations
  double seconds = 0;                 ///< their total time (the row's real or manual time)
  double bytes = 0;                   ///< bytes read and written per iteration (docs/LATTICE.md)
  double bits_per_dim = 0;            ///< M log2 q
  double overloaded_fraction = 0;     ///< share of the batch still overloaded after encoding
  std::optional<double> mse_per_dim;  ///< RoundTrip: mean (x - x^)^2 over coordinates
  /// cuda rows: seconds summed over the timed iterations (parts of `seconds`).
  std::optional<double> transfer_s, kernel_s;
  /// cuda rows: the device's peak DRAM bandwidth (GB/s), when the runtime reports it.
  std::optional<double> peak_bandwidth_gb_per_s;
};

/// The counters a measurement makes, in lattice_counter_specs()' order: vectors_per_s,
/// ns_per_vector, GB_per_s, bits_per_dim, compression_ratio, overloaded_fraction, and when
/// present mse_per_dim, and for cuda rows transfer_us, kernel_us, transfer_GB_per_s,
/// kernel_GB_per_s and peak_bandwidth_frac.
std::vector<std::pair<std::string_view, double>> lattice_counter_values(
    const LatticeMeasurement& m);

/// Sets the row's counters to lattice_counter_values(m).
void publish_lattice_counters(benchmark::State& state, const LatticeMeasurement& m);

}  // namespace mdb::bench
