// double_shape_probe: the double-precision LJ kernel of the `cpu` rows on the rows it can run,
// kernel alone over each list of md_bench's lj-melt state (32,000 atoms; PROBE_ATOMS=N for
// another size), one iteration a force call's kernel over every row:
//   DoubleShape/1x4            one i-atom against a j-cluster in four 256-bit lanes
//                              (kernels/cpu/pair_cluster_loop.hpp)
//   DoubleShape/2x4            two i-atoms in eight 512-bit lanes, the j-cluster and its partial
//                              sums held twice (pair_cluster_mixed_loop.hpp on Double8: the rows
//                              kernels/cpu/double_row_choice.hpp picks where they pay)
//   DoubleShape/4x4_halves     the i-cluster in two eight-lane halves, the halves' j-products
//                              added before the update (this file's, measured and not kept)
//   DoubleShape/2x4_slot_sums  2 x 4 rows over the 1 x 4 kernel's per-slot arrays, the j-cluster
//                              broadcast into both halves and the products added to four lanes
//                              before the update (this file's, measured and not kept)
// All but 1x4 need an AVX-512 build. Counters: rows, lanes, time_per_row, max_df_rel (the largest
// difference of an atom's force from the 1 x 4 kernel's over the largest force), and the minimum
// over repetitions ("min"). docs/PEERS.md gives the command and the figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "bench/cases.hpp"
#include "bench/kernel_probe.hpp"
#include "kernels/common/pair_lj.hpp"
#include "kernels/cpu/pair_cluster_loop.hpp"
#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "kernels/cpu/simd_avx512.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace {

using namespace mdb;
using namespace mdb::bench;

constexpr double kCutoff = 2.5;  // sigma, lj-melt's
int g_atoms = 32000;

constexpr NeighborKind kKinds[3] = {NeighborKind::Cluster, NeighborKind::Cluster2x4,
                                    NeighborKind::Cluster4x4};
int list_of(int shape) {
  return shape == 3 ? 1 : shape;
}
bool slot_arrays(int shape) {
  return shape == 0 || shape == 3;
}

const NeighborList& melt_list(int shape) {
  static const std::array<NeighborList, 3> lists = [] {
    const CaseSpec& c = *find_case("lj-melt");
    System s = lj_melt_state(g_atoms);
    std::array<NeighborList, 3> l = {NeighborList(kCutoff, kKinds[0], c.neighbor),
                                     NeighborList(kCutoff, kKinds[1], c.neighbor),
                                     NeighborList(kCutoff, kKinds[2], c.neighbor)};
    for (NeighborList& n : l) n.build(s);
    return l;
  }();
  return lists[static_cast<std::size_t>(shape)];
}

struct Arrays {
  std::size_t slots = 0;
  AlignedVector<double> pos;  // 1 x 4: unused; else each cluster twice, 8 per cluster per axis
  AlignedVector<double> jf;   // 1 x 4: per slot (i and j); else twice per cluster
  AlignedVector<double> fi;   // i-forces per slot (2 x 4, 4 x 4)
  double* p(int a) { return pos.data() + static_cast<std::size_t>(a) * 2 * slots; }
  double* j(int a, int shape) {
    return jf.data() + static_cast<std::size_t>(a) * (slot_arrays(shape) ? 1 : 2) * slots;
  }
};

Arrays make_arrays(const ClusterPairView& v, int shape) {
  Arrays a;
  a.slots = static_cast<std::size_t>(v.n_clusters) * 4;
  a.jf.resize(3 * (slot_arrays(shape) ? 1 : 2) * a.slots);
  if (!slot_arrays(shape)) {
    a.pos.resize(3 * 2 * a.slots);
    a.fi.resize(3 * a.slots);
    const double* in[3] = {v.x, v.y, v.z};
    for (int d = 0; d < 3; ++d) {
      for (int c = 0; c < v.n_clusters; ++c) {
        for (int l = 0; l < 4; ++l) {
          a.p(d)[8 * c + l] = a.p(d)[8 * c + 4 + l] = in[d][4 * c + l];
        }
      }
    }
  }
  return a;
}

#if defined(__AVX512F__)
struct Lj8 {
  __m512d lj1, lj2, rc2, one;
};

