// Stillinger-Weber parameter files: the silicon preset, LAMMPS .sw parsing and its errors.
#include "model/sw_params.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <string>

namespace mdb {
namespace {

const char* const kLammpsSi = "/usr/share/lammps/potentials/Si.sw";
const char* const kLammpsGaN = "/usr/share/lammps/potentials/GaN.sw";

// A made-up two-element set in the layout of LAMMPS's multi-element files: one entry per
// triplet, some on one line, some spread over several, comments anywhere.
const char* const kSiGe = R"(# made-up Si/Ge-like set for tests
# e1 e2 e3 epsilon sigma a lambda gamma costheta0 A B p q tol
Si Si Si 2.1683 2.0951 1.80 21.0 1.20 -0.333333333333 7.049556277 0.6022245584 4.0 0.0 0.0
Ge Ge Ge 1.93   2.181  1.80 31.0 1.20 -0.333333333333   # Ge-like
         7.049556277 0.6022245584 4.0 0.0 0.0
Si Ge Ge 2.05 2.138 1.80 25.0 1.25 -0.32
   7.049556277 0.6022245584
   4.0 0.0 0.0
Ge Si Si 2.05 2.138 1.80 26.0 1.15 -0.34 7.049556277 0.6022245584 4.0 0.0 0.0
Si Si Ge 2.10 0.0 0.0 23.0 0.0 -0.30 0.0 0.0 0.0 0.0 0.0
Si Ge Si 2.10 0.0 0.0 24.0 0.0 -0.31 0.0 0.0 0.0 0.0 0.0
Ge Si Ge 1.99 0.0 0.0 27.0 0.0 -0.35 0.0 0.0 0.0 0.0 0.0
Ge Ge Si 1.99 0.0 0.0 28.0 0.0 -0.36 0.0 0.0 0.0 0.0 0.0
)";

void expect_same(const SwEntry& a, const SwEntry& b) {
  EXPECT_EQ(a.e1, b.e1);
  EXPECT_EQ(a.e2, b.e2);
  EXPECT_EQ(a.e3, b.e3);
  EXPECT_EQ(a.epsilon, b.epsilon);
  EXPECT_EQ(a.sigma, b.sigma);
  EXPECT_EQ(a.a, b.a);
  EXPECT_EQ(a.lambda, b.lambda);
  EXPECT_EQ(a.gamma, b.gamma);
  EXPECT_EQ(a.costheta0, b.costheta0);
  EXPECT_EQ(a.A, b.A);
  EXPECT_EQ(a.B, b.B);
  EXPECT_EQ(a.p, b.p);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.tol, b.tol);
}

// Runs `f`, expecting an exception whose message contains every one of `parts`.
template <class Exception>
void expect_error(const std::function<void()>& f, std::initializer_list<std::string> parts) {
  try {
    f();
    ADD_FAILURE() << "no exception; expected one mentioning '" << *parts.begin() << "'";
  } catch (const Exception& e) {
    const std::string what = e.what();
    for (const auto& p : parts) EXPECT_NE(what.find(p), std::string::npos) << what;
  }
}

void expect_parse_error(const std::string& text, std::initializer_list<std::string> parts) {
  expect_error<std::invalid_argument>([&] { SwParams::parse(text, "bad.sw"); }, parts);
}

const std::string kGoodSi =
    "Si Si Si 2.1683 2.0951 1.80 21.0 1.20 -0.333333333333 7.049556277 0.6022245584 4.0 0.0 "
    "0.0\n";

TEST(SwParams, SiliconPresetEqualsLammpsFile) {
  if (!std::filesystem::exists(kLammpsSi)) GTEST_SKIP() << kLammpsSi << " not installed";
  const SwParams file = SwParams::from_file(kLammpsSi);
  const SwParams preset = SwParams::silicon();
  ASSERT_EQ(file.entries.size(), 1u);
  ASSERT_EQ(preset.entries.size(), 1u);
  expect_same(preset.entries[0], file.entries[0]);
  EXPECT_DOUBLE_EQ(preset.max_cutoff(), 1.80 * 2.0951);
}

