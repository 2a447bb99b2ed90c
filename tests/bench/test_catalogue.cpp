// The model catalogue: each built-in kind resolves, its recipe's model is the one the spec names
// (LJ's energy against the formula for the numbers given), custom cases take every kind
// including lj, built-in cases resolve through it, and bad specs are one line in the user's terms.
#include "bench/catalogue.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "bench/cases.hpp"
#include "bench/custom_case.hpp"
#include "bench/teacher_accuracy.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace mdb::bench {
namespace {

ModelRequest species(std::vector<std::string> names) {
  ModelRequest r;
  r.case_name = "test";
  r.species = std::move(names);
  return r;
}

// Energy of two atoms r apart in a box too large for images to reach.
double dimer_energy(ForceField& ff, const std::string& name, double r) {
  System s(Box({0, 0, 0}, {60, 60, 60}), kMetalUnits);
  s.add_species(name, 40.0);
  s.add_atom(0, 20, 20, 20);
  s.add_atom(0, 20 + r, 20, 20);
  ff.bind(s);
  NeighborList list(ff.cutoff(), ff.neighbor_kind(), NeighborPolicy{0.5});
  list.build(s);
  return ff.compute(s, list, {true, false}).energy;
}

void expect_one_line_error(const std::string& spec, const ModelRequest& request,
                           const std::string& part) {
  try {
    resolve_model(spec, request);
    ADD_FAILURE() << spec << " was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(part), std::string::npos) << spec << " -> " << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(Catalogue, EveryKindWithoutAFileResolvesToAModelOfItsFamily) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> specs = {
      {"lj", {"Ar"}},
      {"sw", {"Si"}},
      {"nn-student", {"Si"}},
      {"nn-teacher", {"Si"}},
      {"c-nn-student", {"C"}}};
  for (const auto& [spec, names] : specs) {
    const ModelRecipe r = resolve_model(spec, species(names));
    ASSERT_TRUE(static_cast<bool>(r.make)) << spec;
    EXPECT_FALSE(r.family.empty()) << spec;
    EXPECT_GT(r.force_tolerance, 0.0) << spec;
    const auto model = r.make();
    const ModelAbilities a = r.abilities();
    EXPECT_EQ(a.cuda, model->supports(Backend::Cuda)) << spec;
    EXPECT_EQ(a.threads, model->splits_over_threads()) << spec;
    EXPECT_EQ(a.mixed_precision, model->mixed_precision() != nullptr) << spec;
  }
  EXPECT_TRUE(resolve_model("lj", species({"Ar"})).abilities().mixed_precision);
  EXPECT_TRUE(resolve_model("sw", species({"Si"})).abilities().threads);
  EXPECT_FALSE(resolve_model("nn-student", species({"Si"})).abilities().threads);
}

// lj:<epsilon>/<sigma>/<cutoff> is those numbers for every species: the dimer energy is
// 4 epsilon ((sigma/r)^12 - (sigma/r)^6), and LAMMPS gets the same lj/cut line.
TEST(Catalogue, LjTakesItsParametersForEverySpecies) {
  const ModelRecipe r = resolve_model("lj:0.0141/3.65/9.1", species({"Kr"}));
  EXPECT_EQ(r.family, "lj");
  auto ff = r.make();
  EXPECT_DOUBLE_EQ(ff->cutoff(), 9.1);
  for (double d : {3.6, 4.1, 6.0}) {
    const double x6 = std::pow(3.65 / d, 6);
    EXPECT_NEAR(dimer_energy(*ff, "Kr", d), 4 * 0.0141 * (x6 * x6 - x6), 1e-12) << d;
  }
  const auto lines = r.lammps_pair("/tmp");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "pair_style lj/cut 9.1");
  EXPECT_EQ(lines[1], "pair_coeff * * 0.0141 3.65");
}

