// md_distill's options and learning curve (the program itself needs the KIM teacher).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bench/distill/distill_options.hpp"
#include "bench/distill/learning_curve.hpp"
#include "tests/compare/xml_check.hpp"

namespace mdb::distill {
namespace {

DistillOptions parse(std::vector<const char*> args, bool* help = nullptr) {
  args.insert(args.begin(), "md_distill");
  bool h = false;
  auto o = parse_distill_options(static_cast<int>(args.size()), args.data(), h);
  if (help) *help = h;
  return o;
}

std::string error_of(std::vector<const char*> args) {
  try {
    parse(std::move(args));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(DistillOptions, FlagsReachTheirSettings) {
  const auto o = parse({"--frames=7", "--hidden=48,24,12", "--threads=2", "--rc=4.5", "--rca=3.0",
                        "--epochs=9", "--member=3", "--seed=5", "--lr=0.01"});
  EXPECT_EQ(o.frames, 7);
  EXPECT_EQ(o.training.hidden, (std::vector<int>{48, 24, 12}));
  EXPECT_EQ(o.training.threads, 2);
  EXPECT_EQ(o.sampling.threads, 2);
  EXPECT_EQ(o.radial_cutoff, 4.5);
  EXPECT_EQ(o.angular_cutoff, 3.0);
  EXPECT_EQ(o.training.epochs, 9);
  EXPECT_EQ(o.teacher_member, 3);
  EXPECT_EQ(o.training.seed, 5u);
  EXPECT_EQ(o.training.learning_rate, 0.01);
  const auto r = parse({"--relative_forces=off", "--force_floor=0.5"});
  EXPECT_FALSE(r.training.relative_forces);
  EXPECT_EQ(r.training.force_floor, 0.5);
  EXPECT_EQ(r.rounds, 0);  // active learning only on request
  // Graphite unless asked: the DUNN teacher does not hold diamond or the melt together.
  EXPECT_EQ(r.phases, (std::vector<CarbonPhase>{CarbonPhase::Graphite}));
  EXPECT_EQ(parse({"--phases=liquid,diamond"}).phases,
            (std::vector<CarbonPhase>{CarbonPhase::Liquid, CarbonPhase::Diamond}));
  EXPECT_EQ(error_of({"--phases=graphite,quartz"}),
            "--phases: unknown carbon phase 'quartz' (known: diamond, graphite, liquid)");
  EXPECT_EQ(error_of({"--phases=graphite,"}),
            "--phases: unknown carbon phase '' (known: diamond, graphite, liquid)");
  EXPECT_EQ(error_of({"--phases=graphite,graphite"}),
            "--phases must be phases named once each, got 'graphite,graphite'");
  const auto al = parse({"--rounds=3", "--round_frames=11", "--round_epochs=40", "--round_lr=1e-3",
                         "--frames_in=a.json", "--frames_out=b.json"});
  EXPECT_EQ(al.rounds, 3);
  EXPECT_EQ(parse({"--celu_alpha=1"}).celu_alpha, 1.0);
  EXPECT_EQ(r.celu_alpha, 0.1);
  EXPECT_EQ(al.round_frames, 11);
  EXPECT_EQ(al.round_epochs, 40);
  EXPECT_EQ(al.round_learning_rate, 1e-3);
  EXPECT_EQ(al.frames_in, "a.json");
  EXPECT_EQ(al.frames_out, "b.json");
  EXPECT_EQ(error_of({"--relative_forces=maybe"}),
            "--relative_forces must be on or off, got 'maybe'");
  bool help = false;
  parse({"--help"}, &help);
  EXPECT_TRUE(help);
}

// The water teacher names its student and equilibrates its random boxes as md_bench's water
// case does, unless told otherwise; carbon phases mean nothing to it.
TEST(DistillOptions, TheWaterTeacherHasItsOwnDefaults) {
  const auto w = parse({"--teacher=water-spcfw"});
  EXPECT_TRUE(w.water_teacher());
  EXPECT_EQ(w.name, "water-nn-student");
  EXPECT_EQ(w.out, "water-nn-student.json");
  EXPECT_EQ(w.sampling.equilibration_steps, 1000);
  const auto mine =
      parse({"--teacher=water-spcfw", "--name=w2", "--out=w2.json", "--equilibration=50"});
  EXPECT_EQ(mine.name, "w2");
  EXPECT_EQ(mine.out, "w2.json");
  EXPECT_EQ(mine.sampling.equilibration_steps, 50);
  EXPECT_FALSE(parse({}).water_teacher());
  EXPECT_EQ(parse({}).sampling.equilibration_steps, 200);
  EXPECT_EQ(error_of({"--teacher=water-spcfw", "--phases=diamond"}),
            "--phases names carbon phases; the water teacher samples water");
}

TEST(DistillOptions, BadValuesGetOneLineErrorsInTheFlagsTerms) {
  EXPECT_EQ(error_of({"--epochs=x"}), "--epochs must be a whole number in [1, 1000000], got 'x'");
  EXPECT_EQ(error_of({"--frames=0"}), "--frames must be a whole number in [1, 100000], got '0'");
  EXPECT_EQ(error_of({"--lr=-1"}), "--lr must be a number > 0, got '-1'");
  EXPECT_EQ(error_of({"--hidden=32,,8"}), "--hidden must be a whole number in [1, 4096], got ''");
  EXPECT_NE(error_of({"--rc=3", "--rca=3.5"}).find("--rca must not exceed --rc"),
            std::string::npos);
  EXPECT_NE(error_of({"--bogus=1"}).find("unknown flag --bogus"), std::string::npos);
  EXPECT_NE(error_of({"frames"}).find("unknown argument 'frames'"), std::string::npos);
  EXPECT_EQ(error_of({"--out="}), "--out needs a value");
  EXPECT_EQ(error_of({"--rounds=-1"}), "--rounds must be a whole number in [0, 1000], got '-1'");
  EXPECT_EQ(error_of({"--round_lr=0"}), "--round_lr must be a number > 0, got '0'");
}

LearningCurve two_points() {
  LearningCurve c;
  c.sets = {"300 K", "2000 K"};
  c.points.push_back({1, 0.5, 0.1, 1.2, {0.09, 0.2}, {1.0, 2.0}});
  c.points.push_back({5, 2.5, 0.004, 0.15, {0.003, 0.02}, {0.12, 0.4}});
  return c;
}

TEST(LearningCurve, CsvHasOneRowPerSetAndEpochInDisplayUnits) {
  const std::string csv = curve_csv(two_points());
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2 * 3);
  EXPECT_NE(csv.find("5,2.500,300 K,3,0.12\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("1,0.500,train,100,1.2\n"), std::string::npos) << csv;
}

TEST(LearningCurve, SvgIsWellFormedWithAMarkerPerPointAndPanel) {
  const std::string svg = curve_svg(two_points(), "student <learning> curve");
  const auto root = compare::testing::parse_xml(svg);
  EXPECT_EQ(root.name, "svg");
  // Three series (training and two held-out sets) x two epochs x two panels, each with a
  // hover text naming its series and value.
  const std::string text = root.all_text();
  EXPECT_NE(text.find("held out, 2000 K, epoch 5: 0.4"), std::string::npos);
  EXPECT_NE(text.find("held out, 2000 K, epoch 5: 20"), std::string::npos);  // meV/atom panel
  EXPECT_NE(text.find("student <learning> curve"), std::string::npos);
  EXPECT_THROW(curve_svg(LearningCurve{}, "empty"), std::invalid_argument);
}

}  // namespace
}  // namespace mdb::distill