// 4 x 4 rows in two halves, each a pair of i-atoms (lanes 0-3, 4-7) against the j-cluster at
// p + 8 cj.
void kernel_4x4_halves(const ClusterPairView& v, const Lj8& lj, Arrays& a) {
  constexpr int kHalves = 2;
  const double* __restrict x = a.p(0);
  const double* __restrict y = a.p(1);
  const double* __restrict z = a.p(2);
  double* __restrict jx = a.jf.data();
  double* __restrict jy = jx + 2 * a.slots;
  double* __restrict jz = jy + 2 * a.slots;
  double* fo[3] = {a.fi.data(), a.fi.data() + a.slots, a.fi.data() + 2 * a.slots};
  const std::int64_t* __restrict off = v.row_offsets;
  const int* __restrict rc = v.row_cluster;
  const std::uint16_t* __restrict rm = v.row_mask;
  constexpr int kI = 2 * kHalves;  // i-atoms per row
  struct Half {
    __m512d dx, dy, dz, r2, r2inv;
    __mmask8 listed;
  };
  struct Row {
    int cj;
    Half h[kHalves];
  };
  for (int g = 0; g < v.n_row_groups(); ++g) {
    const std::int64_t kb = off[g], ke = off[g + 1];
    const int si = kI * g;
    __m512d xi[kHalves], yi[kHalves], zi[kHalves];
    __m512d fix[kHalves], fiy[kHalves], fiz[kHalves];
    for (int h = 0; h < kHalves; ++h) fix[h] = fiy[h] = fiz[h] = _mm512_setzero_pd();
    // i-values straight from the slot positions (pos holds clusters twice: slot s at 8(s/4)+s%4).
    for (int h = 0; h < kHalves; ++h) {
      const int s = si + 2 * h;
      auto at = [&](const double* p, int slot) { return p[8 * (slot / 4) + slot % 4]; };
      xi[h] = _mm512_insertf64x4(_mm512_set1_pd(at(x, s)), _mm256_set1_pd(at(x, s + 1)), 1);
      yi[h] = _mm512_insertf64x4(_mm512_set1_pd(at(y, s)), _mm256_set1_pd(at(y, s + 1)), 1);
      zi[h] = _mm512_insertf64x4(_mm512_set1_pd(at(z, s)), _mm256_set1_pd(at(z, s + 1)), 1);
    }
    if (kb == ke) {
      for (double* f : fo) {
        for (int l = 0; l < kI; ++l) f[si + l] = 0.0;
      }
      continue;
    }
    auto start = [&](std::int64_t k) {
      Row r;
      r.cj = rc[k];
      const std::size_t pj = 8 * static_cast<std::size_t>(r.cj);
      const __m512d xj = _mm512_load_pd(x + pj), yj = _mm512_load_pd(y + pj),
                    zj = _mm512_load_pd(z + pj);
      for (int h = 0; h < kHalves; ++h) {
        Half& q = r.h[h];
        q.listed = static_cast<__mmask8>(rm[k] >> (8 * h));
        q.dx = _mm512_sub_pd(xi[h], xj);
        q.dy = _mm512_sub_pd(yi[h], yj);
        q.dz = _mm512_sub_pd(zi[h], zj);
        q.r2 = _mm512_fmadd_pd(q.dz, q.dz, _mm512_fmadd_pd(q.dy, q.dy, _mm512_mul_pd(q.dx, q.dx)));
        q.r2inv = _mm512_div_pd(lj.one, _mm512_mask_blend_pd(q.listed, lj.one, q.r2));
      }
      return r;
    };
    Row cur = start(kb);
    for (std::int64_t k = kb; k < ke; ++k) {
      const Row next = start(k + 1);
      const std::size_t pj = 8 * static_cast<std::size_t>(cur.cj);
      __m512d sx = _mm512_setzero_pd(), sy = sx, sz = sx;
      for (int h = 0; h < kHalves; ++h) {
        const Half& q = cur.h[h];
        const __mmask8 in = _mm512_mask_cmp_pd_mask(q.listed, q.r2, lj.rc2, _CMP_LT_OQ);
        const __m512d r4 = _mm512_mul_pd(q.r2inv, q.r2inv);
        const __m512d r6 = _mm512_mul_pd(r4, q.r2inv);
        const __m512d fr =
            _mm512_maskz_mul_pd(in, _mm512_mul_pd(r4, r4), _mm512_fmsub_pd(lj.lj1, r6, lj.lj2));
        const __m512d fx = _mm512_mul_pd(q.dx, fr), fy = _mm512_mul_pd(q.dy, fr),
                      fz = _mm512_mul_pd(q.dz, fr);
        fix[h] = _mm512_add_pd(fix[h], fx);
        fiy[h] = _mm512_add_pd(fiy[h], fy);
        fiz[h] = _mm512_add_pd(fiz[h], fz);
        sx = _mm512_add_pd(sx, fx), sy = _mm512_add_pd(sy, fy), sz = _mm512_add_pd(sz, fz);
      }
      _mm512_store_pd(jx + pj, _mm512_sub_pd(_mm512_load_pd(jx + pj), sx));
      _mm512_store_pd(jy + pj, _mm512_sub_pd(_mm512_load_pd(jy + pj), sy));
      _mm512_store_pd(jz + pj, _mm512_sub_pd(_mm512_load_pd(jz + pj), sz));
      cur = next;
    }
    for (int h = 0; h < kHalves; ++h) {
      const __m512d* acc[3] = {&fix[h], &fiy[h], &fiz[h]};
      for (int d = 0; d < 3; ++d) {
        alignas(64) double t[8];
        _mm512_store_pd(t, *acc[d]);
        fo[d][si + 2 * h] = (t[0] + t[1]) + (t[2] + t[3]);
        fo[d][si + 2 * h + 1] = (t[4] + t[5]) + (t[6] + t[7]);
      }
    }
  }
}

