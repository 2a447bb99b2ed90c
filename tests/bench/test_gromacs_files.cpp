// The GROMACS writer's pure parts on small systems: units, topology, coordinates and run
// parameters as text, read back the way GROMACS reads them. GROMACS itself reads the files in
// test_gromacs_peer.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/cases.hpp"
#include "bench/peers/gromacs_gro.hpp"
#include "bench/peers/gromacs_mdp.hpp"
#include "bench/peers/gromacs_topology.hpp"
#include "bench/peers/gromacs_units.hpp"
#include "md/core/thermo.hpp"

namespace mdb::bench {
namespace {

// CODATA 2018: e N_A / 1000, kJ/mol per eV (exact since the SI's 2019 redefinition).
constexpr double kCodataKjMolPerEv = 96.48533212331;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The lines of a topology section, comments left out.
std::vector<std::string> section(const std::string& text, const std::string& name) {
  std::vector<std::string> out;
  bool inside = false;
  for (const std::string& l : lines_of(text)) {
    if (l.starts_with("[")) {
      inside = l == "[ " + name + " ]";
      continue;
    }
    if (inside && !l.empty() && !l.starts_with(";")) out.push_back(l);
  }
  return out;
}

// A .gro line's numbers, read as GROMACS 2022 reads them (get_w_conf): the field width is the
// distance between the first two decimal points after the 20 name columns.
std::vector<double> gro_numbers(const std::string& line) {
  const std::size_t p1 = line.find('.', 20);
  const std::size_t p2 = line.find('.', p1 + 1);
  const std::size_t width = p2 - p1;
  std::vector<double> v;
  for (std::size_t at = 20; at + width <= line.size(); at += width) {
    v.push_back(std::stod(line.substr(at, width)));
  }
  return v;
}

System two_species_system() {
  System s(Box({-1.0, 2.0, 0.5}, {20.0, 21.0, 22.0}), kMetalUnits);
  const int ar = s.add_species("Ar", 39.948);
  const int kr = s.add_species("Kr", 83.798);
  s.add_atom(ar, 0.25, 3.0, 1.0);
  s.add_atom(ar, 19.5, 22.5, -0.75);  // beyond the upper x and y faces, below the lower z face
  s.add_atom(kr, 5.0, 6.0, 7.0);
  s.add_atom(ar, 1.0, 2.5, 3.0);
  s.vx()[1] = -12.5;  // A/ps
  s.vy()[1] = 3.25;
  s.vz()[2] = 0.125;
  return s;
}

GromacsPotential two_species_lj() {
  GromacsPotential p;
  p.lj = {{"Ar", 3.405, 0.0104}, {"Kr", 3.65, 0.0140}};
  p.lj_pairs = {{"Ar", "Kr", 3.5, 0.012}, {"Ar", "Xe", 3.7, 0.013}};
  p.cutoff = 8.5;
  return p;
}

TEST(GromacsUnits, MetalEnergyIsTheElectronVoltInKilojoulesPerMole) {
  const GromacsUnits u = gromacs_units(kMetalUnits);
  EXPECT_DOUBLE_EQ(u.nm_per_length, 0.1);
  EXPECT_DOUBLE_EQ(u.ps_per_time, 1.0);
  // LAMMPS's mvv2e carries 8 digits: the eV comes out within 1e-7 of CODATA's.
  EXPECT_NEAR(u.kj_mol_per_energy, kCodataKjMolPerEv, 1e-7 * kCodataKjMolPerEv);
  // GROMACS's k_B and LAMMPS's (7 digits) agree to 1.2e-6: a kelvin stays a kelvin.
  EXPECT_NEAR(u.kelvin_per_temperature, 1.0, 2e-6);
  EXPECT_DOUBLE_EQ(u.force(), u.kj_mol_per_energy / 0.1);
}

TEST(GromacsUnits, ReducedUnitsAreArgons) {
  const GromacsUnits u = gromacs_units(kLjUnits);
  const GromacsUnits metal = gromacs_units(kMetalUnits);
  EXPECT_DOUBLE_EQ(u.nm_per_length, 0.3405);
  EXPECT_DOUBLE_EQ(u.amu_per_mass, 39.948);
  // epsilon = 0.0104 eV, and tau the one md_bench reports lj-melt's times in.
  EXPECT_NEAR(u.kj_mol_per_energy, 0.0104 * metal.kj_mol_per_energy, 1e-12);
  EXPECT_NEAR(u.ps_per_time, find_case("lj-melt")->report.ps_per_time, 1e-12);
  // epsilon / k_B for argon: 120.7 K (0.0104 eV / 8.617e-5 eV/K).
  EXPECT_NEAR(u.kelvin_per_temperature, 0.0104 / 8.617343e-5, 2e-6 * 120.7);
  EXPECT_THROW(gromacs_units(UnitSystem{"real", 0.0019872067, 48.88821291 * 48.88821291, 1, 1}),
               std::invalid_argument);
}

// Kinetic energy in GROMACS's units (1/2 m v^2 in amu nm^2/ps^2 is kJ/mol) equals md_bench's, so
// the converted velocities, masses and energies describe the same dynamics.
TEST(GromacsUnits, KineticEnergyIsTheSameInBothUnits) {
  for (const UnitSystem* units : {&kMetalUnits, &kLjUnits}) {
    System s(Box::cube(10.0), *units);
    const int a = s.add_species("A", 2.5);
    s.add_atom(a, 1, 1, 1);
    s.add_atom(a, 2, 2, 2);
    s.vx()[0] = 1.5;
    s.vy()[1] = -0.75;
    s.vz()[1] = 0.5;
    const GromacsUnits u = gromacs_units(*units);
    double gromacs_ke = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const double v2 = s.vx()[i] * s.vx()[i] + s.vy()[i] * s.vy()[i] + s.vz()[i] * s.vz()[i];
      gromacs_ke += 0.5 * s.mass()[i] * u.amu_per_mass * v2 * u.velocity() * u.velocity();
    }
    EXPECT_NEAR(gromacs_ke, kinetic_energy(s) * u.kj_mol_per_energy, 1e-12 * gromacs_ke)
        << units->name;
  }
}

TEST(GromacsTopology, TypesPairsAndMoleculesInAtomOrder) {
  const System s = two_species_system();
  const GromacsUnits u = gromacs_units(kMetalUnits);
  const GromacsTopology top = make_gromacs_topology(two_species_lj(), s, u, "two species");
  const std::string text = topology_text(top);
  EXPECT_EQ(section(text, "defaults"), std::vector<std::string>{"1 3 no 1.0 1.0"});
  const auto types = section(text, "atomtypes");
  ASSERT_EQ(types.size(), 2u);
  std::istringstream ar(types[0]);
  std::string name, charge, ptype;
  double mass = 0, sigma = 0, epsilon = 0;
  ar >> name >> mass >> charge >> ptype >> sigma >> epsilon;
  EXPECT_EQ(name, "Ar");
  EXPECT_DOUBLE_EQ(mass, 39.948);
  EXPECT_EQ(ptype, "A");
  EXPECT_NEAR(sigma, 0.3405, 1e-12);
  EXPECT_NEAR(epsilon, 0.0104 * u.kj_mol_per_energy, 1e-9);
  // Only the pair whose species the system has; Xe is not in it.
  const auto pairs = section(text, "nonbond_params");
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_TRUE(pairs[0].starts_with("Ar Kr 1 0.35 ")) << pairs[0];
  // Ar Ar Kr Ar: three blocks, so the coordinates' order is kept.
  EXPECT_EQ(section(text, "molecules"), (std::vector<std::string>{"Ar 2", "Kr 1", "Ar 1"}));
  EXPECT_EQ(topology_atoms(top), 4);
  EXPECT_EQ(section(text, "atoms"),
            (std::vector<std::string>{"1 Ar 1 Ar Ar 1 0 39.948", "1 Kr 1 Kr Kr 1 0 83.798"}));
}

TEST(GromacsTopology, LorentzBerthelotIsCombinationRuleTwo) {
  GromacsPotential p = two_species_lj();
  p.geometric_mixing = false;
  const auto top = make_gromacs_topology(p, two_species_system(), gromacs_units(kMetalUnits), "t");
  EXPECT_EQ(top.combination_rule, 2);
  EXPECT_EQ(section(topology_text(top), "defaults"), std::vector<std::string>{"1 2 no 1.0 1.0"});
}

TEST(GromacsTopology, RefusesWhatGromacsCannotHold) {
  const GromacsUnits u = gromacs_units(kMetalUnits);
  GromacsPotential p = two_species_lj();
  p.lj.pop_back();  // no Kr
  EXPECT_THROW(make_gromacs_topology(p, two_species_system(), u, "t"), std::invalid_argument);
  System s(Box::cube(10.0), kMetalUnits);
  s.add_species("Argon", 39.948);
  s.add_species("Krypton", 83.798);  // six characters: no room in the .gro columns
  p.lj = {{"Argon", 3.4, 0.01}, {"Krypton", 3.6, 0.014}};
  EXPECT_THROW(make_gromacs_topology(p, s, u, "t"), std::invalid_argument);
}

// Two flexible waters and an argon atom (metal units): molecules from the System's ids, charges
// from its topology, bond and angle parameters by species from the potential.
Topology water_topology(std::vector<double> charges) {
  Topology t;
  t.charge = std::move(charges);
  t.molecule = {0, 0, 0, 1, 1, 1, 2};
  t.bonds = {{0, 1, 0}, {2, 0, 0}, {3, 4, 0}, {3, 5, 0}};  // the second written H-O
  t.angles = {{1, 0, 2, 0}, {4, 3, 5, 0}};
  return t;
}

System waters_and_argon(Topology t) {
  System s(Box::cube(20.0), kMetalUnits);
  const int o = s.add_species("O", 15.9994);
  const int h = s.add_species("H", 1.008);
  const int ar = s.add_species("Ar", 39.948);
  for (int w = 0; w < 2; ++w) {
    s.add_atom(o, 5.0 * w, 0, 0);
    s.add_atom(h, 5.0 * w + 1.0, 0, 0);
    s.add_atom(h, 5.0 * w, 1.0, 0);
  }
  s.add_atom(ar, 10, 10, 10);
  s.set_topology(std::move(t));
  return s;
}

GromacsPotential water_potential() {
  GromacsPotential p;
  p.lj = {{"O", 3.166, 0.0067}, {"H", 0.0, 0.0}, {"Ar", 3.405, 0.0104}};
  p.bonds = {{"O", "H", 1.012, 22.965}};       // eV/A^2
  p.angles = {{"H", "O", "H", 113.24, 3.29}};  // eV/rad^2
  p.exclusions = 2;
  p.cutoff = 9.0;
  return p;
}

TEST(GromacsTopology, MoleculesFromTheSystemsTopology) {
  const GromacsUnits u = gromacs_units(kMetalUnits);
  const double q[] = {-0.82, 0.41, 0.41};
  const System s = waters_and_argon(water_topology({q[0], q[1], q[2], q[0], q[1], q[2], 0.0}));
  const GromacsTopology top = make_gromacs_topology(water_potential(), s, u, "water");
  ASSERT_EQ(top.molecule_types.size(), 2u);
  const GromacsMoleculeType& w = top.molecule_types[0];
  EXPECT_EQ(w.name, "OHH");
  EXPECT_EQ(w.exclusions, 2);
  ASSERT_EQ(w.atoms.size(), 3u);
  EXPECT_EQ(w.atoms[2].name, "H2");
  EXPECT_EQ(w.atoms[0].charge_e, -0.82);
  ASSERT_EQ(w.bonds.size(), 2u);
  EXPECT_EQ(w.bonds[1].i, 0);  // molecule-local, lower index first: 2-0 was written
  EXPECT_EQ(w.bonds[1].j, 2);
  EXPECT_NEAR(w.bonds[0].length_nm, 0.1012, 1e-15);
  EXPECT_NEAR(w.bonds[0].k_kj_mol_nm2, 22.965 * u.kj_mol_per_energy * 100, 1e-6);
  ASSERT_EQ(w.angles.size(), 1u);
  EXPECT_NEAR(w.angles[0].k_kj_mol_rad2, 3.29 * u.kj_mol_per_energy, 1e-9);
  const std::string text = topology_text(top);
  EXPECT_EQ(section(text, "molecules"), (std::vector<std::string>{"OHH 2", "Ar 1"}));
  EXPECT_EQ(section(text, "atoms")[1], "2 H 1 OHH H1 2 0.41 1.008");
  // 22.965 eV/A^2 = 221,578.58 kJ/mol/nm^2; 3.29 eV/rad^2 = 317.44 kJ/mol/rad^2.
  EXPECT_TRUE(section(text, "bonds")[0].starts_with("1 2 1 0.1012 221578.579")) << text;
  EXPECT_TRUE(section(text, "bonds")[1].starts_with("1 3 1 0.1012 221578.579")) << text;
  EXPECT_TRUE(section(text, "angles")[0].starts_with("2 1 3 1 113.24 317.436")) << text;
  EXPECT_EQ(topology_atoms(top), 7);
  // The .gro file names atoms after their molecule type: residue OHH, atoms O H1 H2.
  const auto gro = lines_of(gro_text(s, top, u, "water"));
  EXPECT_EQ(gro[3].substr(0, 20), "    1OHH     H1    2");
  EXPECT_EQ(gro[5].substr(0, 20), "    2OHH      O    4");
  EXPECT_EQ(gro[8].substr(0, 20), "    3Ar      Ar    7");
}

TEST(GromacsTopology, MoleculesThatDifferAreTypesOfTheirOwn) {
  const System s = waters_and_argon(water_topology({-0.82, 0.41, 0.41, -0.8, 0.4, 0.4, 0.0}));
  const auto top = make_gromacs_topology(water_potential(), s, gromacs_units(kMetalUnits), "w");
  EXPECT_EQ(section(topology_text(top), "molecules"),
            (std::vector<std::string>{"OHH 1", "M2 1", "Ar 1"}));
}

TEST(GromacsTopology, RefusesMoleculesGromacsCannotList) {
  const GromacsUnits u = gromacs_units(kMetalUnits);
  GromacsPotential p = water_potential();
  p.angles.clear();
  EXPECT_THROW(make_gromacs_topology(p, waters_and_argon(water_topology({})), u, "t"),
               std::invalid_argument);
  Topology apart = water_topology({});
  apart.molecule = {0, 0, 1, 1, 1, 0, 2};  // molecule 0 comes back after molecule 1
  apart.bonds = {{0, 1, 0}};
  apart.angles.clear();
  EXPECT_THROW(make_gromacs_topology(water_potential(), waters_and_argon(apart), u, "t"),
               std::invalid_argument);
  Topology joined = apart;
  joined.molecule = {0, 1, 1, 2, 2, 2, 3};  // the bond 0-1 now joins two molecules
  EXPECT_THROW(make_gromacs_topology(water_potential(), waters_and_argon(joined), u, "t"),
               std::invalid_argument);
  Topology whole = apart;
  whole.molecule = {0, 0, 1, 1, 1, 2, 3};  // the same, valid: writes
  EXPECT_NO_THROW(make_gromacs_topology(water_potential(), waters_and_argon(whole), u, "t"));
}

TEST(GromacsGro, ColumnsReadBackAsGromacsReadsThem) {
  const System s = two_species_system();
  const GromacsUnits u = gromacs_units(kMetalUnits);
  const auto top = make_gromacs_topology(two_species_lj(), s, u, "t");
  const auto lines = lines_of(gro_text(s, top, u, "two species"));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "two species");
  EXPECT_EQ(lines[1], "4");
  EXPECT_EQ(lines[2].substr(0, 20), "    1Ar      Ar    1");
  EXPECT_EQ(lines[4].substr(0, 20), "    3Kr      Kr    3");
  // Atom 2 at (19.5, 22.5, -0.75) A in a box from (-1, 2, 0.5) of (20, 21, 22): relative to the
  // lower corner (20.5, 20.5, -1.25), wrapped into the box (0.5, 20.5, 20.75) A, in nm.
  const auto a2 = gro_numbers(lines[3]);
  ASSERT_EQ(a2.size(), 6u);
  EXPECT_NEAR(a2[0], 0.05, 1e-8);
  EXPECT_NEAR(a2[1], 2.05, 1e-8);
  EXPECT_NEAR(a2[2], 2.075, 1e-8);
  EXPECT_NEAR(a2[3], -1.25, 1e-9);  // -12.5 A/ps
  EXPECT_NEAR(a2[4], 0.325, 1e-9);
  EXPECT_NEAR(a2[5], 0.0, 1e-9);
  const auto box = gro_numbers("                    " + lines[6]);
  EXPECT_EQ(box, (std::vector<double>{2.0, 2.1, 2.2}));
}

