#include "bench/hnlq/cuda_rows.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <vector>

#include "kernels/cuda/device_info_cuda.hpp"
#include "kernels/cuda/pinned_host.hpp"
#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/batched.hpp"
#include "kernels/hnlq/cuda/hnlq_cuda.hpp"

namespace mdb::bench {
namespace {

/// Whether two buffers hold the same bytes.
template <class T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

}  // namespace

void run_lattice_cuda_row(benchmark::State& state, const LatticeRow& row, const hnlq::HnlqParams& p,
                          const LatticeOptions& options, LatticeWorkload& w,
                          LatticeMeasurement& m) {
  hnlq::HnlqDeviceRunner runner(
      row.lattice, p, w.count,
      options.cuda_graph ? hnlq::HnlqLaunch::Graph : hnlq::HnlqLaunch::Plain);
  if (const double peak = cuda_peak_memory_bandwidth_gb_per_s(); peak > 0) {
    m.peak_bandwidth_gb_per_s = peak;
  }
  // The buffers the runner copies from and to: w's columns, or page-locked copies of them (whole
  // allocations of their own: registering w's vectors in place fails where small ones share a
  // page), whose outputs go back to w after the timed loop.
  const bool pin = options.pin_host_memory;
  PinnedHostArray<float> pinned_x(pin ? w.x_columns.size() : 0);
  PinnedHostArray<float> pinned_out(pin ? w.out_columns.size() : 0);
  PinnedHostArray<std::uint8_t> pinned_codes(pin ? w.codes_columns.size() : 0);
  PinnedHostArray<std::uint8_t> pinned_t(pin ? w.t_columns.size() : 0);
  if (pin) {
    std::ranges::copy(w.x_columns, pinned_x.data());
    std::ranges::copy(w.codes_columns, pinned_codes.data());
    std::ranges::copy(w.t_columns, pinned_t.data());
  }
  float* const x = pin ? pinned_x.data() : w.x_columns.data();
  float* const out = pin ? pinned_out.data() : w.out_columns.data();
  std::uint8_t* const codes = pin ? pinned_codes.data() : w.codes_columns.data();
  std::uint8_t* const counts = pin ? pinned_t.data() : w.t_columns.data();  // T per vector
  auto call = [&]() -> hnlq::HnlqDeviceTimes {
    switch (row.op) {
      case LatticeOp::Encode:
        return runner.encode(x, codes, counts);
      case LatticeOp::Decode:
        return runner.decode(codes, counts, out);
      case LatticeOp::RoundTrip:
        break;
    }
    return runner.round_trip(x, out);
  };
  // What the CPU makes of the same inputs, before the device overwrites the buffers.
  const std::vector<std::uint8_t> cpu_codes = w.codes_columns, cpu_t = w.t_columns;
  std::vector<float> cpu_out(w.out_columns.size());
  hnlq::with_lattice(row.lattice, [&]<class L>() {
    if (row.op == LatticeOp::Decode) {
      hnlq::batched_decode<L>(p, cpu_codes.data(), cpu_t.data(), w.count, cpu_out.data());
    } else if (row.op == LatticeOp::RoundTrip) {
      hnlq::batched_round_trip<L>(p, w.x_columns.data(), w.count, cpu_out.data());
    }
  });
  static_cast<void>(call());  // warm-up: module load, first-touch of the buffers
  double total = 0.0, transfer = 0.0, kernel = 0.0;
  for (auto _ : state) {
    hnlq::HnlqDeviceTimes t;
    try {
      t = call();
    } catch (const std::exception& e) {  // an exception must not leave the timed loop
      state.SkipWithError(e.what());
      break;
    }
    state.SetIterationTime(t.total_s);
    total += t.total_s;
    transfer += t.transfer_s;
    kernel += t.kernel_s;
  }
  m.seconds = total;
  m.transfer_s = transfer;
  m.kernel_s = kernel;
  if (pin) {
    if (row.op == LatticeOp::Encode) {
      std::ranges::copy(pinned_codes.span(), w.codes_columns.begin());
      std::ranges::copy(pinned_t.span(), w.t_columns.begin());
    } else {
      std::ranges::copy(pinned_out.span(), w.out_columns.begin());
    }
  }
  const bool agrees = row.op == LatticeOp::Encode
                          ? same_bytes(cpu_codes, w.codes_columns) && same_bytes(cpu_t, w.t_columns)
                          : same_bytes(cpu_out, w.out_columns);
  if (!agrees) state.SkipWithError("cuda results differ from the CPU quantizer's");
}

}  // namespace mdb::bench