// 2 x 4 rows over the 1 x 4 kernel's arrays: positions per slot (a j-cluster's four loaded into
// both halves by one broadcasting load), the two halves' j-products added to four lanes and
// subtracted from the per-slot forces, the i-forces added there too.
void kernel_slots(const ClusterPairView& v, const Lj8& lj, Arrays& a) {
  const double* __restrict x = v.x;
  const double* __restrict y = v.y;
  const double* __restrict z = v.z;
  double* __restrict fx = a.jf.data();
  double* __restrict fy = fx + a.slots;
  double* __restrict fz = fy + a.slots;
  const std::int64_t* __restrict off = v.row_offsets;
  const int* __restrict rc = v.row_cluster;
  const std::uint16_t* __restrict rm = v.row_mask;
  struct Row {
    std::size_t sj;
    __m512d dx, dy, dz, r2, r2inv;
    __mmask8 listed;
  };
  auto j8 = [](const double* p) { return _mm512_broadcast_f64x4(_mm256_load_pd(p)); };
  auto fold = [](__m512d v8) {
    return _mm256_add_pd(_mm512_castpd512_pd256(v8), _mm512_extractf64x4_pd(v8, 1));
  };
  for (int g = 0; g < v.n_row_groups(); ++g) {
    const std::int64_t kb = off[g], ke = off[g + 1];
    if (kb == ke) continue;
    const int si = 2 * g;
    const __m512d xi = _mm512_insertf64x4(_mm512_set1_pd(x[si]), _mm256_set1_pd(x[si + 1]), 1);
    const __m512d yi = _mm512_insertf64x4(_mm512_set1_pd(y[si]), _mm256_set1_pd(y[si + 1]), 1);
    const __m512d zi = _mm512_insertf64x4(_mm512_set1_pd(z[si]), _mm256_set1_pd(z[si + 1]), 1);
    __m512d fix = _mm512_setzero_pd(), fiy = fix, fiz = fix;
    auto start = [&](std::int64_t k) {
      Row r;
      r.sj = 4 * static_cast<std::size_t>(static_cast<unsigned>(rc[k]));
      r.listed = static_cast<__mmask8>(rm[k]);
      r.dx = _mm512_sub_pd(xi, j8(x + r.sj));
      r.dy = _mm512_sub_pd(yi, j8(y + r.sj));
      r.dz = _mm512_sub_pd(zi, j8(z + r.sj));
      r.r2 = _mm512_fmadd_pd(r.dz, r.dz, _mm512_fmadd_pd(r.dy, r.dy, _mm512_mul_pd(r.dx, r.dx)));
      r.r2inv = _mm512_div_pd(lj.one, _mm512_mask_blend_pd(r.listed, lj.one, r.r2));
      return r;
    };
    Row cur = start(kb);
    for (std::int64_t k = kb; k < ke; ++k) {
      const Row next = start(k + 1);
      const __mmask8 in = _mm512_mask_cmp_pd_mask(cur.listed, cur.r2, lj.rc2, _CMP_LT_OQ);
      const __m512d r4 = _mm512_mul_pd(cur.r2inv, cur.r2inv);
      const __m512d r6 = _mm512_mul_pd(r4, cur.r2inv);
      const __m512d fr =
          _mm512_maskz_mul_pd(in, _mm512_mul_pd(r4, r4), _mm512_fmsub_pd(lj.lj1, r6, lj.lj2));
      const __m512d px = _mm512_mul_pd(cur.dx, fr), py = _mm512_mul_pd(cur.dy, fr),
                    pz = _mm512_mul_pd(cur.dz, fr);
      fix = _mm512_add_pd(fix, px);
      fiy = _mm512_add_pd(fiy, py);
      fiz = _mm512_add_pd(fiz, pz);
      const std::size_t sj = cur.sj;
      _mm256_store_pd(fx + sj, _mm256_sub_pd(_mm256_load_pd(fx + sj), fold(px)));
      _mm256_store_pd(fy + sj, _mm256_sub_pd(_mm256_load_pd(fy + sj), fold(py)));
      _mm256_store_pd(fz + sj, _mm256_sub_pd(_mm256_load_pd(fz + sj), fold(pz)));
      cur = next;
    }
    alignas(64) double t[3][8];
    _mm512_store_pd(t[0], fix);
    _mm512_store_pd(t[1], fiy);
    _mm512_store_pd(t[2], fiz);
    double* f[3] = {fx, fy, fz};
    for (int d = 0; d < 3; ++d) {
      f[d][si] += (t[d][0] + t[d][1]) + (t[d][2] + t[d][3]);
      f[d][si + 1] += (t[d][4] + t[d][5]) + (t[d][6] + t[d][7]);
    }
  }
}
#endif

