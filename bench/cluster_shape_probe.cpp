// cluster_shape_probe: the mixed LJ kernel on 2 x 4 rows (two i-atoms against a j-cluster,
// eight lanes; kernels/cpu/pair_cluster_mixed_loop.hpp) against the AVX-512 kernel on 4 x 4
// rows (an i-cluster against a j-cluster, sixteen lanes; pair_cluster_mixed_4x4_loop.hpp), the
// two layouts LennardJones<float> chooses between by what the build's CPU runs. One process
// builds both lists of md_bench's lj-melt state (32,000 atoms, equilibrated as md_bench does;
// PROBE_ATOMS=N for another size) and times each kernel alone over its list, one iteration a
// force call's kernel over every row (the j-sums zeroed first, as PackedClusterPass does):
//   Shape/2x4   Shape/4x4 (AVX-512 builds only)
// Counters: rows, lanes (rows x 8 or 16), time_per_row; the 4 x 4 row's max_df_rel is the
// largest difference of an atom's force from the 2 x 4 kernel's over the largest force. Each
// row also reports the minimum over repetitions ("min"): on a shared machine the least
// disturbed run. docs/PEERS.md gives the command and the figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench/cases.hpp"
#include "bench/kernel_probe.hpp"
#include "kernels/common/pair_lj.hpp"
#include "kernels/cpu/pair_cluster_mixed_4x4_loop.hpp"
#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace {

using namespace mdb;
using namespace mdb::bench;

constexpr double kCutoff = 2.5;  // sigma, lj-melt's
int g_atoms = 32000;

// The lj-melt state's lists: 2 x 4 rows (index 0) and 4 x 4 rows (index 1).
const NeighborList& melt_list(int four_i_atoms) {
  static const std::array<NeighborList, 2> lists = [] {
    const CaseSpec& c = *find_case("lj-melt");
    System s = lj_melt_state(g_atoms);
    std::array<NeighborList, 2> l = {NeighborList(kCutoff, NeighborKind::Cluster2x4, c.neighbor),
                                     NeighborList(kCutoff, NeighborKind::Cluster4x4, c.neighbor)};
    for (NeighborList& n : l) n.build(s);
    return l;
  }();
  return lists[static_cast<std::size_t>(four_i_atoms)];
}

// One kernel's packed positions, j-sums and i-forces.
struct KernelArrays {
  int copies = 2;      // j-sums' copies of each cluster
  std::size_t n = 0;   // position floats per axis
  std::size_t nj = 0;  // j-sum floats per axis
  AlignedVector<float> pos, jf;
  AlignedVector<double> fi;
  MixedClusterArrays p() { return {pos.data(), pos.data() + n, pos.data() + 2 * n}; }
  MixedClusterArrays j() { return {jf.data(), jf.data() + nj, jf.data() + 2 * nj}; }
};

KernelArrays make_arrays(const ClusterPairView& v) {
  KernelArrays a;
  const auto slots = static_cast<std::size_t>(v.n_clusters) * ClusterPairView::kClusterSize;
  a.copies = j_sum_copies(v.i_atoms_per_row);
  a.n = 2 * slots;
  a.nj = static_cast<std::size_t>(a.copies) * slots;
  a.pos.resize(3 * a.n);
  a.jf.resize(3 * a.nj);
  a.fi.resize(3 * static_cast<std::size_t>(v.n_i_slots()));
  // md_bench rounds to float about the box centre; where does not change the kernel's time.
  const double origin[3] = {0.0, 0.0, 0.0};
  pack_cluster_positions(v, origin, 0, v.n_clusters, a.p());
  return a;
}

void run_kernel(const ClusterPairView& v, const LjPair<float>& lj, KernelArrays& a) {
  std::fill(a.jf.begin(), a.jf.end(), 0.0f);
  const auto ns = static_cast<std::size_t>(v.n_i_slots());
  double* f = a.fi.data();
  const PairSums s = pair_forces_cluster_mixed_lj(v, 0, v.n_row_groups(), &lj, 1, false, a.p(),
                                                  a.j(), f, f + ns, f + 2 * ns);
  benchmark::DoNotOptimize(s);
}

// Total force on each atom: the i-forces of its slot and the j-sums of its slot and its images'.
std::vector<double> atom_forces(const ClusterPairList& l, KernelArrays& a) {
  const ClusterPairView v = l.view();
  const auto ns = static_cast<std::size_t>(v.n_i_slots());
  std::vector<double> f(3 * ns, 0.0);
  for (int c = 0; c < v.n_clusters; ++c) {
    ClusterForce s{};
    if (c < v.n_i_clusters) {
      for (std::size_t d = 0; d < 3; ++d) {
        s[d] = simd::load<simd::Double4>(a.fi.data() + d * ns + 4 * static_cast<std::size_t>(c));
      }
    }
    add_cluster_j_forces(a.j(), c, a.copies, s);
    for (int b = 0; b < 4; ++b) {
      const int owner = l.slot_owner()[static_cast<std::size_t>(4 * c + b)];
      if (owner < 0) continue;
      for (std::size_t d = 0; d < 3; ++d) f[3 * static_cast<std::size_t>(owner) + d] += s[d][b];
    }
  }
  return f;
}

void shape(benchmark::State& state, int four_i_atoms) {
  if (four_i_atoms && !simd::kHas512) {
    state.SkipWithError("this build has no AVX-512: no 4 x 4 kernel");
    return;
  }
  const ClusterPairList& l = melt_list(four_i_atoms).clusters();
  const ClusterPairView v = l.view();
  const LjPair<float> lj = make_lj_pair<float>(1.0, 1.0, kCutoff, false);
  KernelArrays a = make_arrays(v);
  if (four_i_atoms) {
    const ClusterPairList& l2 = melt_list(0).clusters();
    KernelArrays ref = make_arrays(l2.view());
    run_kernel(l2.view(), lj, ref);
    run_kernel(v, lj, a);
    const std::vector<double> f0 = atom_forces(l2, ref), f1 = atom_forces(l, a);
    state.counters["max_df_rel"] = max_relative_difference(f0, f1);
  }
  time_kernel(state, v, a.fi.data(), [&] { run_kernel(v, lj, a); });
}

}  // namespace

int main(int argc, char** argv) {
  g_atoms = probe_atoms("cluster_shape_probe");
  return run_probes(argc, argv, {"Shape/2x4", "Shape/4x4"}, shape);
}
