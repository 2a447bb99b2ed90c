// atom_order_probe: does the order atoms sit in memory change a CPU step? LAMMPS sorts atoms
// spatially every 1,000 steps; the CPU engine never reorders them. One process times the same
// lj-melt state (32,000 atoms, equilibrated as md_bench does, then 4,000 more steps = 20 tau so
// that diffusion has mixed the lattice order) with its atoms in four orders:
//   AtomOrder/as_is      the order the trajectory left them in
//   AtomOrder/cells      sorted by neighbour cell (row-major over cells 2.8 sigma wide)
//   AtomOrder/morton     sorted by the Morton (Z-order) code of those cells
//   AtomOrder/shuffled   a random permutation: the worst case, for scale
// One iteration is one NVE step. docs/PERFORMANCE.md gives the command and the ratios.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"

namespace {

using namespace mdb;
using namespace mdb::bench;

constexpr int kAtoms = 32000;
constexpr long kMixingSteps = 4000;
constexpr double kCell = 2.8;  // sigma: cutoff 2.5 + skin 0.3

enum class Order { AsIs, Cells, Morton, Shuffled };

System permuted(const System& s, const std::vector<int>& order) {
  System out(s.box(), s.units());
  for (const Species& sp : s.species_table()) out.add_species(sp.name, sp.mass);
  out.reserve(order.size());
  for (int i : order) out.add_atom(s.species()[i], s.x()[i], s.y()[i], s.z()[i]);
  for (std::size_t k = 0; k < order.size(); ++k) {
    out.vx()[k] = s.vx()[order[k]];
    out.vy()[k] = s.vy()[order[k]];
    out.vz()[k] = s.vz()[order[k]];
  }
  return out;
}

std::uint64_t spread_bits(std::uint64_t v) {  // bit b of v -> bit 3b
  std::uint64_t r = 0;
  for (int b = 0; b < 21; ++b) r |= ((v >> b) & 1u) << (3 * b);
  return r;
}

std::vector<int> order_of(const System& s, Order how) {
  const int n = static_cast<int>(s.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (how == Order::AsIs) return order;
  if (how == Order::Shuffled) {
    std::shuffle(order.begin(), order.end(), std::mt19937_64(2026));
    return order;
  }
  const auto& lo = s.box().lo();
  const auto& len = s.box().lengths();
  const double* pos[3] = {s.x().data(), s.y().data(), s.z().data()};
  std::vector<std::uint64_t> key(n);
  for (int i = 0; i < n; ++i) {
    std::uint64_t c[3];
    std::uint64_t cells[3];
    for (int d = 0; d < 3; ++d) {
      cells[d] = static_cast<std::uint64_t>(std::max(1.0, std::floor(len[d] / kCell)));
      double u = (pos[d][i] - lo[d]) / len[d];
      u -= std::floor(u);
      c[d] = std::min(cells[d] - 1, static_cast<std::uint64_t>(u * static_cast<double>(cells[d])));
    }
    key[i] = how == Order::Cells
                 ? (c[2] * cells[1] + c[1]) * cells[0] + c[0]
                 : spread_bits(c[0]) | (spread_bits(c[1]) << 1) | (spread_bits(c[2]) << 2);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b]; });
  return order;
}

const System& mixed_state() {
  static const System state = [] {
    const CaseSpec& c = *find_case("lj-melt");
    const System& start =
        equilibrated_system(StateKey{&c, Ensemble::NVE, kAtoms, 2026, c.timestep});
    Simulation sim(start, c.recipe.make(), make_integrator(c, Ensemble::NVE, c.timestep, 3),
                   c.neighbor, false);
    sim.run(kMixingSteps);
    return sim.system();
  }();
  return state;
}

void atom_order(benchmark::State& state, Order how) {
  const CaseSpec& c = *find_case("lj-melt");
  const System& s = mixed_state();
  Simulation sim(permuted(s, order_of(s, how)), c.recipe.make(),
                 make_integrator(c, Ensemble::NVE, c.timestep, 3), c.neighbor, false);
  sim.run(40);  // through two list rebuilds (every 20 steps)
  for (auto _ : state) sim.step();
  state.counters["natoms"] = static_cast<double>(s.size());
}

BENCHMARK_CAPTURE(atom_order, as_is, Order::AsIs)->Name("AtomOrder/as_is")->UseRealTime();
BENCHMARK_CAPTURE(atom_order, cells, Order::Cells)->Name("AtomOrder/cells")->UseRealTime();
BENCHMARK_CAPTURE(atom_order, morton, Order::Morton)->Name("AtomOrder/morton")->UseRealTime();
BENCHMARK_CAPTURE(atom_order, shuffled, Order::Shuffled)->Name("AtomOrder/shuffled")->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
