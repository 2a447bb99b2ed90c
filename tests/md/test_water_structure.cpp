// Molecular structure: the water box builder, topology inferred from distances, LAMMPS data files
// with Bonds and Angles (atom_style full), and topology through replicate.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <set>
#include <sstream>
#include <stdexcept>

#include "md/core/units.hpp"
#include "md/structure/lammps_data.hpp"
#include "md/structure/replicate.hpp"
#include "md/structure/structure_file.hpp"
#include "md/structure/water_box.hpp"
#include "md/structure/water_topology.hpp"
#include "tests/md/structure_file_support.hpp"

namespace mdb {
namespace {

using test::expect_file_error;
using test::TempDir;

WaterBoxSpec spc_fw_box(int molecules, std::uint64_t seed = 7) {
  WaterBoxSpec spec;
  spec.molecules = molecules;
  spec.geometry = {1.012, 113.24, -0.82, 0.41};
  spec.seed = seed;
  return spec;
}

double distance(const System& s, int i, int j, double d[3]) {
  d[0] = s.x()[i] - s.x()[j];
  d[1] = s.y()[i] - s.y()[j];
  d[2] = s.z()[i] - s.z()[j];
  s.box().minimum_image(d[0], d[1], d[2]);
  return std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

/// The same atoms without a topology.
System atoms_only(const System& s) {
  System out(s.box(), s.units());
  for (const Species& sp : s.species_table()) out.add_species(sp.name, sp.mass);
  for (std::size_t i = 0; i < s.size(); ++i) {
    out.add_atom(s.species()[i], s.x()[i], s.y()[i], s.z()[i]);
  }
  return out;
}

std::set<std::pair<int, int>> bond_set(const Topology& t) {
  std::set<std::pair<int, int>> out;
  for (const Bond& b : t.bonds) out.insert({std::min(b.i, b.j), std::max(b.i, b.j)});
  return out;
}

TEST(WaterBox, DensityGeometryChargesAndSeparationAreAsAsked) {
  const WaterBoxSpec spec = spc_fw_box(64);
  const System s = build_water_box(spec);
  ASSERT_EQ(s.size(), 192u);
  const double density = s.total_mass() / s.box().volume() * kAmuPerA3ToGPerCm3;
  EXPECT_NEAR(density, 0.997, 1e-12);
  const Topology& t = s.topology();
  ASSERT_EQ(t.bonds.size(), 128u);
  ASSERT_EQ(t.angles.size(), 64u);
  EXPECT_NEAR(t.net_charge(), 0.0, 1e-12);
  for (const Bond& b : t.bonds) {
    double d[3];
    EXPECT_NEAR(distance(s, b.i, b.j, d), 1.012, 1e-12);
    EXPECT_EQ(t.molecule[b.i], t.molecule[b.j]);
  }
  for (const Angle& a : t.angles) {
    double u[3], v[3];
    const double lu = distance(s, a.i, a.j, u), lv = distance(s, a.k, a.j, v);
    const double theta = std::acos((u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (lu * lv));
    EXPECT_NEAR(theta * 180.0 / std::numbers::pi, 113.24, 1e-9);
  }
  // Every pair of atoms in different molecules clears the separation the builder promises.
  double closest = 1e9;
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      if (t.molecule[i] == t.molecule[j]) continue;
      double d[3];
      closest = std::min(closest, distance(s, static_cast<int>(i), static_cast<int>(j), d));
    }
  }
  EXPECT_GE(closest, spec.min_separation);
}

TEST(WaterBox, OrientationsAreRandomAndSeeded) {
  const System a = build_water_box(spc_fw_box(27, 1));
  const System b = build_water_box(spc_fw_box(27, 1));
  const System c = build_water_box(spc_fw_box(27, 2));
  EXPECT_EQ(a.x()[1], b.x()[1]);
  EXPECT_NE(a.x()[1], c.x()[1]);
  // Uniform rotations: the molecules' dipole directions average to about zero (|mean| of 512
  // unit vectors from a uniform sphere is ~0.044 on average; 0.2 is 4.5 sigma).
  const System big = build_water_box(spc_fw_box(512, 3));
  double mean[3] = {0, 0, 0};
  for (std::size_t m = 0; m < 512; ++m) {
    const int o = static_cast<int>(3 * m);
    double d1[3], d2[3];
    distance(big, o + 1, o, d1);
    distance(big, o + 2, o, d2);
    double dip[3] = {d1[0] + d2[0], d1[1] + d2[1], d1[2] + d2[2]};
    const double len = std::sqrt(dip[0] * dip[0] + dip[1] * dip[1] + dip[2] * dip[2]);
    for (int k = 0; k < 3; ++k) mean[k] += dip[k] / len / 512.0;
  }
  EXPECT_LT(std::sqrt(mean[0] * mean[0] + mean[1] * mean[1] + mean[2] * mean[2]), 0.2);
}

TEST(WaterBox, BadSpecsAreRefused) {
  WaterBoxSpec none = spc_fw_box(0);
  EXPECT_THROW(build_water_box(none), std::invalid_argument);
  WaterBoxSpec dense = spc_fw_box(8);
  dense.density = 5.0;
  EXPECT_THROW(build_water_box(dense), std::invalid_argument);
  WaterBoxSpec bent = spc_fw_box(8);
  bent.geometry.hoh_angle = 180.0;
  EXPECT_THROW(build_water_box(bent), std::invalid_argument);
}

TEST(WaterTopology, InferredFromDistancesMatchesTheBuilder) {
  const System built = build_water_box(spc_fw_box(216, 5));
  System bare = atoms_only(built);
  infer_water_topology(bare);
  EXPECT_EQ(bond_set(bare.topology()), bond_set(built.topology()));
  EXPECT_EQ(bare.topology().angles.size(), built.topology().angles.size());
  EXPECT_TRUE(bare.topology().charge.empty());
}

TEST(WaterTopology, StructuresThatAreNotWholeMoleculesAreRefused) {
  const System built = build_water_box(spc_fw_box(8, 5));
  auto expect_refused = [](System s, const std::string& fragment) {
    try {
      infer_water_topology(s);
      ADD_FAILURE() << "accepted; expected: " << fragment;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  System moved = atoms_only(built);
  moved.x()[1] += 0.6;  // H of the first molecule 1.6 Angstrom or so from its O
  moved.y()[1] += 0.6;
  expect_refused(std::move(moved), "atom 2 (H) has no O within");
  System missing(built.box(), built.units());  // molecule 1 without its second H
  missing.add_species("O", 16.0);
  missing.add_species("H", 1.0);
  for (std::size_t i = 0; i < built.size(); ++i) {
    if (i != 2) missing.add_atom(built.species()[i], built.x()[i], built.y()[i], built.z()[i]);
  }
  expect_refused(std::move(missing), "atom 1 (O) has 1 H");
  System argon(built.box(), built.units());
  argon.add_species("Ar", 39.9);
  argon.add_atom(0, 1, 1, 1);
  expect_refused(std::move(argon), "atom 1 is Ar");
}

TEST(LammpsDataFull, WaterWritesAndReadsBackWithItsTopology) {
  const System s = build_water_box(spc_fw_box(27, 9));
  std::stringstream text;
  write_lammps_data(s, text);
  EXPECT_NE(text.str().find("Atoms # full"), std::string::npos);
  const System back = read_lammps_data(text, "water.data");
  ASSERT_EQ(back.size(), s.size());
  const Topology &a = s.topology(), &b = back.topology();
  EXPECT_EQ(b.charge, a.charge);
  EXPECT_EQ(b.molecule, a.molecule);
  EXPECT_EQ(b.bonds, a.bonds);
  EXPECT_EQ(b.angles, a.angles);
}

// A file as LAMMPS's write_data makes it for one water molecule, atoms out of id order.
const std::string kWater =
    "water\n\n3 atoms\n2 atom types\n2 bonds\n1 bond types\n1 angles\n1 angle types\n\n"
    "0 20 xlo xhi\n0 20 ylo yhi\n0 20 zlo zhi\n\n"
    "Masses\n\n1 15.9994 # O\n2 1.008 # H\n\n"
    "Atoms # full\n\n"
    "7 1 2 0.41 0.8 0.6 0 0 0 0\n"
    "3 1 1 -0.82 0 0 0 0 0 0\n"
    "9 1 2 0.41 -0.8 0.6 0 0 0 0\n\n"
    "Bonds\n\n1 1 3 7\n2 1 3 9\n\n"
    "Angles\n\n1 1 7 3 9\n";  // line 27

TEST(LammpsDataFull, BondsAndAnglesFollowTheAtomsIdOrder) {
  std::stringstream in(kWater);
  const System s = read_lammps_data(in, "w.data");
  const Topology& t = s.topology();
  // Atoms in id order 3, 7, 9: O first.
  EXPECT_EQ(s.species_table()[s.species()[0]].name, "O");
  EXPECT_DOUBLE_EQ(t.charge[0], -0.82);
  EXPECT_DOUBLE_EQ(t.charge[1], 0.41);
  ASSERT_EQ(t.bonds.size(), 2u);
  EXPECT_EQ(t.bonds[0].i, 0);
  EXPECT_EQ(t.bonds[0].j, 1);
  EXPECT_EQ(t.bonds[1].j, 2);
  ASSERT_EQ(t.angles.size(), 1u);
  EXPECT_EQ(t.angles[0].i, 1);
  EXPECT_EQ(t.angles[0].j, 0);
  EXPECT_EQ(t.angles[0].k, 2);
  EXPECT_EQ(t.molecule, (std::vector<int>{1, 1, 1}));
}

TEST(LammpsDataFull, BadTopologyLinesNameTheirLine) {
  TempDir dir;
  auto check = [&](std::string text, int line, const char* fragment) {
    SCOPED_TRACE(fragment);
    const std::string path = dir.write("w.data", text);
    expect_file_error([&] { read_structure(path, {}); }, path, line, fragment);
  };
  auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  check(replaced(kWater, "2 1 3 9", "2 1 3 10"), 28, "names atom id 10, which the Atoms");
  check(replaced(kWater, "2 1 3 9", "2 2 3 9"), 28, "Bonds type 2 is outside 1..1");
  check(replaced(kWater, "2 1 3 9", "2 1 3"), 28, "Bonds line has 3 fields");
  check(replaced(kWater, "1 1 7 3 9", "1 1 7 3 7"), 32, "names an atom twice");
  check(replaced(kWater, "2 1 3 9", "2 1 3 3"), 28, "joins an atom to itself");
}

TEST(Replicate, CopiesTheTopologyWithShiftedIndicesAndMolecules) {
  const System cell = build_water_box(spc_fw_box(8, 4));
  const System two = replicate(cell, {2, 1, 1});
  const Topology& t = two.topology();
  ASSERT_EQ(t.bonds.size(), 2 * cell.topology().bonds.size());
  const std::size_t half = cell.topology().bonds.size();
  EXPECT_EQ(t.bonds[half].i, cell.topology().bonds[0].i + 24);
  EXPECT_EQ(t.molecule[24], cell.topology().molecule[0] + 8);
  for (const Bond& b : t.bonds) {
    double d[3];
    EXPECT_NEAR(distance(two, b.i, b.j, d), 1.012, 1e-9);
  }
}

TEST(Topology, BadTopologiesAreRefused) {
  System s(Box::cube(10), kMetalUnits);
  s.add_species("O", 16);
  s.add_atom(0, 0, 0, 0);
  s.add_atom(0, 1, 0, 0);
  Topology wrong_size;
  wrong_size.charge = {1.0};
  EXPECT_THROW(s.set_topology(wrong_size), std::invalid_argument);
  Topology out_of_range;
  out_of_range.bonds = {{0, 2, 0}};
  EXPECT_THROW(s.set_topology(out_of_range), std::invalid_argument);
  Topology self;
  self.bonds = {{1, 1, 0}};
  EXPECT_THROW(s.set_topology(self), std::invalid_argument);
  Topology fine;
  fine.bonds = {{0, 1, 0}};
  s.set_topology(fine);
  EXPECT_THROW(s.add_atom(0, 2, 0, 0), std::logic_error);
}

}  // namespace
}  // namespace mdb