// The built-in cases resolve through the catalogue: lj-melt is in.lj's pair_coeff 1 1 1.0 1.0
// 2.5, si-sw LAMMPS's Si.sw, and each case's model name is its recipe's family.
TEST(Catalogue, BuiltInCasesUseIt) {
  const CaseSpec* melt = find_case("lj-melt");
  ASSERT_NE(melt, nullptr);
  const auto lines = melt->recipe.lammps_pair("/tmp");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "pair_style lj/cut 2.5");
  EXPECT_EQ(lines[1], "pair_coeff * * 1 1");
  for (const CaseSpec& c : case_table()) EXPECT_EQ(c.model, c.recipe.family) << c.name;
  EXPECT_EQ(find_case("lj-ar")->recipe.force_tolerance, 1e-6);
  EXPECT_EQ(find_case("c-nn-student")->model, "nn-student");
}

TEST(Catalogue, CustomCaseTakesLj) {
  const CaseSpec c =
      parse_custom_case("kr:model=lj:0.0141/3.65/9.1,lattice=fcc,a=5.72,species=Kr,T=50");
  EXPECT_EQ(c.model, "lj:0.0141/3.65/9.1");
  EXPECT_TRUE(static_cast<bool>(c.recipe.lammps_pair));
  EXPECT_TRUE(case_splits_over_threads(c));
  EXPECT_EQ(c.recipe.make()->name(), "lj/cut");
}

TEST(Catalogue, BadSpecsAreOneLineInTheUsersTerms) {
  expect_one_line_error("lj", species({"Kr"}), "for 'Kr' give lj:<epsilon>/<sigma>/<cutoff>");
  expect_one_line_error("lj:1/2", species({"Kr"}), "takes 3 numbers, got 2");
  expect_one_line_error("lj:1/-2/3", species({"Kr"}), "'-2' in lj:<epsilon>/<sigma>/<cutoff>");
  expect_one_line_error("lj:1/2/x", species({"Kr"}), "'x' in");
  expect_one_line_error("morse", species({"Kr"}), "unknown model 'morse' (expected lj | lj:");
  expect_one_line_error("nn-student:x", species({"Si"}), "model nn-student takes no ':x'");
  expect_one_line_error("kim:", species({"Si"}), "has nothing after ':'");
  expect_one_line_error("sw:/nonexistent/Si.sw", species({"Si"}), "/nonexistent/Si.sw");
  expect_one_line_error("eam:/nonexistent/Al.eam.alloy", species({"Al"}),
                        "/nonexistent/Al.eam.alloy: cannot open");
  expect_one_line_error("eam:Al.tab", species({"Al"}), "Al.tab: cannot tell the EAM format");
#ifdef MDB_HAVE_KIM
  expect_one_line_error("eam:kim:Not_A_Model", species({"Al"}), "kim:Not_A_Model");
#endif
  ModelRequest with_baseline = species({"Si"});
  with_baseline.baseline = "sw";
  expect_one_line_error("sw", with_baseline, "baseline= goes with model=nn:<file> only");
  try {
    parse_custom_case("kr:model=lj,lattice=fcc,a=5.72,species=Kr");
    ADD_FAILURE() << "argon's lj accepted for Kr";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--md_case kr: model lj is argon's", 0), 0u) << e.what();
  }
}