TEST(GromacsGro, AtomsAndTopologyMustAgree) {
  const System s = two_species_system();
  const GromacsUnits u = gromacs_units(kMetalUnits);
  auto top = make_gromacs_topology(two_species_lj(), s, u, "t");
  top.molecules.back().count = 2;
  EXPECT_THROW(gro_text(s, top, u, "t"), std::invalid_argument);
  System fast = s;
  fast.vx()[0] = 2e4;  // A/ps: 2000 nm/ps does not fit 13 columns at 9 decimals
  EXPECT_THROW(gro_text(fast, make_gromacs_topology(two_species_lj(), s, u, "t"), u, "t"),
               std::invalid_argument);
}

// Whether the mdp text sets key to value, as mdp_text aligns it.
bool mdp_has(const std::string& text, const std::string& key, const std::string& value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%-24s = ", key.c_str());
  return text.find("\n" + std::string(buf) + value + "\n") != std::string::npos;
}

TEST(GromacsMdp, LjMeltInArgonUnits) {
  const CaseSpec& c = *find_case("lj-melt");
  const GromacsPotential p = gromacs_lj(LjParams::lj_melt());
  const GromacsUnits u = gromacs_units(kLjUnits);
  GromacsRunParams run = gromacs_run_params(p, c.neighbor, c.timestep, 20, u, "lj-melt");
  EXPECT_NEAR(run.dt_ps, 0.005 * c.report.ps_per_time, 1e-15);
  EXPECT_NEAR(run.rvdw_nm, 2.5 * 0.3405, 1e-15);
  EXPECT_NEAR(run.rlist_nm, 2.8 * 0.3405, 1e-15);
  std::string text = mdp_text(run);
  const auto has = [&](const std::string& key, const std::string& value) {
    return mdp_has(text, key, value);
  };
  EXPECT_TRUE(has("nstlist", "20"));
  EXPECT_TRUE(has("rlist", "0.9534"));
  EXPECT_TRUE(has("rvdw", "0.85125"));
  EXPECT_TRUE(has("vdw-modifier", "None"));
  EXPECT_TRUE(has("verlet-buffer-tolerance", "-1"));
  EXPECT_TRUE(has("nstfout", "0"));
  run.rerun = true;
  run.vdw_shift = true;
  text = mdp_text(run);
  EXPECT_TRUE(has("nstfout", "1"));
  EXPECT_TRUE(has("nstcalcenergy", "1"));
  EXPECT_TRUE(has("vdw-modifier", "Potential-shift"));
  EXPECT_THROW(gromacs_run_params(p, c.neighbor, c.timestep, 0, u, "t"), std::invalid_argument);
  EXPECT_THROW(gromacs_run_params(p, c.neighbor, 0.0, 20, u, "t"), std::invalid_argument);
}

