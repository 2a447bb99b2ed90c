#include "bench/custom_case.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "md/structure/lattice.hpp"
#include "md/structure/replicate.hpp"
#include "md/structure/structure_file.hpp"
#ifdef MDB_HAVE_WATER
#include "md/structure/water_box.hpp"
#endif

namespace mdb::bench {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("mdbench-test-custom-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

// A 1x1x2 diamond Si cell written as extended XYZ: 16 atoms, the repeat unit of a custom case.
std::string write_si_cell(const std::string& name) {
  LatticeSpec spec;
  spec.kind = LatticeKind::Diamond;
  spec.a = 5.431;
  spec.nx = 1;
  spec.ny = 1;
  spec.nz = 2;
  const std::string path = temp_path(name);
  write_structure(build_lattice(spec, {"Si", 28.0855}, kMetalUnits), path);
  return path;
}

void expect_error(const std::string& spec, const std::string& part) {
  try {
    parse_custom_case(spec);
    ADD_FAILURE() << spec << " was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(part), std::string::npos) << spec << " -> " << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(CustomCase, LatticeCaseTakesDefaultsAndStandardMass) {
  const CaseSpec c = parse_custom_case("si2:model=sw,lattice=diamond,a=5.431,species=Si,T=500");
  EXPECT_EQ(c.name, "si2");
  EXPECT_EQ(c.model, "sw");
  EXPECT_EQ(c.lattice, LatticeKind::Diamond);
  EXPECT_DOUBLE_EQ(c.temperature, 500.0);
  EXPECT_DOUBLE_EQ(c.timestep, 0.001);
  EXPECT_NEAR(c.mass, 28.085, 1e-3);          // IUPAC standard atomic weight
  EXPECT_EQ(c.sizes, std::vector<int>{512});  // 4 x 4 x 4 conventional cells
  EXPECT_TRUE(static_cast<bool>(c.recipe.lammps_pair));
  const System s = build_case_system(c, 64, 1);
  EXPECT_EQ(s.size(), 64u);
  auto ff = c.recipe.make();
  EXPECT_EQ(ff->name(), "sw");
}

TEST(CustomCase, StructureFileIsTheRepeatUnit) {
  const std::string path = write_si_cell("si16.extxyz");
  const CaseSpec c =
      parse_custom_case("cell:model=nn-student,structure=" + path + ",sizes=16/128,ensembles=NVE");
  std::filesystem::remove(path);
  ASSERT_TRUE(c.structure);
  EXPECT_EQ(atoms_per_unit(c), 16);
  EXPECT_EQ(c.sizes, (std::vector<int>{16, 128}));
  EXPECT_EQ(c.ensembles, std::vector<Ensemble>{Ensemble::NVE});
  EXPECT_FALSE(static_cast<bool>(c.recipe.lammps_pair));  // LAMMPS has no such NN
  // 128 atoms = 8 copies of the 16-atom cell, in a box 2 x 2 x 2 times the cell's.
  const System s = build_case_system(c, 128, 1);
  EXPECT_EQ(s.size(), 128u);
  EXPECT_NEAR(s.box().length(0), 2 * c.structure->box().length(0), 1e-12);
  EXPECT_NEAR(s.box().length(2), 2 * c.structure->box().length(2), 1e-12);
  EXPECT_THROW(cells_for_atoms(c, 24), std::invalid_argument);
}

TEST(CustomCase, ReplicateCopiesEveryAtomOncePerImage) {
  const std::string path = write_si_cell("si16b.extxyz");
  const System cell = read_structure(path);
  std::filesystem::remove(path);
  const System big = replicate(cell, {2, 1, 3});
  ASSERT_EQ(big.size(), 6 * cell.size());
  // The last copy is the cell shifted by (1, 0, 2) cell lengths.
  const std::size_t last = 5 * cell.size();
  EXPECT_NEAR(big.x()[last], cell.x()[0] + cell.box().length(0), 1e-12);
  EXPECT_NEAR(big.z()[last], cell.z()[0] + 2 * cell.box().length(2), 1e-12);
  EXPECT_THROW(replicate(cell, {0, 1, 1}), std::invalid_argument);
}

// Water from an extended XYZ file, which has no bonds: the molecules are found from the O-H
// distances, or the case is refused naming the atom that is in no molecule.
TEST(CustomCase, WaterFromExtendedXyzGetsItsMolecules) {
#ifdef MDB_HAVE_WATER
  WaterBoxSpec spec;
  spec.molecules = 27;
  spec.geometry = {1.012, 113.24, -0.82, 0.41};
  System box = build_water_box(spec);
  const std::string good = temp_path("water.xyz");
  write_structure(box, good);
  const CaseSpec c = parse_custom_case("xyzwater:model=water,structure=" + good);
  EXPECT_EQ(c.structure->topology().bonds.size(), 54u);
  EXPECT_EQ(c.structure->topology().angles.size(), 27u);
  box.x()[4] += 2.0;  // an H of the second molecule far from every O
  const std::string bad = temp_path("broken-water.xyz");
  write_structure(box, bad);
  expect_error("xyzbroken:model=water,structure=" + bad, "atom 5 (H) has no O within");
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
#else
  GTEST_SKIP() << "built without FFTW: no water model";
#endif
}

TEST(CustomCase, BadSpecsAreOneLineErrors) {
  expect_error("nocolon", "expected NAME:key=value");
  expect_error("a/b:model=sw", "letters, digits");
  expect_error("x:lattice=diamond,a=5.431,species=Si", "model= is required");
  expect_error("x:model=sw,lattice=diamond,a=5.431,species=Si,colour=red", "unknown key 'colour'");
  expect_error("x:model=sw,model=sw", "given twice");
  expect_error("x:model=sw,lattice=diamond,a=abc,species=Si", "a=abc");
  expect_error("x:model=sw,lattice=hcp,a=3,species=Si", "hcp");
  expect_error("x:model=sw,lattice=diamond,species=Si", "a=");
  expect_error("x:model=sw,lattice=diamond,a=5.4,species=Qq", "mass=");
  expect_error("x:model=sw,lattice=fcc,a=4.05,species=Al", "Al");  // SW Si has no Al
  expect_error("x:model=magic,lattice=fcc,a=4.05,species=Al", "unknown model 'magic'");
  expect_error("x:model=sw,structure=/nonexistent/file.xyz", "cannot open");
  expect_error("x:model=sw,lattice=diamond,a=5.431,species=Si,sizes=100", "nearest");
  expect_error("x:model=sw,lattice=diamond,a=5.431,species=Si,ensembles=NVX", "NVX");
  const std::string si = "x:model=sw,lattice=diamond,a=5.431,species=Si,teacher=";
  expect_error(si + "nope", "teacher 'nope' is not a case");
  expect_error(si + "lj-melt", "teacher 'lj-melt' runs in other units");
  expect_error(si + "lj-ar", "teacher 'lj-ar' cannot run this case's atoms");
}

TEST(CustomCase, NamesMustBeNew) {
  EXPECT_THROW(add_case(parse_custom_case("si-sw:model=sw,lattice=diamond,a=5.431,species=Si")),
               std::invalid_argument);
  add_case(parse_custom_case("si-custom-once:model=sw,lattice=diamond,a=5.431,species=Si"));
  ASSERT_NE(find_case("si-custom-once"), nullptr);
  EXPECT_EQ(find_case("si-custom-once")->model, "sw");
}

// A one-atom structure (a primitive cell) runs as 2 x 2 x 2 copies: MD needs two atoms. Asking
// for one atom is an error that names the case and says why.
TEST(CustomCase, OneAtomStructureIsReplicatedAndOneAtomIsAClearError) {
  const std::string path = temp_path("one.xyz");
  System one(Box::cube(2.715), kMetalUnits);
  one.add_atom(one.add_species("Si", 28.0855), 0.0, 0.0, 0.0);
  write_structure(one, path);
  const CaseSpec c = parse_custom_case("prim:model=sw,structure=" + path);
  ASSERT_EQ(c.sizes.size(), 1u);
  EXPECT_EQ(c.sizes.front(), 8);
  expect_error("prim1:model=sw,structure=" + path + ",sizes=1", "prim1");
  expect_error("prim2:model=sw,structure=" + path + ",sizes=1", "at least 2 atoms");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace mdb::bench
