// array_alignment_probe: what a SIMD array's alignment costs the mixed LJ kernel. The kernel
// (kernels/cpu/pair_cluster_mixed_loop.hpp) loads each j-cluster's positions and adds into its
// j-force partial sums as 32-byte vectors; std::allocator's blocks start 16 bytes past a cache
// line (glibc), where every other such vector straddles two lines. One process runs the kernel
// alone over the 2 x 4 list of md_bench's lj-melt state (32,000 atoms, equilibrated as md_bench
// does) with its float arrays placed
//   ArrayAlignment/mixed_lj/line      on a cache line (md/core/aligned_vector.hpp)
//   ArrayAlignment/mixed_lj/line+16   16 bytes past one, as std::vector<float> placed them
// One iteration is one force call's kernel over every row (the j-sums zeroed first, as
// PackedClusterPass does). docs/PERFORMANCE_HISTORY.md gives the command and the ratio.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"
#include "kernels/common/pair_lj.hpp"
#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace {

using namespace mdb;
using namespace mdb::bench;

constexpr int kAtoms = 32000;
constexpr double kCutoff = 2.5;  // sigma, lj-melt's

const NeighborList& melt_list() {
  static const NeighborList list = [] {
    const CaseSpec& c = *find_case("lj-melt");
    System s = equilibrated_system(StateKey{&c, Ensemble::NVE, kAtoms, 2026, c.timestep});
    NeighborList l(kCutoff, NeighborKind::Cluster2x4, c.neighbor);
    l.build(s);
    return l;
  }();
  return list;
}

void mixed_lj(benchmark::State& state, std::size_t offset_bytes) {
  const ClusterPairView v = melt_list().clusters().view();
  const std::size_t n = 2 * static_cast<std::size_t>(v.n_clusters) * ClusterPairView::kClusterSize;
  // Three axes of positions and of j-sums, each 2 n floats, the block shifted by offset_bytes.
  const std::size_t shift = offset_bytes / sizeof(float);
  AlignedVector<float> pos_buf(3 * n + shift), jf_buf(3 * n + shift);
  float* p = pos_buf.data() + shift;
  float* j = jf_buf.data() + shift;
  const MixedClusterArrays pos{p, p + n, p + 2 * n};
  const MixedClusterArrays jf{j, j + n, j + 2 * n};
  // md_bench rounds to float about the box centre; where does not change the kernel's time.
  const double origin[3] = {0.0, 0.0, 0.0};
  pack_cluster_positions(v, origin, 0, v.n_clusters, pos);
  AlignedVector<double> fi(3 * static_cast<std::size_t>(v.n_i_slots()));
  const LjPair<float> lj = make_lj_pair<float>(1.0, 1.0, kCutoff, false);
  for (auto _ : state) {
    std::fill(j, j + 3 * n, 0.0f);
    const PairSums s = pair_forces_cluster_mixed_dispatch(
        v, 0, v.n_row_groups(), &lj, 1, false, pos, jf, fi.data(), fi.data() + v.n_i_slots(),
        fi.data() + 2 * v.n_i_slots());
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(fi.data());
  }
  const auto rows = static_cast<double>(v.row_offsets[v.n_row_groups()]);
  state.counters["rows"] = rows;
  // Seconds per row (shown as ns).
  state.counters["time_per_row"] = benchmark::Counter(
      rows, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

BENCHMARK_CAPTURE(mixed_lj, line, 0)->Name("ArrayAlignment/mixed_lj/line")->UseRealTime();
BENCHMARK_CAPTURE(mixed_lj, line16, 16)->Name("ArrayAlignment/mixed_lj/line+16")->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
