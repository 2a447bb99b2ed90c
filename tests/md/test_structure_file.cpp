// Structure files end to end: round trips through both formats, files written by ASE and by
// LAMMPS itself (tests/md/data/, with the scripts that made them), and the dispatcher.
#include "md/structure/structure_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

#include "md/structure/extxyz.hpp"
#include "md/structure/lammps_data.hpp"
#include "md/structure/lattice.hpp"
#include "tests/md/structure_file_support.hpp"

namespace mdb {
namespace {

using test::expect_file_error;
using test::TempDir;

const std::string kDataDir = MDB_MD_DATA_DIR;

/// A 64-atom Si/C zinc-blende crystal with irregular offsets and velocities (numbers that need
/// all 17 digits), box corner at `lo`, plus an empty species "Ge" when asked for.
System si_c_crystal(std::array<double, 3> lo, bool empty_species) {
  const System lattice =
      build_lattice({LatticeKind::Diamond, 5.431, 2, 2, 2}, {"X", 1.0}, kMetalUnits);
  System s(Box(lo, lattice.box().lengths()), kMetalUnits);
  s.add_species("Si", 28.0855);
  s.add_species("C", 12.011);
  if (empty_species) s.add_species("Ge", 72.630);
  for (std::size_t i = 0; i < lattice.size(); ++i) {
    const double d = 0.01 * (1.0 + std::sin(1.3 * i));  // in [0, 0.02]: stays inside the box
    s.add_atom(i % 8 < 4 ? 0 : 1, lo[0] + lattice.x()[i] + d, lo[1] + lattice.y()[i] + d / 3,
               lo[2] + lattice.z()[i] + d / 7);
    s.vx()[i] = 3.1 * std::sin(0.7 * i);
    s.vy()[i] = -2.0 / (1.0 + i);
    s.vz()[i] = std::exp(-0.1 * i);
  }
  return s;
}

std::string name_of(const System& s, std::size_t i) {
  return s.species_table()[s.species()[i]].name;
}

/// Same atoms, in order, with the same species names, masses, positions and velocities (exact).
void expect_same_atoms(const System& a, const System& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(name_of(a, i), name_of(b, i));
    EXPECT_EQ(a.mass()[i], b.mass()[i]);
    EXPECT_EQ(a.x()[i], b.x()[i]);
    EXPECT_EQ(a.y()[i], b.y()[i]);
    EXPECT_EQ(a.z()[i], b.z()[i]);
    EXPECT_EQ(a.vx()[i], b.vx()[i]);
    EXPECT_EQ(a.vy()[i], b.vy()[i]);
    EXPECT_EQ(a.vz()[i], b.vz()[i]);
  }
}

TEST(StructureFile, ExtendedXyzRoundTripIsExact) {
  TempDir dir;
  for (const auto lo : {std::array<double, 3>{0, 0, 0}, std::array<double, 3>{-1.25, 0.1, 3}}) {
    const System s = si_c_crystal(lo, false);
    const std::string path = dir.path("rt.extxyz");
    write_structure(s, path);
    const System back = read_structure(path);
    EXPECT_EQ(back.box().lo(), s.box().lo());
    EXPECT_EQ(back.box().lengths(), s.box().lengths());
    EXPECT_EQ(back.species_table().size(), 2u);
    expect_same_atoms(s, back);
  }
}

TEST(StructureFile, LammpsDataRoundTripIsExactAndKeepsEmptySpecies) {
  TempDir dir;
  const System s = si_c_crystal({0, 0, 0}, true);
  const std::string path = dir.path("rt.data");
  write_structure(s, path);
  const System back = read_structure(path);  // names from the "# Si" mass comments
  EXPECT_EQ(back.box().lengths(), s.box().lengths());
  ASSERT_EQ(back.species_table().size(), 3u);
  EXPECT_EQ(back.species_table()[2].name, "Ge");
  EXPECT_EQ(back.species_table()[2].mass, 72.630);
  expect_same_atoms(s, back);

  // The format stores lo and hi, so a shifted box's lengths come back to rounding.
  const System shifted = si_c_crystal({-1.25, 0.1, 3}, false);
  write_structure(shifted, path);
  const System back2 = read_structure(path);
  EXPECT_EQ(back2.box().lo(), shifted.box().lo());
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(back2.box().length(a), shifted.box().length(a), 1e-14 * shifted.box().length(a));
  }
  expect_same_atoms(shifted, back2);
}