// torch:<file> is a catalogue kind like any other: a custom case runs a deployed model, and a
// model for other species is one line naming the file; a build without libtorch says so.
TEST(Catalogue, TorchModelsComeThroughTheCatalogue) {
#if defined(MDB_HAVE_TORCH) && defined(MDB_TORCH_MODELS_DIR)
  const std::string file = std::string(MDB_TORCH_MODELS_DIR) + "/lj_nequip.pth";
  const CaseSpec c =
      parse_custom_case("art:model=torch:" + file + ",lattice=fcc,a=5.4,species=Ar,T=40");
  EXPECT_EQ(c.recipe.family, "torch");
  EXPECT_EQ(c.recipe.force_tolerance, 1e-5);  // a float64 model
  EXPECT_FALSE(static_cast<bool>(c.recipe.lammps_pair));
  EXPECT_EQ(c.recipe.make()->name(), "torch:lj_nequip.pth");
  expect_one_line_error("torch:" + file, species({"Xe"}),
                        file + ": the model has no species 'Xe' (it covers Ar, Kr)");
  expect_one_line_error("torch:/nonexistent/m.pth", species({"Ar"}),
                        "/nonexistent/m.pth: cannot open");
  // A 0.8 A box against 8.5 A + 1 A of skin needs 12 image shells, more than the list allows:
  // one line at parse time, not an error in a run.
  try {
    parse_custom_case("tiny:model=torch:" + file + ",lattice=sc,a=0.4,species=Ar,sizes=8");
    ADD_FAILURE() << "a box too small for the cutoff was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("--md_case tiny: ", 0), 0u) << what;
    EXPECT_NE(what.find("periodic image shells"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
#else
  expect_one_line_error("torch:m.pth", species({"Ar"}), "md_bench was built without libtorch");
#endif
}

#if defined(MDB_HAVE_TORCH) && defined(MDB_TORCH_MODELS_DIR)
// A torch student gets the accuracy counters against any teacher case: lj-ar's potential written
// in torch, taught by lj-ar, is exact on every frame.
TEST(Catalogue, ATorchStudentIsJudgedByItsTeacher) {
  const std::string file = std::string(MDB_TORCH_MODELS_DIR) + "/lj_ar_nequip.pth";
  CaseSpec c = parse_custom_case("torch-ar:model=torch:" + file +
                                 ",lattice=fcc,a=5.26,species=Ar,T=40,dt=0.002,teacher=lj-ar");
  EXPECT_EQ(c.teacher, "lj-ar");
  if (!find_case(c.name)) add_case(c);
  const auto a = reference_accuracy({find_case("torch-ar"), Ensemble::NVE, 32, 5, 0.002});
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->reference, "lj-ar");
  EXPECT_GT(a->frames, 0);
  EXPECT_LT(a->energy_mae_mev, 1e-6);  // of ~80 meV/atom
  EXPECT_LT(a->force_rmse, 1e-9);      // eV/A, of ~0.01-0.03
}
#endif

// ase:<module>:<Class>[:<JSON>] comes through the catalogue too: a custom case keeps the JSON's
// commas inside its braces, the recipe carries its own calculator for the ase Peer rows, and
// every bad spec is one line; lj's recipe names ASE's LennardJones with its parameters.
TEST(Catalogue, AseCalculatorsComeThroughTheCatalogue) {
#ifdef MDB_HAVE_PYTHON
  const CaseSpec c = parse_custom_case(
      "ar:model=ase:ase.calculators.lj:LennardJones:{\"sigma\": 3.405, \"epsilon\": 0.0104, "
      "\"rc\": 8.5},lattice=fcc,a=5.26,species=Ar,T=40,sizes=32");
  EXPECT_EQ(c.recipe.family, "ase");
  EXPECT_EQ(c.recipe.ase_calculator,
            "ase.calculators.lj:LennardJones:{\"sigma\": 3.405, \"epsilon\": 0.0104, \"rc\": 8.5}");
  EXPECT_EQ(c.recipe.make()->name(), "ase:LennardJones");
  EXPECT_EQ(c.temperature, 40.0);  // the keys after the JSON were read
  expect_one_line_error("ase:ase.calculators.emt:EMT:{bad", species({"Cu"}),
                        "ase:ase.calculators.emt:EMT:{bad: the keyword arguments '{bad' are not a "
                        "JSON object");
  expect_one_line_error("ase:no_such_module:X", species({"Cu"}),
                        "ase:no_such_module:X: cannot import module 'no_such_module': "
                        "ModuleNotFoundError: No module named 'no_such_module'");
  expect_one_line_error("ase:ase.calculators.emt", species({"Cu"}),
                        "ase:ase.calculators.emt: expected <module>:<Class>[:<JSON>]");
  expect_one_line_error("ase:ase.calculators.emt:EMT", species({"Q"}),
                        "ase:ase.calculators.emt:EMT: species 'Q' is no element symbol");
#else
  expect_one_line_error("ase:ase.calculators.emt:EMT", species({"Cu"}),
                        "md_bench was built without Python");
#endif
  const ModelRecipe lj = resolve_model("lj", species({"Ar"}));
  EXPECT_EQ(lj.ase_calculator,
            "ase.calculators.lj:LennardJones:{\"epsilon\": 0.0104, \"sigma\": 3.405, \"rc\": "
            "8.5125}");
}

}  // namespace
}  // namespace mdb::bench
