#include "bench/hnlq/families.hpp"

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <string>

#include "bench/hnlq/counters.hpp"
#include "bench/hnlq/workload.hpp"
#include "kernels/hnlq/common/hnlq_params.hpp"
#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/batched.hpp"
#include "kernels/hnlq/cpu/reference.hpp"
#if defined(MDB_HAVE_CUDA)
#include "bench/hnlq/cuda_rows.hpp"
#include "kernels/cuda/device_info_cuda.hpp"
#endif

namespace mdb::bench {
namespace {

using hnlq::HnlqParams;

/// Bytes a row reads and writes per vector: floats in or out (4 n each), codes (M n) and the
/// scaling count (1) in or out; a round trip moves floats only.
double bytes_per_vector(LatticeOp op, int dim, int levels) {
  const double floats = 4.0 * dim;
  const double codes = static_cast<double>(levels) * dim + 1.0;
  return op == LatticeOp::RoundTrip ? 2.0 * floats : floats + codes;
}

/// Runs `call` once per iteration (it returns something to keep alive) under Google Benchmark's
/// own clock, and returns the seconds of the whole loop as steady_clock saw them: two clock
/// reads in all, where one per iteration (~30 ns here) would swamp a single-vector call.
template <class Call>
double timed_loop(benchmark::State& state, Call&& call) {
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    auto result = call();
    benchmark::DoNotOptimize(result);
    benchmark::ClobberMemory();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Times the row on the host; returns the seconds of the timed loop.
template <class L>
double run_host_row(benchmark::State& state, const LatticeRow& row, const HnlqParams& p,
                    LatticeWorkload& w) {
  const std::size_t n = w.count;
  const bool reference = row.impl == LatticeImpl::Reference;
  switch (row.op) {
    case LatticeOp::Encode:
      if (reference) {
        return timed_loop(state, [&] {
          return hnlq::reference_encode<L>(p, w.x_rows.data(), n, w.codes_rows.data(),
                                           w.t_rows.data());
        });
      }
      return timed_loop(state, [&] {
        return hnlq::batched_encode<L>(p, w.x_columns.data(), n, w.codes_columns.data(),
                                       w.t_columns.data());
      });
    case LatticeOp::Decode:
      if (reference) {
        return timed_loop(state, [&] {
          hnlq::reference_decode<L>(p, w.codes_rows.data(), w.t_rows.data(), n, w.out_rows.data());
          return w.out_rows.data();
        });
      }
      return timed_loop(state, [&] {
        hnlq::batched_decode<L>(p, w.codes_columns.data(), w.t_columns.data(), n,
                                w.out_columns.data());
        return w.out_columns.data();
      });
    case LatticeOp::RoundTrip:
      if (reference) {
        return timed_loop(state, [&] {
          return hnlq::reference_round_trip<L>(p, w.x_rows.data(), n, w.out_rows.data());
        });
      }
      return timed_loop(state, [&] {
        return hnlq::batched_round_trip<L>(p, w.x_columns.data(), n, w.out_columns.data());
      });
  }
  return 0.0;
}

}  // namespace

bool lattice_cuda_usable(std::string* why_not) {
#if defined(MDB_HAVE_CUDA)
  if (cuda_device_available()) return true;
  if (why_not != nullptr) *why_not = cuda_unavailable_reason();
  return false;
#else
  if (why_not != nullptr) *why_not = "lattice_bench was built without CUDA";
  return false;
#endif
}

void add_lattice_cuda_context() {
#if defined(MDB_HAVE_CUDA)
  benchmark::AddCustomContext("gpu", cuda_device_description());
  char peak[32];
  std::snprintf(peak, sizeof peak, "%.0f", cuda_peak_memory_bandwidth_gb_per_s());
  benchmark::AddCustomContext("gpu_peak_GB_per_s", peak);
#endif
}

void run_lattice_row(benchmark::State& state, const LatticeRow& row,
                     const LatticeOptions& options) {
  const HnlqParams p =
      hnlq::make_hnlq_params(row.q, row.levels, options.beta, options.overload_protection);
  LatticeWorkload w;
  try {
    w = make_lattice_workload(row.lattice, p, row.batch, options.sigma, options.seed,
                              options.input.get());
  } catch (const std::exception& e) {  // main checks --lq_input first; this is the backstop
    state.SkipWithError(e.what());
    return;
  }
  LatticeMeasurement m;
  m.vectors = row.batch;
  m.bytes = bytes_per_vector(row.op, w.dim, row.levels) * static_cast<double>(row.batch);
  m.bits_per_dim = hnlq::hnlq_bits_per_dim(p);
  m.overloaded_fraction = static_cast<double>(w.overloaded) / static_cast<double>(row.batch);
  if (row.impl == LatticeImpl::Cuda) {
#if defined(MDB_HAVE_CUDA)
    try {
      run_lattice_cuda_row(state, row, p, options, w, m);
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      return;
    }
#else
    state.SkipWithError("lattice_bench was built without CUDA");
    return;
#endif
  } else {
    m.seconds = hnlq::with_lattice(row.lattice,
                                   [&]<class L>() { return run_host_row<L>(state, row, p, w); });
  }
  m.iterations = static_cast<double>(state.iterations());
  if (row.op == LatticeOp::RoundTrip) {
    const bool rows = row.impl == LatticeImpl::Reference;
    m.mse_per_dim = rows ? mean_squared_error(w.x_rows, w.out_rows)
                         : mean_squared_error(w.x_columns, w.out_columns);
  }
  publish_lattice_counters(state, m);
}

void register_lattice_rows(const std::vector<LatticeRow>& rows, const LatticeOptions& options) {
  for (const LatticeRow& row : rows) {
    auto* b = benchmark::RegisterBenchmark(
        lattice_row_name(row).c_str(),
        [row, options](benchmark::State& state) { run_lattice_row(state, row, options); });
    // cuda rows report CUDA-event time (Google Benchmark appends /manual_time to their names);
    // host rows keep Google Benchmark's clock, with one call per iteration.
    b->Unit(benchmark::kMicrosecond);
    if (row.impl == LatticeImpl::Cuda) b->UseManualTime();
  }
}

}  // namespace mdb::bench