// Water's electrostatics as GROMACS's mdp names them: PME, unshifted, the model's settings in nm;
// an uncharged potential keeps the plain cut-off GROMACS skips for uncharged clusters.
TEST(GromacsMdp, WaterIsPmeWithTheModelsSettings) {
  const WaterParams w = WaterParams::spc_fw();
  const GromacsPotential p = gromacs_water(w);
  ASSERT_TRUE(p.pme.has_value());
  EXPECT_EQ(p.exclusions, 2);
  NeighborPolicy policy;
  policy.skin = 1.0;
  GromacsRunParams run =
      gromacs_run_params(p, policy, 0.0005, 16, gromacs_units(kMetalUnits), "water");
  run.pme_grid = {24, 25, 26};
  const std::string text = mdp_text(run);
  const auto has = [&](const std::string& key, const std::string& value) {
    return mdp_has(text, key, value);
  };
  EXPECT_TRUE(has("coulombtype", "PME"));
  EXPECT_TRUE(has("coulomb-modifier", "None"));
  EXPECT_TRUE(has("rcoulomb", "1"));
  EXPECT_TRUE(has("rvdw", "1"));
  EXPECT_TRUE(has("ewald-rtol", "1e-05"));
  EXPECT_TRUE(has("pme-order", "4"));
  EXPECT_TRUE(has("fourier-spacing", "0.12"));
  EXPECT_TRUE(has("fourier-ny", "25"));
  EXPECT_TRUE(has("fourier-nz", "26"));
  const std::string plain = mdp_text(gromacs_run_params(
      gromacs_lj(LjParams::argon()), policy, 0.002, 10, gromacs_units(kMetalUnits), "ar"));
  EXPECT_EQ(plain.find("PME"), std::string::npos);
  EXPECT_NE(plain.find("Cut-off"), std::string::npos);
}

}  // namespace
}  // namespace mdb::bench