void run(const ClusterPairView& v, int shape, Arrays& a) {
  std::fill(a.jf.begin(), a.jf.end(), 0.0);
  if (shape == 0) {
    const LjPair<double> lj = make_lj_pair<double>(1.0, 1.0, kCutoff, false);
    const auto s = a.slots;
    const PairSums r = pair_forces_cluster<false, true>(v, 0, v.n_i_slots(), &lj, 1, a.jf.data(),
                                                        a.jf.data() + s, a.jf.data() + 2 * s);
    benchmark::DoNotOptimize(r);
    return;
  }
#if defined(__AVX512F__)
  const LjPair<double> p = make_lj_pair<double>(1.0, 1.0, kCutoff, false);
  const Lj8 lj{_mm512_set1_pd(p.lj1), _mm512_set1_pd(p.lj2), _mm512_set1_pd(p.rc2),
               _mm512_set1_pd(1.0)};
  if (shape == 1) {
    const auto n = a.slots;
    const ClusterArrays<double> pos{a.p(0), a.p(1), a.p(2)};
    const ClusterArrays<double> jf{a.jf.data(), a.jf.data() + 2 * n, a.jf.data() + 4 * n};
    const PairSums r =
        pair_forces_cluster_mixed_dispatch(v, 0, v.n_row_groups(), &p, 1, false, pos, jf,
                                           a.fi.data(), a.fi.data() + n, a.fi.data() + 2 * n);
    benchmark::DoNotOptimize(r);
  } else if (shape == 3) {
    kernel_slots(v, lj, a);
  } else {
    kernel_4x4_halves(v, lj, a);
  }
#endif
}

std::vector<double> atom_forces(const ClusterPairList& l, int shape, Arrays& a) {
  const ClusterPairView v = l.view();
  std::vector<double> f(3 * a.slots, 0.0);
  for (std::size_t s = 0; s < a.slots; ++s) {
    const int owner = l.slot_owner()[s];
    if (owner < 0) continue;
    const auto o = static_cast<std::size_t>(owner);
    for (int d = 0; d < 3; ++d) {
      double sum = 0.0;
      if (slot_arrays(shape)) {
        sum = a.j(d, 0)[s];
      } else {
        const std::size_t c = s / 4, l4 = s % 4;
        sum = a.j(d, shape)[8 * c + l4] + a.j(d, shape)[8 * c + 4 + l4];
        if (s < static_cast<std::size_t>(v.n_i_slots())) sum += a.fi[d * a.slots + s];
      }
      f[3 * o + static_cast<std::size_t>(d)] += sum;
    }
  }
  return f;
}

void shape_bench(benchmark::State& state, int shape) {
  if (shape != 0 && !simd::kHas512) {
    state.SkipWithError("this build has no AVX-512");
    return;
  }
  const ClusterPairList& l = melt_list(list_of(shape)).clusters();
  const ClusterPairView v = l.view();
  Arrays a = make_arrays(v, shape);
  {
    const ClusterPairList& l0 = melt_list(0).clusters();
    Arrays ref = make_arrays(l0.view(), 0);
    run(l0.view(), 0, ref);
    run(v, shape, a);
    const std::vector<double> f0 = atom_forces(l0, 0, ref), f1 = atom_forces(l, shape, a);
    state.counters["max_df_rel"] = max_relative_difference(f0, f1);
  }
  time_kernel(state, v, a.jf.data(), [&] { run(v, shape, a); });
}

}  // namespace

int main(int argc, char** argv) {
  g_atoms = probe_atoms("double_shape_probe");
  return run_probes(
      argc, argv,
      {"DoubleShape/1x4", "DoubleShape/2x4", "DoubleShape/4x4_halves", "DoubleShape/2x4_slot_sums"},
      shape_bench);
}
