// md_distill from the water teacher, end to end at a toy size: it samples SPC/Fw boxes at 300
// and 400 K, fits O and H networks to the energies and forces, and writes a weights file that
// loads as a two-species student; frames of the water teacher are not taken for another's.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "model/distill/frame_file.hpp"
#include "model/nnp/nn_weights_json.hpp"
#include "tests/support/run_command.hpp"

namespace mdb {
namespace {

TEST(DistillWater, SamplesBothTemperaturesAndWritesATwoSpeciesStudent) {
  const auto dir = std::filesystem::temp_directory_path() / "mdb_distill_water_test";
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "w.json").string(), frames = (dir / "frames.json").string();
  // 20 steps before the first frame: the frames are hot lattices, not a liquid; this tests the
  // route, not the physics.
  const auto r = test::run_command(
      MDB_MD_DISTILL_PATH,
      "--teacher=water-spcfw --frames=2 --test_frames=1 --equilibration=20 --stride=5 "
      "--radial=4 --angles=2 --angular_radial=2 --rc=5.0 --rca=3.5 --hidden=4 --epochs=2 "
      "--out=" +
          out + " --frames_out=" + frames);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("sampled 2 frames of water at 300 K"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sampled 2 frames of water at 400 K"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("| 300 K | 1 |"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("| 400 K | 1 |"), std::string::npos) << r.output;
  const NnSpec student = read_nn_weights(out);
  EXPECT_EQ(student.name, "water-nn-student");
  EXPECT_EQ(student.species, (std::vector<std::string>{"H", "O"}));
  EXPECT_EQ(student.networks.size(), 2u);
  EXPECT_NE(student.description.find("water-spcfw"), std::string::npos) << student.description;
  // Two boxes per temperature in training, one per held-out set, 192 atoms each.
  const FrameFile f = read_frame_file(frames);
  ASSERT_EQ(f.sets.size(), 3u);
  EXPECT_EQ(f.sets[0].frames.size(), 8u);
  EXPECT_EQ(f.sets[0].frames[0].system.size(), 192u);
  EXPECT_EQ(f.sets[0].frames[0].source, "water 300 K");
  EXPECT_EQ(f.sets[0].frames[7].source, "water 400 K");
  // The water frames are not the (default) carbon teacher's; where that teacher is not
  // installed, md_distill says so first.
  const auto wrong = test::run_command(MDB_MD_DISTILL_PATH,
                                       "--frames_in=" + frames + " --out=" + out + " --epochs=1");
  EXPECT_EQ(wrong.exit_code, 2) << wrong.output;
  EXPECT_TRUE(wrong.output.find("labelled by water-spcfw") != std::string::npos ||
              wrong.output.find("is not installed") != std::string::npos ||
              wrong.output.find("built without the KIM API") != std::string::npos)
      << wrong.output;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace mdb
