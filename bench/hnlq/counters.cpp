#include "bench/hnlq/counters.hpp"

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
constexpr const char* kTransferGbPerSecond = "transfer_GB_per_s";
constexpr const char* kKernelGbPerSecond = "kernel_GB_per_s";
constexpr const char* kPeakBandwidthFraction = "peak_bandwidth_frac";

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
      {kTransferGbPerSecond, "GB/s", "cuda: the row's bytes over the copies' time (the link)"},
      {kKernelGbPerSecond, "GB/s", "cuda: the row's bytes over the kernel's time (device memory)"},
      {kPeakBandwidthFraction, "",
       "cuda: kernel_GB_per_s over the device's peak DRAM bandwidth (memory clock x bus width)"},
  };
  return specs;
}

std::vector<std::pair<std::string_view, double>> lattice_counter_values(
    const LatticeMeasurement& m) {
  std::vector<std::pair<std::string_view, double>> out;
  auto set = [&out](const char* name, double value) { out.emplace_back(name, value); };
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
    // The kernel reads and writes the same bytes the copies move (inputs in, outputs out).
    const double gb = 1e-9 * m.bytes * m.iterations;
    if (m.transfer_s) {
      set(kTransferUs, 1e6 * *m.transfer_s / m.iterations);
      if (*m.transfer_s > 0) set(kTransferGbPerSecond, gb / *m.transfer_s);
    }
    if (m.kernel_s) {
      set(kKernelUs, 1e6 * *m.kernel_s / m.iterations);
      if (*m.kernel_s > 0) {
        set(kKernelGbPerSecond, gb / *m.kernel_s);
        if (m.peak_bandwidth_gb_per_s && *m.peak_bandwidth_gb_per_s > 0) {
          set(kPeakBandwidthFraction, gb / *m.kernel_s / *m.peak_bandwidth_gb_per_s);
        }
      }
    }
  }
  return out;
}

void publish_lattice_counters(benchmark::State& state, const LatticeMeasurement& m) {
  for (const auto& [name, value] : lattice_counter_values(m)) {
    state.counters[std::string(name)] = benchmark::Counter(value);
  }
}

}  // namespace mdb::bench
