// Labelled frames on disk: what is written is read back bit for bit, and a broken file is a
// one-line error naming the field.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "model/distill/carbon_structures.hpp"
#include "model/distill/frame_file.hpp"
#include "model/distill/labelled_frame.hpp"
#include "tests/model/distill/carbon_sw.hpp"

namespace mdb {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          (name + "-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           ".json"))
      .string();
}

LabelledFrame labelled(CarbonPhase phase, double shift) {
  System s = carbon_structure(phase);
  // Irrational-looking offsets: digits a writer that rounds to 15 places would lose.
  for (std::size_t i = 0; i < s.size(); ++i) s.x()[i] += shift * std::sin(1.0 + i) / 3.0;
  StillingerWeber sw = test::carbon_sw();
  return label_frame(std::move(s), sw, carbon_phase_name(phase));
}

TEST(FrameFile, RoundTripsEveryBit) {
  const std::vector<FrameSet> sets = {
      {"train", {labelled(CarbonPhase::Diamond, 0.1), labelled(CarbonPhase::Graphite, 0.07)}},
      {"300 K", {labelled(CarbonPhase::Liquid, 0.2)}},
      {"empty", {}}};
  const std::string path = temp_path("frames");
  write_frame_file(path, {"teacher X (member 3); phases graphite", sets});
  const FrameFile file = read_frame_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(file.labelled_by, "teacher X (member 3); phases graphite");
  const auto& back = file.sets;
  ASSERT_EQ(back.size(), sets.size());
  for (std::size_t k = 0; k < sets.size(); ++k) {
    EXPECT_EQ(back[k].name, sets[k].name);
    ASSERT_EQ(back[k].frames.size(), sets[k].frames.size());
    for (std::size_t f = 0; f < sets[k].frames.size(); ++f) {
      const LabelledFrame& a = sets[k].frames[f];
      const LabelledFrame& b = back[k].frames[f];
      EXPECT_EQ(b.source, a.source);
      EXPECT_EQ(b.energy, a.energy);
      EXPECT_EQ(b.system.box().lo(), a.system.box().lo());
      EXPECT_EQ(b.system.box().lengths(), a.system.box().lengths());
      ASSERT_EQ(b.system.size(), a.system.size());
      ASSERT_EQ(b.system.species_table().size(), a.system.species_table().size());
      EXPECT_EQ(b.system.species_table()[0].name, a.system.species_table()[0].name);
      EXPECT_EQ(b.system.mass()[0], a.system.mass()[0]);
      for (std::size_t i = 0; i < a.system.size(); ++i) {
        EXPECT_EQ(b.system.x()[i], a.system.x()[i]);
        EXPECT_EQ(b.system.y()[i], a.system.y()[i]);
        EXPECT_EQ(b.system.z()[i], a.system.z()[i]);
        EXPECT_EQ(b.system.species()[i], a.system.species()[i]);
        EXPECT_EQ(b.fx[i], a.fx[i]);
        EXPECT_EQ(b.fy[i], a.fy[i]);
        EXPECT_EQ(b.fz[i], a.fz[i]);
      }
    }
  }
}

// Each broken document is the written one with one edit; the message names the file and field.
struct Broken {
  std::string find, replace, message;
};

TEST(FrameFile, BrokenFilesAreOneLineErrors) {
  const std::string path = temp_path("frames-broken");
  write_frame_file(path, {"t", {{"train", {labelled(CarbonPhase::Diamond, 0.1)}}}});
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::vector<Broken> cases = {
      {"\"format\":\"mdbench-labelled-frames\"", "\"format\":\"other\"", "not a labelled-frames"},
      {"\"version\":1", "\"version\":7", "unknown version"},
      {"\"energy_eV\":", "\"energy\":", "lacks 'energy_eV'"},
      {"\"fx\":[", "\"fx\":[1.0,", "fx must be an array of 64 numbers"},
      {"\"type\":[0", "\"type\":[3", "type entries must index its species"},
      {"\"box_lengths\":[", "\"box_lengths\":[-", "box_lengths must be positive"},
      {"\"mass\":", "\"mass\":\"heavy\",\"m\":", "species mass must be a finite number"},
      {"\"mass\":", "\"mass\":1e400,\"m\":", "is not JSON this build reads"},
      {"\"species\":[", "\"species\":[{\"mass\":1.0,\"name\":\"C\"},",
       "species 'C' is listed twice"},
      {"\"units\":\"metal\"", "\"units\":\"lj\"", "is not in metal units"},
      {"\"labelled_by\":\"t\"", "\"labelled_by\":7", "labelled_by must be a string"},
      {"{", "[", "is not JSON"}};
  for (const auto& c : cases) {
    std::string edited = text;
    const auto at = edited.find(c.find);
    ASSERT_NE(at, std::string::npos) << c.find;
    edited.replace(at, c.find.size(), c.replace);
    {
      std::ofstream out(path);
      out << edited;
    }
    try {
      read_frame_file(path);
      ADD_FAILURE() << "no error for: " << c.message;
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("frames file " + path), std::string::npos) << what;
      EXPECT_NE(what.find(c.message), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  std::filesystem::remove(path);
  EXPECT_THROW(read_frame_file(path), std::invalid_argument);  // missing file
}

}  // namespace
}  // namespace mdb