TEST(StructureFile, ReadsAFileAseWrote) {
  // sic_ase.extxyz: ASE 3.22's write of a rattled SiC cell with momenta (tests/md/data/sic_ase.py).
  const System s = read_structure(kDataDir + "/sic_ase.extxyz");
  ASSERT_EQ(s.size(), 8u);
  EXPECT_EQ(s.box().lengths(), (std::array<double, 3>{4.36, 4.36, 4.36}));
  EXPECT_EQ(name_of(s, 0), "Si");
  EXPECT_EQ(name_of(s, 1), "C");
  EXPECT_EQ(s.mass()[0], 28.085);  // the masses ASE assumed: standard atomic weights
  EXPECT_EQ(s.mass()[1], 12.011);
  EXPECT_EQ(s.x()[1], 1.09815033);
  // Atoms ASE left just outside the cell are wrapped in.
  EXPECT_NEAR(s.y()[0], 4.36 - 0.00931875, 1e-12);
  EXPECT_NEAR(s.x()[2], 4.36 - 0.00001781, 1e-12);
  // Momenta become Angstrom/ps; reference: ASE's get_velocities() * 1000 * units.fs for atom 0.
  EXPECT_NEAR(s.vx()[0], 5.213665276863728, 1e-6);
  EXPECT_NEAR(s.vy()[0], -0.8525449758344344, 1e-6);
  EXPECT_NEAR(s.vz()[0], -1.4440844593415845, 1e-6);
}

TEST(StructureFile, ReadsAFileLammpsWrote) {
  // sic_lammps.data: LAMMPS 29 Sep 2021 write_data of tests/md/data/sic_lammps.in (diamond
  // lattice 5.431, 2x2x2, types 1 = Si and 2 = C, 300 K velocities, atoms displaced <= 0.05 A).
  const std::string path = kDataDir + "/sic_lammps.data";
  expect_file_error([&] { read_structure(path); }, path, 12, "no name for atom type 1");
  StructureOptions opt;
  opt.type_names = {"Si", "C"};
  const System s = read_structure(path, opt);
  ASSERT_EQ(s.size(), 64u);
  EXPECT_EQ(s.box().lengths(), (std::array<double, 3>{10.862, 10.862, 10.862}));
  EXPECT_EQ(s.mass()[0], 28.0855);
  // Atom 1 exactly as in the file (its image flag -1 leaves the stored position alone).
  EXPECT_EQ(s.x()[0], 0.038194975717084);
  EXPECT_EQ(s.y()[0], 0.042956877030877805);
  EXPECT_EQ(s.z()[0], 10.838232257963266);
  EXPECT_EQ(s.vx()[0], 6.311233121379786);

  // Every atom sits within the displacement of its own lattice site, with the right species.
  const System sites =
      build_lattice({LatticeKind::Diamond, 5.431, 2, 2, 2}, {"X", 1.0}, kMetalUnits);
  std::vector<int> used(sites.size(), 0);
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t best = 0;
    double best_r = 1e300;
    for (std::size_t j = 0; j < sites.size(); ++j) {
      double dx = s.x()[i] - sites.x()[j], dy = s.y()[i] - sites.y()[j],
             dz = s.z()[i] - sites.z()[j];
      s.box().minimum_image(dx, dy, dz);
      const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
      if (r < best_r) best_r = r, best = j;
    }
    EXPECT_LE(best_r, 0.05 * std::sqrt(3.0) + 1e-12) << "atom " << i;
    EXPECT_EQ(name_of(s, i), best % 8 < 4 ? "Si" : "C") << "atom " << i;
    ++used[best];
  }
  for (int u : used) EXPECT_EQ(u, 1);

  // velocity create 300 mom yes: zero momentum, T = 300 K over 3N - 3 degrees of freedom.
  double px = 0, mv2 = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    px += s.mass()[i] * s.vx()[i];
    mv2 += s.mass()[i] * (s.vx()[i] * s.vx()[i] + s.vy()[i] * s.vy()[i] + s.vz()[i] * s.vz()[i]);
  }
  EXPECT_NEAR(px, 0.0, 1e-9);
  const double t = mv2 * kMetalUnits.mvv2e / ((3.0 * 64 - 3) * kMetalUnits.boltzmann);
  EXPECT_NEAR(t, 300.0, 1e-9);
}

