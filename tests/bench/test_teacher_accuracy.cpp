// A student row's accuracy against its teacher: zero for the teacher's own potential, the known
// fraction for a scaled one, nothing without a teacher, and the context's pairs.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/custom_case.hpp"
#include "bench/teacher_accuracy.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "model/lennard_jones.hpp"
#include "tests/bench/lj_ar_student.hpp"

namespace mdb::bench {
namespace {

using test::student_of_lj_ar;

TEST(TeacherAccuracy, TheTeachersOwnPotentialIsExact) {
  const StateKey key{&student_of_lj_ar("lj-ar-copy", 1.0), Ensemble::NVE, 32, 5, 0.002};
  const auto a = reference_accuracy(key);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->reference, "lj-ar");
  EXPECT_EQ(a->frames, 8);
  EXPECT_LT(a->energy_mae_mev, 1e-9);
  EXPECT_LT(a->force_rmse, 1e-12);
}

// The frames hold 1,536 atoms between them, 2 to 8: the figures are per atom, so a larger system
// needs fewer frames for the same sample.
TEST(TeacherAccuracy, LargerSystemsTakeFewerFramesOfTheSameAtoms) {
  const CaseSpec* c = &student_of_lj_ar("lj-ar-copy", 1.0);
  for (const auto& [atoms, frames] :
       {std::pair{108, 8}, std::pair{256, 6}, std::pair{500, 4}, std::pair{864, 2}}) {
    const auto a = reference_accuracy({c, Ensemble::NVE, atoms, 5, 0.002});
    ASSERT_TRUE(a.has_value()) << atoms;
    EXPECT_EQ(a->frames, frames) << atoms;
    EXPECT_LT(a->force_rmse, 1e-12) << atoms;
  }
}

// E and F scale with epsilon: on every frame the student is off by (s - 1)/s of its own energy
// and forces. Argon's crystal at 40 K holds ~ -80 meV/atom, so 10 % more epsilon is off by
// ~7 meV/atom; its forces (~0.01-0.03 eV/A) by ~2e-3 eV/A.
TEST(TeacherAccuracy, AScaledPotentialIsOffByTheScale) {
  const StateKey key{&student_of_lj_ar("lj-ar-stronger", 1.1), Ensemble::NVE, 32, 5, 0.002};
  const auto a = reference_accuracy(key);
  ASSERT_TRUE(a.has_value());
  const System& s = equilibrated_system(key);
  LennardJones<> teacher(LjParams::argon());
  NeighborList list(teacher.cutoff(), teacher.neighbor_kind(), NeighborPolicy{});
  System copy = s;
  teacher.bind(copy);
  list.build(copy);
  const double e_per_atom_mev = 1e3 * teacher.compute(copy, list, {}).energy / copy.size();
  double sq = 0.0;
  for (std::size_t i = 0; i < copy.size(); ++i) {
    sq += copy.fx()[i] * copy.fx()[i] + copy.fy()[i] * copy.fy()[i] + copy.fz()[i] * copy.fz()[i];
  }
  const double f_rms = std::sqrt(sq / (3.0 * copy.size()));
  EXPECT_NEAR(a->energy_mae_mev, 0.1 * std::abs(e_per_atom_mev), 0.01 * std::abs(e_per_atom_mev));
  // Forces fluctuate more from frame to frame than the crystal's energy: within a factor 2.
  EXPECT_GT(a->force_rmse, 0.05 * f_rms);
  EXPECT_LT(a->force_rmse, 0.2 * f_rms);
}

// A user's case names its teacher (--md_case ...,teacher=si-sw): the same potential as the
// teacher's scores zero, and the context pairs it.
TEST(TeacherAccuracy, ACustomCaseTakesATeacher) {
  if (find_case("si-sw-self") == nullptr) {
    add_case(
        parse_custom_case("si-sw-self:model=sw,lattice=diamond,a=5.431,species=Si,teacher=si-sw"));
  }
  const StateKey key{find_case("si-sw-self"), Ensemble::NVE, 64, 5, 0.001};
  const auto a = reference_accuracy(key);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->reference, "si-sw");
  EXPECT_EQ(a->frames, 8);
  EXPECT_LT(a->force_rmse, 1e-12);
  EXPECT_NE(teachers_context().find("si-sw-self:si-sw"), std::string::npos);
}

TEST(TeacherAccuracy, NoTeacherNoFiguresAndTheContextNamesThePairs) {
  const StateKey key{find_case("lj-ar"), Ensemble::NVE, 32, 5, 0.002};
  EXPECT_FALSE(reference_accuracy(key).has_value());
  student_of_lj_ar("lj-ar-copy", 1.0);
  const std::string pairs = teachers_context();
  EXPECT_NE(pairs.find("lj-ar-copy:lj-ar"), std::string::npos) << pairs;
  EXPECT_EQ(pairs.find("lj-ar:"), std::string::npos) << pairs;
#ifdef MDB_HAVE_KIM
  if (find_case("c-dunn") != nullptr) {
    EXPECT_NE(pairs.find("c-nn-student:c-dunn"), std::string::npos) << pairs;
    EXPECT_NE(pairs.find("c-dunn-kim:c-dunn"), std::string::npos) << pairs;
  }
#endif
}

}  // namespace
}  // namespace mdb::bench
