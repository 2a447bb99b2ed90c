#include "bench/lattice/lattice_counters.hpp"

#include <string>

namespace mdb::bench {
namespace {

constexpr const char* kVectorsPerSecond = "vectors_per_s";
constexpr const char* kNsPerVector = "ns_per_vector";
constexpr const char* kGbPerSecond = "GB_per_s";
constexpr const char* kBitsPerDim = "bits_per_dim";
constexpr const char* kCompressionRatio = "compression_ratio";
constexpr const char* kOverloadedFraction = "overloaded_fraction";
constexpr const char* kMsePerDim = "mse_per_dim";
constexpr const char* kTransferUs = "transfer_us";
constexpr const char* kKernelUs = "kernel_us";

constexpr double kFloat32Bits = 32.0;

}  // namespace

const std::vector<LatticeCounterSpec>& lattice_counter_specs() {
  static const std::vector<LatticeCounterSpec> specs = {
      {kVectorsPerSecond, "1/s", "vectors encoded, decoded or round-tripped per second"},
      {kNsPerVector, "ns", "row time per vector"},
      {kGbPerSecond, "GB/s", "bytes read and written per second (10^9)"},
      {kBitsPerDim, "bit", "code bits per coordinate, M log2 q"},
      {kCompressionRatio, "", "32 / bits_per_dim: size of float32 over size of the codes"},
      {kOverloadedFraction, "", "share of the batch still overloaded after encoding"},
      {kMsePerDim, "", "RoundTrip: mean squared error per coordinate, in the input's units^2"},
      {kTransferUs, "us", "cuda: host-device copies per iteration (inside the row time)"},
      {kKernelUs, "us", "cuda: kernel time per iteration (inside the row time)"},
  };
  return specs;
}

void publish_lattice_counters(benchmark::State& state, const LatticeMeasurement& m) {
  auto set = [&state](const char* name, double value) {
    state.counters[name] = benchmark::Counter(value);
  };
  const double vectors = static_cast<double>(m.vectors) * m.iterations;
  if (vectors > 0 && m.seconds > 0) {
    set(kVectorsPerSecond, vectors / m.seconds);
    set(kNsPerVector, 1e9 * m.seconds / vectors);
    set(kGbPerSecond, 1e-9 * m.bytes * m.iterations / m.seconds);
  }
  set(kBitsPerDim, m.bits_per_dim);
  set(kCompressionRatio, kFloat32Bits / m.bits_per_dim);
  set(kOverloadedFraction, m.overloaded_fraction);
  if (m.mse_per_dim) set(kMsePerDim, *m.mse_per_dim);
  if (m.iterations > 0) {
    if (m.transfer_s) set(kTransferUs, 1e6 * *m.transfer_s / m.iterations);
    if (m.kernel_s) set(kKernelUs, 1e6 * *m.kernel_s / m.iterations);
  }
}

}  // namespace mdb::bench
