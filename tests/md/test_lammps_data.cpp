// LAMMPS data reader: what it accepts, and a one-line "<path>:<line>: <problem>" for each
// malformed input.
#include "md/structure/lammps_data.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "md/structure/elements.hpp"
#include "md/structure/structure_file.hpp"
#include "tests/md/structure_file_support.hpp"

namespace mdb {
namespace {

using test::expect_file_error;
using test::TempDir;
using test::with_line;

// The layout LAMMPS's write_data uses; tests edit single lines of it (numbers on the right).
const std::string kGoodDataFile =
    "LAMMPS data file via write_data\n"  // 1
    "\n"                                 // 2
    "3 atoms\n"                          // 3
    "2 atom types\n"                     // 4
    "\n"                                 // 5
    "0 10 xlo xhi\n"                     // 6
    "0 11 ylo yhi\n"                     // 7
    "0 12 zlo zhi\n"                     // 8
    "\n"                                 // 9
    "Masses\n"                           // 10
    "\n"                                 // 11
    "1 28.0855 # Si\n"                   // 12
    "2 12.011 # C\n"                     // 13
    "\n"                                 // 14
    "Atoms # atomic\n"                   // 15
    "\n"                                 // 16
    "1 1 1.5 2.5 3.5 0 0 0\n"            // 17
    "2 2 4 5 6 0 0 0\n"                  // 18
    "3 1 7 8 9 1 -1 0\n"                 // 19
    "\n"                                 // 20
    "Velocities\n"                       // 21
    "\n"                                 // 22
    "1 0.1 0.2 0.3\n"                    // 23
    "2 -1 -2 -3\n"                       // 24
    "3 0 0 1e-3\n";                      // 25

System read_text(const std::string& text, const StructureOptions& opt = {}) {
  std::istringstream in(text);
  return read_lammps_data(in, "mem.data", opt);
}

TEST(LammpsData, ReadsWriteDataLayout) {
  const System s = read_text(kGoodDataFile);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s.box().lengths(), (std::array<double, 3>{10, 11, 12}));
  ASSERT_EQ(s.species_table().size(), 2u);
  EXPECT_EQ(s.species_table()[0].name, "Si");
  EXPECT_EQ(s.species_table()[0].mass, 28.0855);
  EXPECT_EQ(s.species_table()[1].name, "C");
  EXPECT_EQ(s.species_table()[1].mass, 12.011);
  EXPECT_EQ(s.species()[1], 1);
  EXPECT_EQ(s.x()[0], 1.5);
  EXPECT_EQ(s.y()[2], 8.0);  // image flags do not move the stored (wrapped) position
  EXPECT_EQ(s.vz()[0], 0.3);
  EXPECT_EQ(s.vx()[1], -1.0);
  EXPECT_EQ(s.vz()[2], 1e-3);
}

TEST(LammpsData, SortsByIdAndWrapsIntoTheBox) {
  std::string text = with_line(kGoodDataFile, 17, "3 1 -2.5 13 30");
  text = with_line(text, 19, "1 1 7 8 9 0 0 0");
  const System s = read_text(text);
  EXPECT_EQ(s.x()[0], 7.0);  // id 1 first
  EXPECT_EQ(s.vx()[0], 0.1);
  EXPECT_DOUBLE_EQ(s.x()[2], 7.5);
  EXPECT_DOUBLE_EQ(s.y()[2], 2.0);
  EXPECT_DOUBLE_EQ(s.z()[2], 6.0);
  EXPECT_EQ(s.vz()[2], 1e-3);
}

TEST(LammpsData, TypeNamesFromOptionsThenLabelsThenMassComments) {
  StructureOptions opt;
  opt.type_names = {"Ge", "Sn"};
  EXPECT_EQ(read_text(kGoodDataFile, opt).species_table()[1].name, "Sn");
  const std::string labels = with_line(kGoodDataFile, 9, "\nAtom Type Labels\n\n1 Ni\n2 Al\n");
  EXPECT_EQ(read_text(labels).species_table()[0].name, "Ni");
  // Two types may stand for one element (one species) when their masses agree.
  opt.type_names = {"Si", "Si"};
  const System one = read_text(with_line(kGoodDataFile, 13, "2 28.0855"), opt);
  EXPECT_EQ(one.species_table().size(), 1u);
  EXPECT_EQ(one.species()[1], 0);
}

TEST(LammpsData, MassesFromOptionsWhenTheFileHasNone) {
  std::string text = kGoodDataFile;
  for (int l = 13; l >= 10; --l) text = with_line(text, l, "");
  StructureOptions opt;
  opt.type_names = {"Si", "C"};
  opt.masses = {{"Si", 28.1}, {"C", 12.0}};
  const System s = read_text(text, opt);
  EXPECT_EQ(s.species_table()[0].mass, 28.1);
  EXPECT_EQ(s.species_table()[1].mass, 12.0);
  // The file's masses win when both are given.
  EXPECT_EQ(read_text(kGoodDataFile, opt).species_table()[0].mass, 28.0855);
}

// ASE writes data files without a Masses section: named types take their element's standard
// atomic weight (the table extended XYZ uses), so types=Si/C is all such a file needs.
TEST(LammpsData, MassesFromTheElementTableWhenTypesAreElements) {
  std::string text = kGoodDataFile;
  for (int l = 13; l >= 10; --l) text = with_line(text, l, "");
  StructureOptions opt;
  opt.type_names = {"Si", "C"};
  const System s = read_text(text, opt);
  EXPECT_EQ(s.species_table()[0].mass, standard_atomic_mass("Si").value());
  EXPECT_EQ(s.species_table()[1].mass, standard_atomic_mass("C").value());
  EXPECT_NEAR(s.species_table()[0].mass, 28.085, 1e-3);  // IUPAC conventional weights
  EXPECT_NEAR(s.species_table()[1].mass, 12.011, 1e-3);
}

TEST(LammpsData, ChargeAndFullStyles) {
  std::string charge = with_line(kGoodDataFile, 15, "Atoms # charge");
  charge = with_line(charge, 17, "1 1 -0.5 1.5 2.5 3.5");
  charge = with_line(charge, 18, "2 2 0.5 4 5 6 0 0 0");
  charge = with_line(charge, 19, "3 1 0 7 8 9");
  EXPECT_EQ(read_text(charge).x()[0], 1.5);

  std::string full = with_line(kGoodDataFile, 15, "Atoms # full");
  full = with_line(full, 17, "1 7 1 -0.5 1.5 2.5 3.5 0 0 0");
  full = with_line(full, 18, "2 7 2 0.5 4 5 6");
  full = with_line(full, 19, "3 8 1 0 7 8 9 0 0 0");
  const System f = read_text(full);
  EXPECT_EQ(f.x()[1], 4.0);
  EXPECT_EQ(f.species()[1], 1);

  // Without a style comment the option says how to read the columns.
  StructureOptions opt;
  opt.atom_style = LammpsAtomStyle::Charge;
  EXPECT_EQ(read_text(with_line(charge, 15, "Atoms"), opt).z()[2], 9.0);
}

TEST(LammpsData, SkipsCoeffSectionsAndZeroTopologyCounts) {
  // Edited bottom up, so each line number still refers to kGoodDataFile.
  std::string text =
      with_line(kGoodDataFile, 14, "\nPair Coeffs # lj/cut\n\n1 0.01 3.4\n2 0.02 3.1\n");
  text = with_line(text, 4, "2 atom types\n0 bonds\n1 bond types\n0 extra bond per atom");
  text = with_line(text, 2, "\n0 0 0 xy xz yz");
  EXPECT_EQ(read_text(text).size(), 3u);
}

struct DataErrorCase {
  const char* what;
  std::string text;
  int line;
  const char* fragment;
  StructureOptions options = {};
};

TEST(LammpsData, MalformedFilesGiveOneLineWithTheLineNumber) {
  StructureOptions charge_style;
  charge_style.atom_style = LammpsAtomStyle::Charge;
  StructureOptions three_names;
  three_names.type_names = {"Si", "C", "Ge"};
  StructureOptions same_name;
  same_name.type_names = {"Si", "Si"};
  StructureOptions xx_c;
  xx_c.type_names = {"Xx", "C"};
  std::string no_masses = kGoodDataFile;
  for (int l = 13; l >= 10; --l) no_masses = with_line(no_masses, l, "");
  const std::vector<DataErrorCase> cases = {
      {"empty", "", 1, "empty file"},
      {"tilt", with_line(kGoodDataFile, 9, "0 0.5 0 xy xz yz"), 9,
       "triclinic cells are not supported"},
      {"unknown header", with_line(kGoodDataFile, 5, "3 widgets"), 5,
       "unknown header line '3 widgets'"},
      {"dihedrals", with_line(kGoodDataFile, 5, "2 dihedrals"), 5, "dihedrals, impropers"},
      {"bonds without section", with_line(kGoodDataFile, 5, "2 bonds\n1 bond types"), 27,
       "declares 2 bonds but there is no Bonds section"},
      {"atoms twice", with_line(kGoodDataFile, 5, "4 atoms"), 5, "given twice (first on line 3)"},
      {"no atom count", with_line(kGoodDataFile, 3, ""), 10, "no 'N atoms' line"},
      {"no z bounds", with_line(kGoodDataFile, 8, ""), 10, "no 'zlo zhi' line"},
      {"empty box", with_line(kGoodDataFile, 7, "3 3 ylo yhi"), 7, "hi must be > lo"},
      {"text bound", with_line(kGoodDataFile, 6, "0 ten xlo xhi"), 6, "xhi: expected a number"},
      {"count text", with_line(kGoodDataFile, 3, "many atoms"), 3,
       "number of atoms: expected an integer, got 'many'"},
      {"unknown section", with_line(kGoodDataFile, 20, "\nWidgets\n"), 21,
       "unknown section 'Widgets'"},
      {"bonds not declared", with_line(kGoodDataFile, 20, "\nBonds\n\n1 1 1 2\n"), 23,
       "more lines in the Bonds section than the header declares"},
      {"dihedrals section", with_line(kGoodDataFile, 20, "\nDihedrals\n\n1 1 1 2 3 1\n"), 21,
       "Dihedrals section"},
      {"masses twice", with_line(kGoodDataFile, 14, "\nMasses\n\n1 1\n2 2\n"), 15,
       "second Masses section (first on line 10)"},
      {"mass zero", with_line(kGoodDataFile, 13, "2 0 # C"), 13, "mass must be > 0"},
      {"mass type range", with_line(kGoodDataFile, 13, "3 12 # C"), 13,
       "atom type 3 is outside 1..2"},
      {"mass twice", with_line(kGoodDataFile, 13, "1 12 # C"), 13, "second mass for type 1"},
      {"mass missing", with_line(kGoodDataFile, 13, ""), 15, "Masses section ends after 1 lines"},
      {"duplicate id", with_line(kGoodDataFile, 19, "1 1 7 8 9"), 19,
       "duplicate atom id 1 (first on line 17)"},
      {"missing atom", with_line(kGoodDataFile, 3, "4 atoms"), 21,
       "Atoms section ends after 3 lines; the header declares 4 atoms"},
      {"atom at eof", kGoodDataFile.substr(0, kGoodDataFile.find("3 1 7 8 9")), 19,
       "ends after 2 lines"},
      {"extra atom", with_line(kGoodDataFile, 3, "2 atoms"), 19, "more lines in the Atoms section"},
      {"text coordinate", with_line(kGoodDataFile, 18, "2 2 4 five 6"), 18,
       "y: expected a number, got 'five'"},
      {"nan coordinate", with_line(kGoodDataFile, 18, "2 2 4 5 nan"), 18, "z is not finite"},
      {"inf coordinate", with_line(kGoodDataFile, 17, "1 1 inf 2 3"), 17, "x is not finite"},
      {"six columns", with_line(kGoodDataFile, 18, "2 2 4 5 6 0"), 18,
       "Atoms line has 6 fields; atom style atomic needs 5, or 8 with image flags"},
      {"image flag text", with_line(kGoodDataFile, 18, "2 2 4 5 6 0 x 0"), 18, "image flag"},
      {"type out of range", with_line(kGoodDataFile, 18, "2 3 4 5 6"), 18,
       "atom type 3 is outside"},
      {"bad id", with_line(kGoodDataFile, 18, "0 2 4 5 6"), 18, "atom id must be >= 1"},
      {"unknown style", with_line(kGoodDataFile, 15, "Atoms # molecular"), 15,
       "atom style 'molecular' is not supported"},
      {"style mismatch", kGoodDataFile, 15, "StructureOptions::atom_style is charge", charge_style},
      {"no atoms section", kGoodDataFile.substr(0, kGoodDataFile.find("Atoms")), 15,
       "no Atoms section"},
      {"velocity count", with_line(kGoodDataFile, 25, ""), 26,
       "Velocities section ends after 2 lines"},
      {"velocity id", with_line(kGoodDataFile, 24, "9 0 0 0"), 24, "velocity for atom id 9"},
      {"velocity twice", with_line(kGoodDataFile, 24, "1 0 0 0"), 24,
       "second velocity for atom id 1"},
      {"velocity columns", with_line(kGoodDataFile, 24, "2 0 0"), 24,
       "Velocities line has 3 fields"},
      {"velocity inf", with_line(kGoodDataFile, 24, "2 0 inf 0"), 24, "vy is not finite"},
      {"velocities first", with_line(kGoodDataFile, 9, "\nVelocities\n\n1 0 0 0\n"), 10,
       "Velocities section before the Atoms section"},
      {"no type names", with_line(kGoodDataFile, 13, "2 12.011"), 13, "no name for atom type 2"},
      {"type names count", kGoodDataFile, 4, "types= gives 3 names for 2 atom types", three_names},
      {"same name other mass", kGoodDataFile, 13, "with a different mass", same_name},
      {"no masses", no_masses, 26, "no mass for atom type 1 (Xx): not an element symbol", xx_c},
  };
  TempDir dir;
  for (const DataErrorCase& c : cases) {
    SCOPED_TRACE(c.what);
    const std::string path = dir.write("case.data", c.text);
    expect_file_error([&] { read_structure(path, c.options); }, path, c.line, c.fragment);
  }
}

}  // namespace
}  // namespace mdb
