#pragma once
// What the DUNN tests share: carbon structures (diamond, graphite, graphene, a disordered frame)
// and a small synthetic DUNN model, written as the driver's three parameter files, that uses
// every symmetry-function kind, two species with different cutoffs, a non-integer zeta and
// dropout on a chosen set of layers.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "md/core/random.hpp"
#include "md/structure/lattice.hpp"
#include "model/dunn/dunn_params_text.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

inline const Species kCarbon{"C", 12.011};

/// Diamond, `cells`^3 conventional cells of 8 atoms.
inline System dunn_diamond(int cells, double a = 3.567) {
  return build_lattice({LatticeKind::Diamond, a, cells, cells, cells}, kCarbon, kMetalUnits);
}

/// Graphene layers in the rectangular cell a x sqrt(3) a (4 atoms per layer and cell), stacked AB
/// with spacing c/2 (Bernal graphite) when `layers` > 1; one layer gets `vacuum` Angstrom of
/// box height instead. a = 2.464, c = 6.711 Angstrom (graphite at room temperature).
inline System dunn_graphite(int nx, int ny, int layers, double vacuum = 0.0) {
  const double a = 2.464, c = 6.711, h = std::sqrt(3.0) * a;
  const double height = layers > 1 ? layers * c / 2 : vacuum;
  System s(Box({0, 0, 0}, {nx * a, ny * h, height}), kMetalUnits);
  s.add_species(kCarbon.name, kCarbon.mass);
  const double layer[4][2] = {{0, 0}, {a / 2, h / 6}, {a / 2, h / 2}, {0, 2 * h / 3}};
  for (int l = 0; l < layers; ++l) {
    const double shift_x = l % 2 ? a / 2 : 0.0, shift_y = l % 2 ? h / 6 : 0.0;
    const double z = layers > 1 ? l * c / 2 : vacuum / 2;
    for (int i = 0; i < nx; ++i) {
      for (int j = 0; j < ny; ++j) {
        for (const auto& p : layer) {
          s.add_atom(0, std::fmod(p[0] + shift_x + i * a, nx * a),
                     std::fmod(p[1] + shift_y + j * h, ny * h), z);
        }
      }
    }
  }
  return s;
}

/// `n` carbon atoms at number density `density` (atoms per Angstrom^3) placed at random with no
/// two closer than `min_distance` (periodic): a liquid-like frame, every angle and distance.
inline System dunn_disordered(int n, double density, double min_distance, std::uint64_t seed) {
  const double side = std::cbrt(n / density);
  System s(Box::cube(side), kMetalUnits);
  s.add_species(kCarbon.name, kCarbon.mass);
  Rng rng(seed);
  std::vector<std::array<double, 3>> placed;
  while (static_cast<int>(placed.size()) < n) {
    const std::array<double, 3> p{side * rng.uniform(), side * rng.uniform(), side * rng.uniform()};
    bool clear = true;
    for (const auto& q : placed) {
      double r2 = 0.0;
      for (int k = 0; k < 3; ++k) {
        double d = p[k] - q[k];
        d -= side * std::round(d / side);
        r2 += d * d;
      }
      clear = clear && r2 >= min_distance * min_distance;
    }
    if (clear) placed.push_back(p);
  }
  for (const auto& p : placed) s.add_atom(0, p[0], p[1], p[2]);
  return s;
}

/// A named carbon frame for comparisons with the KIM driver.
struct CarbonFrame {
  std::string name;
  System system;
};

/// Diamond, graphite, graphene and disordered frames, each at about 64 atoms (boxes of 5 to 10
/// A against the 5 A cutoff: several periodic image shells) and at about 200; thermal-like
/// jitter so that forces are not zero by symmetry, and a hot diamond (0.25 A) and a random
/// liquid-like frame for configurations far from the crystals.
inline std::vector<CarbonFrame> carbon_frames() {
  auto jittered = [](System s, double amplitude, std::uint64_t seed) {
    jitter(s, amplitude, seed);
    return s;
  };
  std::vector<CarbonFrame> f;
  f.push_back({"diamond_64", jittered(dunn_diamond(2), 0.08, 1)});
  f.push_back({"diamond_216", jittered(dunn_diamond(3), 0.08, 2)});
  f.push_back({"hot_diamond_64", jittered(dunn_diamond(2, 3.62), 0.25, 3)});
  f.push_back({"graphite_64", jittered(dunn_graphite(2, 2, 4), 0.06, 4)});
  f.push_back({"graphite_192", jittered(dunn_graphite(4, 3, 4), 0.06, 5)});
  f.push_back({"graphene_64", jittered(dunn_graphite(4, 4, 1, 15.0), 0.08, 6)});
  f.push_back({"graphene_192", jittered(dunn_graphite(8, 6, 1, 15.0), 0.08, 7)});
  f.push_back({"disordered_64", dunn_disordered(64, 0.11, 1.25, 8)});
  f.push_back({"disordered_216", dunn_disordered(216, 0.11, 1.25, 9)});
  return f;
}

