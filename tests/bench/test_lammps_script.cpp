#include "bench/peers/lammps_script.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench/peers/lammps_log.hpp"
#include "model/sw_params.hpp"

namespace mdb::bench {
namespace {

bool has_line(const std::string& script, const std::string& line) {
  std::istringstream in(script);
  for (std::string l; std::getline(in, l);) {
    if (l == line) return true;
  }
  return false;
}

TEST(LammpsScript, NumbersRoundTrip) {
  for (double v : {3.405, 0.0104, 1.0 / 3.0, 2.5, 1e-300, -0.333333333333}) {
    EXPECT_EQ(std::strtod(lammps_number(v).c_str(), nullptr), v) << lammps_number(v);
  }
}

TEST(LammpsScript, BoxMatchesTheSystem) {
  const CaseSpec& c = *find_case("si-sw");
  const System s = build_case_system(c, 64, 1);
  const std::string script = lammps_box_script(c, s);
  EXPECT_TRUE(has_line(script, "units metal"));
  const double l = s.box().length(0);
  EXPECT_TRUE(has_line(script, "region box block 0 " + lammps_number(l) + " 0 " +
                                   lammps_number(s.box().length(1)) + " 0 " +
                                   lammps_number(s.box().length(2)) + " units box"))
      << script;
  EXPECT_TRUE(has_line(script, "create_box 1 box"));
  EXPECT_TRUE(has_line(script, "mass 1 28.0855"));
  EXPECT_TRUE(has_line(
      lammps_box_script(*find_case("lj-melt"), build_case_system(*find_case("lj-melt"), 32, 1)),
      "units lj"));
}

TEST(LammpsScript, DynamicsCopyTheCaseSettings) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("mdbench-test-lammps-script-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // in.lj: neighbor 0.3 bin, neigh_modify every 20 delay 0 check no, lj/cut 2.5.
  const std::string melt =
      lammps_dynamics_script(*find_case("lj-melt"), Ensemble::NVE, 0.005, 1, dir.string());
  EXPECT_TRUE(has_line(melt, "pair_style lj/cut 2.5")) << melt;
  EXPECT_TRUE(has_line(melt, "pair_coeff * * 1 1"));
  EXPECT_TRUE(has_line(melt, "neighbor 0.3 bin"));
  EXPECT_TRUE(has_line(melt, "neigh_modify delay 0 every 20 check no"));
  EXPECT_TRUE(has_line(melt, "timestep 0.005"));
  EXPECT_TRUE(has_line(melt, "fix integrate all nve"));
  EXPECT_EQ(melt.find("langevin"), std::string::npos);

  const CaseSpec& ar = *find_case("lj-ar");
  const std::string nvt = lammps_dynamics_script(ar, Ensemble::NVT, 0.002, 7, dir.string());
  EXPECT_TRUE(has_line(nvt, "neigh_modify delay 0 every 1 check yes"));
  EXPECT_TRUE(
      has_line(nvt, "fix thermostat all langevin 40 40 " + lammps_number(1.0 / ar.friction) + " 8"))
      << nvt;

  // The SW file LAMMPS reads holds exactly the native model's parameters.
  const std::string sw =
      lammps_dynamics_script(*find_case("si-sw"), Ensemble::NVE, 0.001, 1, dir.string());
  const std::string path = (dir / "Si.sw").string();
  EXPECT_TRUE(has_line(sw, "pair_coeff * * " + path + " Si")) << sw;
  const SwParams written = SwParams::from_file(path);
  ASSERT_EQ(written.entries.size(), 1u);
  EXPECT_EQ(written.entries[0].A, SwParams::silicon().entries[0].A);
  EXPECT_EQ(written.entries[0].costheta0, SwParams::silicon().entries[0].costheta0);
  std::filesystem::remove_all(dir);
}

TEST(LammpsScript, OnlyNveAndNvtOfCasesWithAPairStyle) {
  EXPECT_TRUE(has_lammps_peer(*find_case("si-sw"), Ensemble::NVT));
  EXPECT_FALSE(has_lammps_peer(*find_case("si-sw"), Ensemble::NPT));
  EXPECT_FALSE(has_lammps_peer(*find_case("si-nn-student"), Ensemble::NVE));
  EXPECT_THROW(lammps_dynamics_script(*find_case("lj-ar"), Ensemble::NPT, 0.002, 1, "/tmp"),
               std::invalid_argument);
}

// What `run 100 pre no post yes` wrote for 512-atom SW silicon (LAMMPS 29 Sep 2021).
const char* kLog = R"(run 100 pre no post yes
Step Temp E_pair E_mol TotEng Press
     200    135.72295   -2209.4709            0   -2200.5061    1833.4922
Loop time of 0.0382123 on 1 procs for 100 steps with 512 atoms

MPI task timing breakdown:
Section |  min time  |  avg time  |  max time  |%varavg| %total
---------------------------------------------------------------
Pair    | 0.037203   | 0.037203   | 0.037203   |   0.0 | 97.36
Neigh   | 0.0001     | 0.00011    | 0.00012    |   0.0 |  0.00
Comm    | 0.00046966 | 0.00046966 | 0.00046966 |   0.0 |  1.23
Output  | 4.8763e-05 | 4.8763e-05 | 4.8763e-05 |   0.0 |  0.13
Modify  | 0.0002911  | 0.0002911  | 0.0002911  |   0.0 |  0.76
Other   |            | 0.0002003  |            |       |  0.52

Total # of neighbors = 17408
Ave neighs/atom = 34.000000
)";

TEST(LammpsLog, ReadsLoopTimeBreakdownAndNeighbours) {
  const LammpsRunStats st = parse_lammps_run_stats(kLog);
  EXPECT_DOUBLE_EQ(st.loop, 0.0382123);
  EXPECT_EQ(st.steps, 100);
  EXPECT_DOUBLE_EQ(st.pair, 0.037203);
  EXPECT_DOUBLE_EQ(st.neigh, 0.00011);  // the average column, not min or max
  EXPECT_DOUBLE_EQ(st.comm, 0.00046966);
  EXPECT_DOUBLE_EQ(st.output, 4.8763e-05);
  EXPECT_DOUBLE_EQ(st.modify, 0.0002911);
  EXPECT_DOUBLE_EQ(st.other, 0.0002003);
  EXPECT_DOUBLE_EQ(st.neighbors, 17408);
}

TEST(LammpsLog, MissingPartsAreErrors) {
  EXPECT_THROW(parse_lammps_run_stats("run 100\n"), std::runtime_error);
  std::string cut = kLog;
  cut.erase(cut.find("Modify"));
  EXPECT_THROW(parse_lammps_run_stats(cut), std::runtime_error);
}

}  // namespace
}  // namespace mdb::bench
