// GROMACS (Debian's gmx) reads the inputs md_bench --md_gromacs_inputs writes and, rerunning the
// state (`gmx mdrun -rerun`), must find md_bench's energy and forces: otherwise vs_gromacs.sh
// would time different physics. Skipped, saying why, where gmx is not installed (CI installs
// Debian's gromacs, ci/common.sh).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/peers/gromacs_gro.hpp"
#include "bench/peers/gromacs_inputs.hpp"
#include "bench/peers/gromacs_mdp.hpp"
#include "bench/peers/gromacs_topology.hpp"
#include "bench/peers/gromacs_units.hpp"
#include "tests/support/reference.hpp"
#include "tests/support/run_command.hpp"

namespace mdb::bench {
namespace {

namespace fs = std::filesystem;

bool gmx_installed(const std::string& binary = "gmx") {
  return std::system(("command -v " + binary + " >/dev/null 2>&1").c_str()) == 0;
}

// Runs a gmx command in `dir`, its output appended to `out`; stdin from `input`, a printf format
// (gmx energy and traj ask what to write).
void gmx(const fs::path& dir, const std::string& args, const std::string& input = "",
         const std::string& out = "gmx.out", const std::string& binary = "gmx") {
  const std::string cmd = "cd '" + dir.string() + "' && " +
                          (input.empty() ? "" : "printf '" + input + "\\n' | ") + binary +
                          " -quiet " + args + " >>" + out + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd << " (see " << (dir / out) << ")";
}

// The numbers of an .xvg written with -xvg none: one row per frame.
std::vector<double> xvg_row(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  std::istringstream row(line);
  std::vector<double> v;
  for (double x; row >> x;) v.push_back(x);
  return v;
}

// "x[    0]={ 2.08937e+00,  1.38974e-02,  1.05510e-02}" lines of `gmx dump` for one array.
std::vector<double> dumped(const fs::path& file, const std::string& array) {
  std::ifstream in(file);
  std::vector<double> v;
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find_first_not_of(' ');
    if (at == std::string::npos || line.compare(at, array.size() + 1, array + "[") != 0) continue;
    std::string nums = line.substr(line.find('{') + 1);
    std::replace(nums.begin(), nums.end(), ',', ' ');
    std::replace(nums.begin(), nums.end(), '}', ' ');
    std::istringstream row(nums);
    for (double x; row >> x;) v.push_back(x);
  }
  return v;
}

double max_abs(const std::vector<double>& v) {
  double m = 0;
  for (const double x : v) m = std::max(m, std::abs(x));
  return m;
}

struct Agreement {
  double energy_relative = 0;  ///< |E_gmx - E_ours| / |E_ours|
  double force_relative = 0;   ///< max |dF| / max |F|
  double position_nm = 0;      ///< max |x_gmx - x_ours| as GROMACS read the .gro file
  double velocity_relative = 0;
};

// Writes `case_name`'s Step state at `atoms` atoms, has GROMACS (`binary`: gmx, or gmx_d in
// double precision) read and rerun it, and compares.
Agreement rerun_in_gromacs(const std::string& case_name, int atoms,
                           const std::string& binary = "gmx") {
  const fs::path dir = fs::temp_directory_path() /
                       ("mdbench-test-gromacs-" + case_name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  MdOptions o;
  o.cases = {case_name};
  o.sizes = {atoms};
  o.ensembles = {"NVE"};
  const auto plan = plan_benchmarks(o);
  Agreement a;
  EXPECT_EQ(write_gromacs_inputs(plan, "^Step/", dir.string()), 1);
  const fs::path run = dir / ("NVE-" + std::to_string(atoms) + "-" + case_name);
  // No -maxwarn: a warning from grompp fails the test.
  gmx(run, "grompp -f rerun.mdp -c conf.gro -p topol.top -o rerun.tpr", "", "gmx.out", binary);
  gmx(run, "dump -s rerun.tpr", "", "tpr.txt", binary);
  gmx(run, "mdrun -nt 1 -s rerun.tpr -rerun conf.gro -deffnm rerun", "", "gmx.out", binary);
  gmx(run, "energy -f rerun.edr -o energy.xvg -xvg none", "Potential", "gmx.out", binary);
  gmx(run, "traj -s rerun.tpr -f rerun.trr -of forces.xvg -fp -xvg none", "0", "gmx.out", binary);

  const PlannedBenchmark* step = nullptr;
  for (const auto& p : plan) {
    if (p.name == "Step/NVE/" + std::to_string(atoms) + "/" + case_name + "/cpu") step = &p;
  }
  EXPECT_NE(step, nullptr);
  if (step == nullptr) return a;
  const CaseSpec& c = *step->spec.key.spec;
  const System& state = equilibrated_system(step->spec.key);
  const GromacsUnits u = gromacs_units(*c.units);
  auto ff = c.recipe.make();
  const test::Evaluation ours = test::evaluate(*ff, state);

  const std::vector<double> energy = xvg_row(run / "energy.xvg");  // time, potential
  EXPECT_EQ(energy.size(), 2u);
  if (energy.size() != 2u) return a;
  const double e_ours = ours.result.energy * u.kj_mol_per_energy;
  a.energy_relative = std::abs(energy[1] - e_ours) / std::abs(e_ours);

  const std::vector<double> f = xvg_row(run / "forces.xvg");  // time, then x y z per atom
  const std::vector<double> x = dumped(run / "tpr.txt", "x");
  const std::vector<double> v = dumped(run / "tpr.txt", "v");
  const std::size_t n = state.size();
  EXPECT_EQ(f.size(), 1 + 3 * n);
  EXPECT_EQ(x.size(), 3 * n);
  EXPECT_EQ(v.size(), 3 * n);
  if (f.size() != 1 + 3 * n || x.size() != 3 * n || v.size() != 3 * n) return a;
  std::vector<double> mine, diff, vel, vel_diff;
  const auto& lo = state.box().lo();
  const auto& len = state.box().lengths();
  for (std::size_t i = 0; i < n; ++i) {
    const double fi[3] = {ours.fx[i], ours.fy[i], ours.fz[i]};
    const double ri[3] = {state.x()[i], state.y()[i], state.z()[i]};
    const double vi[3] = {state.vx()[i], state.vy()[i], state.vz()[i]};
    for (int k = 0; k < 3; ++k) {
      mine.push_back(fi[k] * u.force());
      diff.push_back(f[1 + 3 * i + k] - mine.back());
      // The dump prints 6 digits: compare positions as images, to its precision.
      double d = x[3 * i + k] - (ri[k] - lo[k]) * u.nm_per_length;
      const double l = len[k] * u.nm_per_length;
      d -= l * std::round(d / l);
      a.position_nm = std::max(a.position_nm, std::abs(d));
      vel.push_back(vi[k] * u.velocity());
      vel_diff.push_back(v[3 * i + k] - vel.back());
    }
  }
  a.force_relative = max_abs(diff) / max_abs(mine);
  a.velocity_relative = max_abs(vel_diff) / max_abs(vel);
  fs::remove_all(dir);
  return a;
}

// Mixed precision bounds the agreement. GROMACS rounds positions to float (~1.2e-7 nm at 2 nm):
// md_bench's own double forces on those rounded positions move by 4.4e-6 of the largest force
// on lj-ar's 256-atom state (a solid, whose largest net force, 120 kJ/mol/nm, is small next to
// its pair forces), and GROMACS's float pair sums add as much again: 6.5e-6 and 7.4e-6 in all
// (lj-ar, lj-melt). Forces are held to 3e-5 of the largest, four times that; the energy, a float
// sum measured within 4e-7, to 5e-6, which also catches a parameter or unit wrong in its sixth
// digit. The .tpr dump prints six digits (5e-6 relative; positions to 1e-5 nm).
void expect_agreement(const Agreement& a) {
  EXPECT_LT(a.energy_relative, 5e-6);
  EXPECT_LT(a.force_relative, 3e-5);
  EXPECT_LT(a.position_nm, 1e-5);
  EXPECT_LT(a.velocity_relative, 1e-5);
  std::printf("energy %.2e, forces %.2e of the largest, positions %.1e nm, velocities %.1e\n",
              a.energy_relative, a.force_relative, a.position_nm, a.velocity_relative);
}

TEST(GromacsPeer, ArgonRerunAgrees) {
  if (!gmx_installed()) GTEST_SKIP() << "gmx not found (Debian package gromacs)";
  expect_agreement(rerun_in_gromacs("lj-ar", 256));
}

// Reduced units written as argon's: the same numbers in GROMACS's units.
TEST(GromacsPeer, LjMeltRerunAgrees) {
  if (!gmx_installed()) GTEST_SKIP() << "gmx not found (Debian package gromacs)";
  expect_agreement(rerun_in_gromacs("lj-melt", 500));
}

// SPC/Fw with PME (issue 39) at 1,536 atoms: the same cut-off, beta, grid (24^3) and order,
// rerun by Debian's double-precision GROMACS (gmx_d, in the same package), which shares no code
// with md_bench's PME. In mixed precision (gmx) GROMACS differs from md_bench by 6.3e-6 of the
// energy and 3.4e-5 of the largest force: its own double build puts the energy difference in
// its float real-space Coulomb (0.13 of -28,391 kJ/mol), and float positions alone move
// md_bench's double forces by 3.1e-5 of the largest (the O-H bond, 443,153 kJ/mol/nm^2, turns
// 1e-7 nm of rounding into 0.05 kJ/mol/nm). In double only the .gro file's 8 decimals (5e-9 nm)
// and the ways two codes sum remain.
TEST(GromacsPeer, WaterRerunAgrees) {
  if (!gmx_installed("gmx_d")) GTEST_SKIP() << "gmx_d not found (Debian package gromacs)";
  const Agreement a = rerun_in_gromacs("water-spcfw", 1536, "gmx_d");
  std::printf(
      "water: energy %.2e, forces %.2e of the largest, positions %.1e nm, velocities %.1e\n",
      a.energy_relative, a.force_relative, a.position_nm, a.velocity_relative);
  // Measured 4.7e-8 and 1.75e-6; a charge, beta, grid or unit wrong in its sixth digit is 1e-6
  // of the energy or more.
  EXPECT_LT(a.energy_relative, 3e-7);
  EXPECT_LT(a.force_relative, 1e-5);
  EXPECT_LT(a.position_nm, 1e-5);
  EXPECT_LT(a.velocity_relative, 1e-5);
}

// The bonded sections as GROMACS reads them: two flexible, uncharged waters (O-H 1.0 A against
// 1.012, H-O-H 90 degrees against 113.24) rerun in GROMACS give the harmonic energies
// k (r - r0)^2 / 2 and k (theta - theta0)^2 / 2 computed here, and no pair term within a
// molecule (nrexcl 2).
TEST(GromacsPeer, BondsAndAnglesReadAsWritten) {
  if (!gmx_installed()) GTEST_SKIP() << "gmx not found (Debian package gromacs)";
  System s(Box::cube(20.0), kMetalUnits);
  const int o = s.add_species("O", 15.9994);
  const int h = s.add_species("H", 1.008);
  for (int w = 0; w < 2; ++w) {
    s.add_atom(o, 2.0 + 6.0 * w, 2.0, 2.0);
    s.add_atom(h, 3.0 + 6.0 * w, 2.0, 2.0);
    s.add_atom(h, 2.0 + 6.0 * w, 3.0, 2.0);
  }
  Topology t;
  t.molecule = {0, 0, 0, 1, 1, 1};
  t.bonds = {{0, 1, 0}, {0, 2, 0}, {3, 4, 0}, {3, 5, 0}};
  t.angles = {{1, 0, 2, 0}, {4, 3, 5, 0}};
  s.set_topology(t);
  GromacsPotential p;
  p.lj = {{"O", 3.166, 0.0067}, {"H", 1.0, 0.0}};
  p.bonds = {{"O", "H", 1.012, 22.965}};       // eV/A^2
  p.angles = {{"H", "O", "H", 113.24, 3.29}};  // eV/rad^2
  p.exclusions = 2;
  p.cutoff = 9.0;
  const GromacsUnits u = gromacs_units(kMetalUnits);
  const GromacsTopology top = make_gromacs_topology(p, s, u, "two waters");
  NeighborPolicy policy;
  policy.skin = 0.5;
  GromacsRunParams run = gromacs_run_params(p, policy, 0.0005, 10, u, "two waters");
  run.rerun = true;
  const fs::path dir =
      fs::temp_directory_path() / ("mdbench-test-gromacs-water-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "conf.gro") << gro_text(s, top, u, "two waters");
  std::ofstream(dir / "topol.top") << topology_text(top);
  std::ofstream(dir / "rerun.mdp") << mdp_text(run);
  gmx(dir, "grompp -f rerun.mdp -c conf.gro -p topol.top -o rerun.tpr");
  gmx(dir, "mdrun -nt 1 -s rerun.tpr -rerun conf.gro -deffnm rerun");
  gmx(dir, "energy -f rerun.edr -o energy.xvg -xvg none", "Bond\\nAngle\\nLJ-(SR)");
  const std::vector<double> e = xvg_row(dir / "energy.xvg");  // time, bond, angle, LJ
  ASSERT_EQ(e.size(), 4u);
  const double kb = 22.965 * u.kj_mol_per_energy / (0.1 * 0.1), r0 = 0.1012;
  const double ka = 3.29 * u.kj_mol_per_energy, theta0 = 113.24 * M_PI / 180.0;
  const double bonds = 4 * 0.5 * kb * (0.1 - r0) * (0.1 - r0);
  const double angles = 2 * 0.5 * ka * (M_PI / 2 - theta0) * (M_PI / 2 - theta0);
  EXPECT_NEAR(e[1], bonds, 1e-5 * bonds);
  EXPECT_NEAR(e[2], angles, 1e-5 * angles);
  // Between molecules only: the two oxygens 6 A apart (H has epsilon 0).
  const double sr6 = std::pow(3.166 / 6.0, 6);
  const double lj = 4 * 0.0067 * u.kj_mol_per_energy * (sr6 * sr6 - sr6);
  EXPECT_NEAR(e[3], lj, 1e-5 * std::abs(lj));
  fs::remove_all(dir);
}

// Through the binary as a user runs it: only the LJ states GROMACS can take are written, the
// rest said on stderr; nothing to write is exit 2.
TEST(GromacsInputs, MdBenchWritesTheStatesGromacsCanRun) {
  const fs::path dir =
      fs::temp_directory_path() / ("mdbench-test-gromacs-inputs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string select = "--md_cases=lj-ar,si-sw --md_sizes=64,256 --benchmark_filter=^Step/";
  const test::CommandResult r =
      test::run_command(MDB_MD_BENCH_PATH, select + " --md_gromacs_inputs=" + dir.string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("left out NVE-64-lj-ar: GROMACS needs a box at least twice rlist"),
            std::string::npos)
      << r.output;
  std::ifstream index(dir / "index.tsv");
  std::stringstream read;
  read << index.rdbuf();
  const std::string text = read.str();
  // lj-ar's NVE state at 256 atoms only: si-sw has no GROMACS form, NVT and NPT no counterpart.
  EXPECT_TRUE(text.starts_with("NVE-256-lj-ar\tStep/NVE/256/lj-ar\t256\t")) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
  for (const char* f : {"conf.gro", "topol.top", "grompp.mdp", "rerun.mdp"}) {
    EXPECT_TRUE(fs::exists(dir / "NVE-256-lj-ar" / f)) << f;
  }
  const test::CommandResult none = test::run_command(
      MDB_MD_BENCH_PATH, "--md_cases=si-sw --md_sizes=64 --md_gromacs_inputs=" + dir.string());
  EXPECT_EQ(none.exit_code, 2) << none.output;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace mdb::bench