TEST(SwParams, SiliconPresetValues) {
  const SwParams p = SwParams::silicon();
  ASSERT_EQ(p.entries.size(), 1u);
  const SwEntry& e = p.entries[0];
  EXPECT_EQ(e.e1 + e.e2 + e.e3, "SiSiSi");
  EXPECT_EQ(e.epsilon, 2.1683);
  EXPECT_EQ(e.sigma, 2.0951);
  EXPECT_EQ(e.costheta0, -0.333333333333);
  EXPECT_EQ(e.A, 7.049556277);
  EXPECT_EQ(e.B, 0.6022245584);
  EXPECT_EQ(e.p, 4.0);
  EXPECT_EQ(e.q, 0.0);
}

TEST(SwParams, ParsesTwoElementSetWithMultiLineEntries) {
  const SwParams p = SwParams::parse(kSiGe, "SiGe.sw");
  ASSERT_EQ(p.entries.size(), 8u);
  const SwEntry* gegege = p.find("Ge", "Ge", "Ge");  // over two lines, comment in between
  ASSERT_NE(gegege, nullptr);
  EXPECT_EQ(gegege->epsilon, 1.93);
  EXPECT_EQ(gegege->sigma, 2.181);
  EXPECT_EQ(gegege->A, 7.049556277);
  EXPECT_EQ(gegege->tol, 0.0);
  const SwEntry* sigege = p.find("Si", "Ge", "Ge");  // over three lines
  ASSERT_NE(sigege, nullptr);
  EXPECT_EQ(sigege->gamma, 1.25);
  EXPECT_EQ(sigege->costheta0, -0.32);
  EXPECT_EQ(sigege->B, 0.6022245584);
  EXPECT_EQ(sigege->p, 4.0);
  const SwEntry* gegesi = p.find("Ge", "Ge", "Si");
  ASSERT_NE(gegesi, nullptr);
  EXPECT_EQ(gegesi->lambda, 28.0);
  EXPECT_EQ(gegesi->costheta0, -0.36);
  EXPECT_EQ(p.find("Ge", "Si", "Ge")->lambda, 27.0);  // order matters: GeSiGe != GeGeSi
  EXPECT_EQ(p.find("Si", "Ge", "X"), nullptr);
  EXPECT_DOUBLE_EQ(p.max_cutoff(), 1.80 * 2.181);
  EXPECT_NO_THROW(p.validate("SiGe.sw"));
}

TEST(SwParams, ReadsLammpsMultiElementFile) {
  // GaN.sw leaves sigma and a at 0 in the purely angular (i, j, k != j) entries.
  if (!std::filesystem::exists(kLammpsGaN)) GTEST_SKIP() << kLammpsGaN << " not installed";
  const SwParams p = SwParams::from_file(kLammpsGaN);
  EXPECT_EQ(p.entries.size(), 8u);
  ASSERT_NE(p.find("Ga", "N", "N"), nullptr);
  EXPECT_EQ(p.find("Ga", "N", "N")->sigma, 1.695);
  EXPECT_DOUBLE_EQ(p.max_cutoff(), 2.1 * 1.6);
}

TEST(SwParams, LammpsTextRoundTripsExactly) {
  // The SiGe set has values such as -1/3 to 12 digits; every field must come back bit for bit.
  for (const SwParams& p : {SwParams::silicon(), SwParams::parse(kSiGe, "SiGe.sw")}) {
    const std::string text = p.to_lammps_text();
    const SwParams back = SwParams::parse(text, "round-trip.sw");
    ASSERT_EQ(back.entries.size(), p.entries.size());
    for (std::size_t i = 0; i < p.entries.size(); ++i) expect_same(back.entries[i], p.entries[i]);
  }
}

TEST(SwParams, AcceptsSignsExponentsAndCrLf) {
  const SwParams p = SwParams::parse(
      "Si Si Si +2.1683e0 2.0951 1.8 21 1.2 -3.33333333333E-1 7.049556277 0.6022245584 4 0 0\r\n",
      "crlf.sw");
  ASSERT_EQ(p.entries.size(), 1u);
  EXPECT_EQ(p.entries[0].epsilon, 2.1683);
  EXPECT_EQ(p.entries[0].costheta0, -0.333333333333);
  EXPECT_EQ(p.entries[0].tol, 0.0);
}