TEST(StructureFile, LammpsReadsWhatWeWrite) {
  const std::filesystem::path lmp("/usr/bin/lmp");
  if (!std::filesystem::exists(lmp)) GTEST_SKIP() << "LAMMPS (/usr/bin/lmp) is not installed";
  TempDir dir;
  const System s = si_c_crystal({0, 0, 0}, true);
  write_lammps_data(s, dir.path("ours.data"));
  dir.write("in.rt",
            "units metal\natom_style atomic\nboundary p p p\nread_data ours.data\n"
            "write_data back.data\n");
  std::string cmd("cd '");
  cmd.append(dir.path("")).append("' && ").append(lmp.string());
  cmd.append(" -in in.rt -log none -screen none -nocite > lmp.out 2>&1");
  ASSERT_EQ(std::system(cmd.c_str()), 0) << "LAMMPS failed; see " << dir.path("lmp.out");
  StructureOptions opt;
  opt.type_names = {"Si", "C", "Ge"};  // this LAMMPS writes masses without names
  const System back = read_structure(dir.path("back.data"), opt);
  ASSERT_EQ(back.species_table().size(), 3u);
  EXPECT_EQ(back.species_table()[2].mass, 72.630);
  expect_same_atoms(s, back);
}

TEST(StructureFile, ChoosesTheFormatByName) {
  EXPECT_EQ(format_from_path("a/b.xyz"), StructureFormat::ExtendedXyz);
  EXPECT_EQ(format_from_path("b.EXTXYZ"), StructureFormat::ExtendedXyz);
  EXPECT_EQ(format_from_path("b.data"), StructureFormat::LammpsData);
  EXPECT_EQ(format_from_path("b.lmp"), StructureFormat::LammpsData);
  EXPECT_EQ(format_from_path("b.lammps"), StructureFormat::LammpsData);
  EXPECT_EQ(format_from_path("dir.x/data.sic"), StructureFormat::LammpsData);
  expect_file_error([] { format_from_path("conf.txt"); }, "conf.txt", 0,
                    "set StructureOptions::format");

  TempDir dir;
  const System s = si_c_crystal({0, 0, 0}, false);
  const std::string path = dir.path("conf.txt");
  write_structure(s, path, StructureFormat::LammpsData);
  expect_file_error([&] { read_structure(path); }, path, 0, "cannot tell the format");
  StructureOptions opt;
  opt.format = StructureFormat::LammpsData;
  expect_same_atoms(s, read_structure(path, opt));
  // The wrong explicit format fails on the first line it cannot take.
  opt.format = StructureFormat::ExtendedXyz;
  expect_file_error([&] { read_structure(path, opt); }, path, 1, "atom count alone");
}

TEST(StructureFile, UnreadableAndUnwritableFiles) {
  TempDir dir;
  const std::string missing = dir.path("missing.xyz");
  try {
    read_structure(missing);
    ADD_FAILURE() << "no exception";
  } catch (const StructureFileError& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": cannot open (No such file or directory)");
  }
  const std::string folder = dir.path("folder.data");
  std::filesystem::create_directory(folder);
  expect_file_error([&] { read_structure(folder); }, folder, 0, "cannot open (Is a directory)");
  const std::string nowhere = dir.path("no/such/dir/out.xyz");
  expect_file_error(
      [&] {
        write_structure(si_c_crystal({0, 0, 0}, false), nowhere);
      },
      nowhere, 0, "cannot open");
}

TEST(StructureFile, WritersRejectNamesThatAreNotOneWord) {
  System s(Box::cube(5.0), kMetalUnits);
  s.add_atom(s.add_species("Si 2", 28.0), 1, 1, 1);
  std::ostringstream out;
  EXPECT_THROW(write_extxyz(s, out), std::invalid_argument);
  EXPECT_THROW(write_lammps_data(s, out), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
