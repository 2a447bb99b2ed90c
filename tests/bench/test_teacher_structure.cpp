// A student row's g(r) against its teacher's: the teacher's own potential gives the same runs
// (the same start and thermostat seed, so the same g(r) bit for bit) with the peak where the
// crystal's nearest neighbours sit, a different potential gives a different g(r), and a case
// without an RDF species or teacher gives nothing. The water student names its teacher and O.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/custom_case.hpp"
#include "bench/teacher_structure.hpp"
#include "model/lennard_jones.hpp"
#include "tests/bench/lj_ar_student.hpp"

namespace mdb::bench {
namespace {

// lj-ar's crystal with argon's LJ scaled by `scale` in epsilon, taught by lj-ar, Ar-Ar g(r).
const CaseSpec& rdf_student_of_lj_ar(const std::string& name, double scale) {
  return test::student_of_lj_ar(name, scale, "Ar");
}

// 108 atoms (3 x 3 x 3 fcc cells, a = 5.26 A: a 15.8 A box), so g(r) reaches 6 A.
TEST(TeacherStructure, TheTeachersOwnPotentialGivesTheSameStructure) {
  const StateKey key{&rdf_student_of_lj_ar("lj-ar-rdf-copy", 1.0), Ensemble::NVE, 108, 5, 0.002};
  const auto r = reference_structure(key);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->reference, "lj-ar");
  EXPECT_EQ(r->frames, 80);
  EXPECT_NEAR(r->range, kRdfRange, 1e-12);
  EXPECT_EQ(r->abs_difference, 0.0);
  EXPECT_EQ(r->peak, r->peak_reference);
  // fcc's nearest neighbours at a / sqrt2 = 3.72 A (a 40 K crystal's peak, in 0.05 A bins).
  EXPECT_NEAR(r->peak, 5.26 / std::sqrt(2.0), 0.05);
}

// Twice the well depth stiffens the crystal: its atoms spread less about their sites, so the
// peaks are sharper and g(r) differs, while the sites (the box fixes them) stay where they were.
TEST(TeacherStructure, AStifferPotentialSharpensThePeaks) {
  const StateKey key{&rdf_student_of_lj_ar("lj-ar-rdf-stiff", 2.0), Ensemble::NVE, 108, 5, 0.002};
  const auto r = reference_structure(key);
  ASSERT_TRUE(r.has_value());
  ::testing::Test::RecordProperty("rdf_diff", std::to_string(r->abs_difference));
  EXPECT_GT(r->abs_difference, 0.5);  // measured 0.99 A
  EXPECT_NEAR(r->peak, r->peak_reference, 0.051);
}

TEST(TeacherStructure, OnlyACaseWithATeacherAndAnRdfSpeciesHasOne) {
  EXPECT_FALSE(reference_structure({find_case("lj-ar"), Ensemble::NVE, 108, 5, 0.002}));
  CaseSpec no_species = *find_case("lj-ar");
  no_species.name = "lj-ar-taught-no-rdf";
  no_species.teacher = "lj-ar";
  EXPECT_FALSE(reference_structure({&no_species, Ensemble::NVE, 108, 5, 0.002}));
}

// A user's case asks with rdf=<species>, which needs a teacher and one of the case's species.
TEST(TeacherStructure, ACustomCaseAsksForItsSpecies) {
  const std::string base = "model=sw,lattice=diamond,a=5.431,species=Si";
  EXPECT_EQ(parse_custom_case("si-rdf:" + base + ",teacher=si-sw,rdf=Si").rdf_species, "Si");
  EXPECT_TRUE(parse_custom_case("si-no-rdf:" + base + ",teacher=si-sw").rdf_species.empty());
  try {
    parse_custom_case("si-rdf2:" + base + ",rdf=Si");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "--md_case si-rdf2: rdf= compares g(r) with a teacher's: give teacher= too");
  }
  try {
    parse_custom_case("si-rdf3:" + base + ",teacher=si-sw,rdf=O");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--md_case si-rdf3: rdf= species 'O' is not among the case's atoms");
  }
}

#ifdef MDB_HAVE_WATER
TEST(TeacherStructure, TheWaterStudentIsJudgedAgainstSpcFwOnOxygen) {
  const CaseSpec* c = find_case("water-nn-student");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->teacher, "water-spcfw");
  EXPECT_EQ(c->rdf_species, "O");
  const CaseSpec* t = find_case("water-spcfw");
  ASSERT_NE(t, nullptr);
  // The same box and state point as its teacher, whose prepared state it settles from.
  EXPECT_EQ(c->equilibrated_from, "water-spcfw");
  EXPECT_LT(c->equilibration_steps, t->equilibration_steps);
  EXPECT_EQ(c->timestep, t->timestep);
  EXPECT_EQ(c->temperature, t->temperature);
  EXPECT_EQ(c->friction, t->friction);
  const System a = c->builder(192, 7), b = t->builder(192, 7);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a.x()[i], b.x()[i]);
}
#endif

}  // namespace
}  // namespace mdb::bench