TEST(SwParams, EmptyTextHasNoEntries) {
  EXPECT_TRUE(SwParams::parse("# only a comment\n\n   \n", "empty.sw").entries.empty());
}

TEST(SwParams, IncompleteEntryAtEndOfFile) {
  expect_parse_error(kGoodSi + "\nGe Ge Ge 1.93 2.181 1.80 21.0\n1.20 -0.3333\n",
                     {"bad.sw", "entry 2", "line 3", "incomplete", "9 of 14"});
}

TEST(SwParams, SurplusTokens) {
  expect_parse_error("Si Si Si 2.1683 2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 4.0 0.0 0.0 9.9\n",
                     {"bad.sw", "entry 1", "Si Si Si", "15 tokens"});
}

TEST(SwParams, JunkNumber) {
  expect_parse_error(kGoodSi + "Ge Ge Ge 1.93 2.181 1.80x 21.0 1.20 -0.33 7.04 0.60 4 0 0\n",
                     {"bad.sw", "entry 2", "Ge Ge Ge", "a '1.80x' is not a number", "line 2"});
  expect_parse_error("Si Si Si 2.1683 2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 four 0.0 0.0\n",
                     {"bad.sw", "entry 1", "p 'four' is not a number"});
  expect_parse_error("Si Si Si 2.1683 2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 4 0 1e999\n",
                     {"bad.sw", "entry 1", "tol", "out of range"});
}

TEST(SwParams, NonFiniteValue) {
  expect_parse_error("Si Si Si nan 2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 4.0 0.0 0.0\n",
                     {"bad.sw", "entry 1", "Si Si Si", "epsilon is not finite"});
  expect_parse_error("Si Si Si 2.1 2.0951 1.80 21.0 1.20 -inf 7.04 0.60 4.0 0.0 0.0\n",
                     {"bad.sw", "costheta0 is not finite"});
}

TEST(SwParams, OutOfRangeValues) {
  expect_parse_error("Si Si Si 2.1683 -2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 4.0 0.0 0.0\n",
                     {"bad.sw", "entry 1", "Si Si Si", "sigma must be > 0", "-2.0951"});
  expect_parse_error("Si Si Si 0 2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 4.0 0.0 0.0\n",
                     {"bad.sw", "epsilon must be > 0"});
  expect_parse_error("Si Si Si 2.1683 2.0951 0 21.0 1.20 -0.33 7.04 0.60 4.0 0.0 0.0\n",
                     {"bad.sw", "a must be > 0"});
  expect_parse_error("Si Ge Si 2.1683 -1 0 21.0 1.20 -0.33 0 0 0 0 0\n",
                     {"bad.sw", "Si Ge Si", "sigma must be >= 0"});
  expect_parse_error("Si Si Si 2.1683 2.0951 1.80 -21.0 1.20 -0.33 7.04 0.60 4.0 0.0 0.0\n",
                     {"bad.sw", "lambda must be >= 0"});
  expect_parse_error("Si Si Si 2.1683 2.0951 1.80 21.0 1.20 -0.33 7.04 0.60 4.0 -1 0.0\n",
                     {"bad.sw", "q must be >= 0"});
}

TEST(SwParams, DuplicateTriplet) {
  expect_parse_error(kGoodSi + "# again\n" + kGoodSi,
                     {"bad.sw", "entry 2", "line 3", "Si Si Si", "duplicate of entry 1"});
}

TEST(SwParams, ValidateNamesTheEntry) {
  SwParams p = SwParams::silicon();
  p.entries[0].sigma = -1.0;
  expect_error<std::invalid_argument>([&] { p.validate("mine"); },
                                      {"mine", "entry 1", "Si Si Si", "sigma must be > 0"});
  p = SwParams::silicon();
  p.entries.push_back(p.entries[0]);
  expect_error<std::invalid_argument>([&] { p.validate("mine"); },
                                      {"mine", "entry 2", "duplicate of entry 1"});
}

TEST(SwParams, MissingFile) {
  const std::string path = "/nonexistent/dir/none.sw";
  expect_error<std::runtime_error>([&] { SwParams::from_file(path); }, {path, "cannot open"});
}

}  // namespace
}  // namespace mdb