inline std::string number(double v) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;  // shortest round trip
  return std::string(buf, end);
}

/// Options of the synthetic model.
struct SyntheticDunn {
  std::string activation = "tanh";
  std::vector<double> keep{1.0, 0.8, 0.75};  // layers 9 -> 6 -> 5 -> 1
  int members = 3;
  std::uint64_t seed = 5;
};

/// The synthetic model's three files. Species C and Si, cutoffs C-C 3.2, C-Si 3.6, Si-Si 4.0
/// Angstrom; functions g1, 2 x g2, g3, 3 x g4 (zeta 1, 2, 3.5), 2 x g5 (one sharing a g4's eta),
/// centred and scaled; weights uniform in [-0.6, 0.6]; masks drop about a third of the units of
/// every layer whose keep probability is below 1.
inline DunnParamFiles synthetic_dunn_files(const SyntheticDunn& o = {}) {
  DunnParamFiles f;
  f.descriptor.name = "synthetic/descriptor.params";
  f.descriptor.text =
      "# a synthetic DUNN descriptor\nCOS  # cutoff type\n\n2  # species\n"
      "C C 3.2\nC Si 3.6\n  Si Si 4.0   # Si-Si\n\n5 # blocks\n"
      "g1\n"
      "g2 2 2\n# eta Rs\n0.5 1.0\n1.2 1.8\n"
      "G3 1 1\n1.3\n"
      "g4 3 3\n1 -1 0.05\n2 1 0.1\n3.5 1 0.02\n"
      "g5 2 3\n4 -1 0.07\n1 1 0.05\n"
      "\ncenter_and_normalize True\n9\n"
      "# mean\n0.8\n0.3\n0.2\n-0.1\n0.5\n0.4\n0.3\n0.2\n0.6\n"
      "# standard deviation\n1.5\n0.7\n0.4\n0.9\n1.1\n0.8\n0.5\n2.0\n0.9\n";
  Rng rng(o.seed);
  const int widths[4] = {9, 6, 5, 1};
  std::string nn = "# synthetic network\n3    # layers\n6 5 1\n" + o.activation + "\n";
  for (double k : o.keep) nn += number(k) + " ";
  nn += "  # keep probabilities\n";
  for (int l = 0; l < 3; ++l) {
    nn += "# weights of layer " + std::to_string(l + 1) + "\n";
    for (int r = 0; r < widths[l] + 1; ++r) {  // `in` weight rows, then the bias row
      for (int c = 0; c < widths[l + 1]; ++c) nn += number(1.2 * rng.uniform() - 0.6) + " ";
      nn += "\n";
    }
  }
  f.network = {"synthetic/NN.params", nn};
  std::string drop = std::to_string(o.members) + " # ensemble size\n";
  for (int m = 0; m < o.members; ++m) {
    drop += "# instance " + std::to_string(m) + "\n";
    for (int l = 0; l < 3; ++l) {
      for (int u = 0; u < widths[l]; ++u) {
        const bool keep = o.keep[static_cast<std::size_t>(l)] >= 1.0 || rng.uniform() > 0.33;
        drop += keep ? "1 " : "0 ";
      }
      drop += "\n";
    }
  }
  f.dropout = {"synthetic/dropout_binary.params", drop};
  return f;
}

/// A periodic C/Si configuration for the synthetic model: `n` atoms at `density`, species
/// alternating, minimum distance 1.1 Angstrom.
inline System synthetic_dunn_system(int n, double density, std::uint64_t seed) {
  const System c = dunn_disordered(n, density, 1.1, seed);
  System s(c.box(), kMetalUnits);
  s.add_species("C", 12.011);
  s.add_species("Si", 28.0855);
  for (std::size_t i = 0; i < c.size(); ++i) {
    s.add_atom(static_cast<int>(i % 2), c.x()[i], c.y()[i], c.z()[i]);
  }
  return s;
}

}  // namespace mdb::test
