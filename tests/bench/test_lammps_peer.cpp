// LAMMPS (in-process, the library the Peer family drives) and md_bench's engine on the same
// coordinates with the same potential: energies and forces must agree, or the side-by-side
// timings compare different physics.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "bench/cases.hpp"
#include "bench/custom_case.hpp"
#include "bench/peers/lammps_inputs.hpp"
#include "bench/peers/lammps_instance.hpp"
#include "bench/peers/lammps_script.hpp"
#include "bench/peers/lammps_state.hpp"
#include "bench/prepared_state.hpp"
#include "bench/registry.hpp"
#ifdef MDB_HAVE_KIM
#include "model/kim/kim_log.hpp"
#endif
#include "md/structure/lattice.hpp"
#include "md/structure/structure_file.hpp"
#include "model/eam.hpp"
#ifdef MDB_HAVE_WATER
#include "kernels/common/ewald_terms.hpp"
#include "model/water/water_model.hpp"
#endif
#include "tests/support/reference.hpp"

namespace mdb::bench {
namespace {

struct Agreement {
  double energy_relative = 0;  ///< |E_lammps - E_ours| / |E_ours|
  double force_relative = 0;   ///< max |dF| / max |F|
  double energy = 0;
};

// Builds the case's crystal, displaces atoms (so forces are not zero by symmetry; a few atoms
// cross the box faces and get wrapped) and evaluates both engines.
// `make` replaces the case's model (e.g. with finer settings), `extra_commands` follow LAMMPS's
// input (e.g. a more accurate kspace).
Agreement agree(const std::string& case_name, int atoms, double jitter_amplitude,
                const std::string& suffix = "",
                std::function<std::unique_ptr<ForceField>()> make = nullptr,
                const std::string& extra_commands = "") {
  const CaseSpec& c = *find_case(case_name);
  System s = build_case_system(c, atoms, 11);
  test::jitter(s, jitter_amplitude, 5);
  auto ff = make ? make() : c.recipe.make();
  const test::Evaluation ours = test::evaluate(*ff, s);

  const auto dir = std::filesystem::temp_directory_path() /
                   ("mdbench-test-lammps-peer-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  LammpsInstance lmp;
  load_lammps_state(lmp, c, s, dir.string());
  if (!suffix.empty()) lmp.commands("suffix " + suffix);
  lmp.commands(lammps_dynamics_script(c, Ensemble::NVE, c.timestep, 1, dir.string()));
  lmp.commands(extra_commands);
  lmp.run(0, true);
  const double e_lmp = lmp.thermo("pe");
  const std::vector<double> f = lmp.forces();
  std::filesystem::remove_all(dir);

  Agreement a;
  a.energy = ours.result.energy;
  a.energy_relative = std::abs(e_lmp - ours.result.energy) / std::abs(ours.result.energy);
  double fmax = 0, dmax = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double mine[3] = {ours.fx[i], ours.fy[i], ours.fz[i]};
    for (int k = 0; k < 3; ++k) {
      fmax = std::max(fmax, std::abs(mine[k]));
      dmax = std::max(dmax, std::abs(mine[k] - f[3 * i + k]));
    }
  }
  a.force_relative = dmax / fmax;
  return a;
}

TEST(LammpsPeer, LennardJonesArgonAgrees) {
  const Agreement a = agree("lj-ar", 256, 0.2);
  EXPECT_LT(a.energy_relative, 1e-10) << a.energy;
  EXPECT_LT(a.force_relative, 1e-10);
}

// Water: charges, bonds, angles and exclusions through a data file in atom_style full. Both
// sides converged, with the same beta: our PME at order 8 on a 0.4 A grid, LAMMPS's plain
// Ewald sum at accuracy 1e-12. LAMMPS's real space either evaluates erfc by Abramowitz & Stegun
// 7.1.26 (absolute error up to 1.5e-7; the energies then differ by 1.4e-5) or interpolates a
// table of libm's erfc: 2^16 points from 0.5 A (pair_modify table 16 tabinner 0.5) leave
// 8.5e-8 in the energy and 4.2e-8 in the forces, the bound 1e-6.
TEST(LammpsPeer, WaterAgreesWithLammpsEwald) {
#ifdef MDB_HAVE_WATER
  if (find_case("water-spcfw") == nullptr) GTEST_SKIP() << "no water case";
  WaterParams fine = WaterParams::spc_fw();
  fine.ewald.fourier_spacing = 0.4;
  fine.ewald.order = 8;
  const double beta = ewald_beta_for_rtol(fine.cutoff, fine.ewald.ewald_rtol);
  const Agreement a = agree(
      "water-spcfw", 192, 0.05, "", [fine] { return std::make_unique<WaterModel>(fine); },
      "pair_modify table 16 tabinner 0.5\nkspace_style ewald 1e-12\nkspace_modify gewald " +
          lammps_number(beta) + "\n");
  EXPECT_LT(a.energy_relative, 1e-6) << "E " << a.energy;
  EXPECT_LT(a.force_relative, 1e-6);
#else
  GTEST_SKIP() << "built without FFTW: no water model";
#endif
}

TEST(LammpsPeer, LjMeltAgreesInReducedUnits) {
  // 32 atoms: a 3.4 sigma box, so the 2.8 sigma list reaches across several image shells.
  for (int n : {32, 500}) {
    const Agreement a = agree("lj-melt", n, 0.1);
    EXPECT_LT(a.energy_relative, 1e-10) << n << " atoms, E " << a.energy;
    EXPECT_LT(a.force_relative, 1e-10) << n;
  }
}

TEST(LammpsPeer, StillingerWeberSiliconAgrees) {
  for (int n : {64, 512}) {
    const Agreement a = agree("si-sw", n, 0.15);
    EXPECT_LT(a.energy_relative, 1e-10) << n << " atoms, E " << a.energy;
    EXPECT_LT(a.force_relative, 1e-9) << n;
  }
}

// The KIM cases: LAMMPS's `pair_style kim` and our KIM adapter call the same model driver, each
// with its own padding atoms and neighbour lists. Measured: ~2e-16 (energy) and <1e-15 (forces);
// 1e-12 is far inside the 1e-8 the side-by-side rows need.
TEST(LammpsPeer, KimCasesAgree) {
#ifdef MDB_HAVE_KIM
  install_kim_log();  // before LAMMPS's pair kim creates a model: no kim.log in the cwd
#endif
  int checked = 0;
  for (const char* name : {"si-sw-kim", "al-eam-kim", "fe-eam-kim", "si-snap-kim", "c-dunn-kim"}) {
    if (find_case(name) == nullptr) continue;  // model not installed, or built without KIM
    const Agreement a = agree(name, 64, 0.1);
    EXPECT_LT(a.energy_relative, 1e-12) << name << ": E " << a.energy;
    EXPECT_LT(a.force_relative, 1e-12) << name;
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no KIM case (KIM API or models not installed)";
}

// The native EAM cases against LAMMPS's eam/alloy (al-eam) and eam/fs (fe-eam) reading the same
// file: the same tables and spline, so agreement to rounding; small boxes (several image
// shells) and larger ones.
TEST(LammpsPeer, NativeEamCasesAgree) {
  int checked = 0;
  for (const char* name : {"al-eam", "fe-eam"}) {
    if (find_case(name) == nullptr) continue;  // KIM model not installed, or built without KIM
    for (int n : {32, 250, 2000}) {
      if (n % atoms_per_unit(*find_case(name)) != 0) continue;
      const Agreement a = agree(name, n, 0.15);
      EXPECT_LT(a.energy_relative, 1e-10) << name << " " << n << " atoms: E " << a.energy;
      EXPECT_LT(a.force_relative, 1e-10) << name << " " << n;
      ++checked;
    }
  }
  if (checked == 0) GTEST_SKIP() << "no native EAM case (KIM models not installed)";
}

// The second Peer row: LAMMPS's OPT package (eam/alloy/opt, eam/fs/opt, `-sf opt`) runs the same
// tables through its own loop, so it agrees too, and md_bench plans that row beside the plain one.
TEST(LammpsPeer, NativeEamAgreesWithLammpsOpt) {
  if (find_case("al-eam") == nullptr) GTEST_SKIP() << "no al-eam case (KIM model not installed)";
  LammpsInstance probe;
  ASSERT_TRUE(probe.has_style("pair", "eam/alloy/opt")) << "Debian's LAMMPS has OPT";
  for (const char* name : {"al-eam", "fe-eam"}) {
    const Agreement a = agree(name, 250 - 250 % atoms_per_unit(*find_case(name)), 0.15, "opt");
    EXPECT_LT(a.energy_relative, 1e-10) << name << ": E " << a.energy;
    EXPECT_LT(a.force_relative, 1e-10) << name;
  }
  MdOptions o;
  o.cases = {"al-eam"};
  o.sizes = {64};
  int opt_rows = 0;
  for (const auto& p : plan_benchmarks(o)) {
    if (p.name == "Peer/NVE/64/al-eam/lammps-opt") {
      EXPECT_EQ(p.spec.lammps_suffix, "opt");
      ++opt_rows;
    }
  }
  EXPECT_EQ(opt_rows, 1);
}

// Compressed aluminium: densities past the end of the F(rho) table, where LAMMPS extends F
// linearly (the KIM driver refuses them).
TEST(LammpsPeer, EamPastTheDensityTableAgrees) {
  if (find_case("al-eam") == nullptr) GTEST_SKIP() << "no al-eam case (KIM model not installed)";
  add_case(parse_custom_case(
      "al-dense:model=eam:kim:EAM_Dynamo_ErcolessiAdams_1994_Al__MO_123629422045_005,"
      "lattice=fcc,a=3.6,species=Al,mass=26.9815"));
  const CaseSpec& dense = *find_case("al-dense");
  System s = build_case_system(dense, 108, 11);
  test::jitter(s, 0.15, 5);
  auto ff = dense.recipe.make();
  test::evaluate(*ff, s);
  const auto& eam = dynamic_cast<const Eam&>(*ff);
  double densest = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i)
    densest = std::max(densest, eam.density(static_cast<int>(i)));
  ASSERT_GT(densest, eam.tables().rhomax);
  const Agreement a = agree("al-dense", 108, 0.15);
  EXPECT_LT(a.energy_relative, 1e-10) << a.energy;
  EXPECT_LT(a.force_relative, 1e-10);
}

// LAMMPS's own EAM files in every format, through custom cases: funcfl (pair_style eam),
// two-element setfl (eam/alloy) and Finnis-Sinclair (eam/fs) on a structure whose species
// alternate, so every cross table and the type mapping are exercised.
TEST(LammpsPeer, EamFilesOfEveryFormatAgree) {
  const std::string dir = "/usr/share/lammps/potentials/";
  if (!std::filesystem::exists(dir + "Cu_u3.eam")) GTEST_SKIP() << dir << " not installed";
  add_case(parse_custom_case("cu-funcfl:model=eam:" + dir +
                             "Cu_u3.eam,lattice=fcc,a=3.615,species=Cu,mass=63.55"));
  struct Alloy {
    const char* file;
    Species a, b;
    double lattice;
  };
  int k = 0;
  for (const Alloy& alloy : {Alloy{"CuNi.eam.alloy", {"Cu", 63.546}, {"Ni", 58.69}, 3.6},
                             Alloy{"AlFe_mm.eam.fs", {"Al", 26.98}, {"Fe", 55.845}, 3.9}}) {
    LatticeSpec spec;
    spec.kind = LatticeKind::Fcc;
    spec.a = alloy.lattice;
    spec.nx = spec.ny = spec.nz = 1;
    const System cell =
        test::alternate_species(build_lattice(spec, alloy.a, kMetalUnits), alloy.a, alloy.b);
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("mdbench-test-eam-" + std::to_string(::getpid()) + ".data"))
                                 .string();
    write_structure(cell, path);
    add_case(parse_custom_case("eam-alloy-" + std::to_string(++k) + ":model=eam:" + dir +
                               alloy.file + ",structure=" + path));
    std::filesystem::remove(path);
  }
  for (const char* name : {"cu-funcfl", "eam-alloy-1", "eam-alloy-2"}) {
    for (int n : {32, 500}) {
      const Agreement a = agree(name, n, 0.15);
      EXPECT_LT(a.energy_relative, 1e-10) << name << " " << n << " atoms: E " << a.energy;
      EXPECT_LT(a.force_relative, 1e-10) << name << " " << n;
    }
  }
}

// Two funcfl files, one per type: LAMMPS brings them onto one grid and forms the cross pair term
// from both files' Z(r); so does Eam.
TEST(LammpsPeer, TwoFuncflFilesAgree) {
  const std::string dir = "/usr/share/lammps/potentials/";
  if (!std::filesystem::exists(dir + "Ni_u3.eam")) GTEST_SKIP() << dir << " not installed";
  LatticeSpec spec{LatticeKind::Fcc, 3.58, 3, 3, 3};
  System s = test::alternate_species(build_lattice(spec, {"Cu", 63.55}, kMetalUnits), {"Cu", 63.55},
                                     {"Ni", 58.71});
  test::jitter(s, 0.15, 17);
  Eam eam(std::vector<std::pair<std::string, EamFile>>{{"Cu", read_eam_file(dir + "Cu_u3.eam")},
                                                       {"Ni", read_eam_file(dir + "Ni_u3.eam")}});
  const test::Evaluation ours = test::evaluate(eam, s);
  CaseSpec metal;
  LammpsInstance lmp;
  lmp.commands(lammps_box_script(metal, s));
  lmp.create_atoms(s);
  lmp.commands("pair_style eam\npair_coeff 1 1 " + dir + "Cu_u3.eam\npair_coeff 2 2 " + dir +
               "Ni_u3.eam\n");
  lmp.run(0, true);
  const double e = lmp.thermo("pe");
  EXPECT_LT(std::abs(e - ours.result.energy), 1e-10 * std::abs(e)) << e;
  const std::vector<double> f = lmp.forces();
  double fmax = 0, dmax = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double mine[3] = {ours.fx[i], ours.fy[i], ours.fz[i]};
    for (int a = 0; a < 3; ++a) {
      fmax = std::max(fmax, std::abs(mine[a]));
      dmax = std::max(dmax, std::abs(mine[a] - f[3 * i + a]));
    }
  }
  EXPECT_LT(dmax / fmax, 1e-10);
}

// A custom case from a two-species structure file with a multi-element .sw file: LAMMPS's
// `pair_coeff * * file Ga N` must map types exactly as the engine maps species.
TEST(LammpsPeer, CustomTwoSpeciesStructureCaseAgrees) {
  const std::string gan = "/usr/share/lammps/potentials/GaN.sw";
  if (!std::filesystem::exists(gan)) GTEST_SKIP() << gan << " not installed";
  LatticeSpec spec;
  spec.kind = LatticeKind::Diamond;
  spec.a = 4.5;
  spec.nx = spec.ny = spec.nz = 1;
  const System base = build_lattice(spec, {"Ga", 69.723}, kMetalUnits);
  const System cell = test::alternate_species(base, {"Ga", 69.723}, {"N", 14.007});
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("mdbench-test-gan-" + std::to_string(::getpid()) + ".data"))
                               .string();
  write_structure(cell, path);
  add_case(parse_custom_case("gan-custom:model=sw:" + gan + ",structure=" + path));
  std::filesystem::remove(path);
  const Agreement a = agree("gan-custom", 64, 0.1);
  EXPECT_LT(a.energy_relative, 1e-10) << a.energy;
  EXPECT_LT(a.force_relative, 1e-9);
}

// Every case and ensemble md_bench would run as a Peer goes through LAMMPS here (a LAMMPS input
// error would end the process, so none may first appear in a benchmark run), and the timing
// breakdown of a real LAMMPS log parses.
TEST(LammpsPeer, EveryPeerInputRunsAndReportsItsTiming) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("mdbench-test-lammps-peer-all-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  int peers = 0;
  for (const CaseSpec& c : case_table()) {
    for (Ensemble e : c.ensembles) {
      if (!has_lammps_peer(c, e)) continue;
      ++peers;
      // 64 atoms, or the nearest whole number of molecules.
      const int atoms = 64 / atoms_per_unit(c) * atoms_per_unit(c);
      const System s = build_case_system(c, atoms, 3);
      LammpsInstance lmp;
      load_lammps_state(lmp, c, s, dir.string());
      lmp.commands(lammps_dynamics_script(c, e, c.timestep, 9, dir.string()));
      // A case on request takes about a second a step (c-dunn-kim): a few steps show its input
      // runs.
      const long steps = c.on_request ? 3 : 30;
      lmp.run(0, true);
      lmp.run(c.on_request ? 1 : 20, false);
      const LammpsRunStats st = lmp.run_with_stats(steps, (dir / "run.log").string());
      EXPECT_EQ(st.steps, steps) << c.name;
      EXPECT_GT(st.loop, 0.0) << c.name;
      EXPECT_GT(st.pair, 0.0) << c.name;
      EXPECT_LE(st.pair + st.neigh + st.comm + st.modify + st.output, st.loop * 1.01) << c.name;
      EXPECT_GT(st.neighbors, 64.0) << c.name;
      EXPECT_EQ(lmp.natoms(), atoms) << c.name << " " << ensemble_name(e);
      EXPECT_TRUE(std::isfinite(lmp.thermo("pe"))) << c.name;
    }
  }
  EXPECT_GE(peers, 5);  // lj-ar NVE/NVT, lj-melt NVE, si-sw NVE/NVT
  std::filesystem::remove_all(dir);
}

// The stand-alone inputs (md_bench --md_lammps_inputs, for `mpirun -np 2 lmp`) carry the Step
// row's very state through a data file: LAMMPS reading one gets our energy for it.
TEST(LammpsPeer, StandAloneInputsHoldTheStepState) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("mdbench-test-lammps-inputs-" + std::to_string(::getpid()));
  MdOptions o;
  o.cases = {"lj-ar", "si-sw"};
  o.sizes = {64};
  o.ensembles = {"NVE"};
  const auto plan = plan_benchmarks(o);
  ASSERT_EQ(write_lammps_inputs(plan, "", dir.string()), 2);
  std::ifstream index(dir / "index.tsv");
  std::string folder, peer, atoms;
  int checked = 0;
  while (index >> folder >> peer >> atoms) {
    ASSERT_EQ(atoms, "64");
    const PlannedBenchmark* step = nullptr;
    for (const auto& p : plan) {
      if ("Peer" + p.name.substr(4) == peer + "/cpu" && p.spec.family == Family::Step) step = &p;
    }
    ASSERT_NE(step, nullptr) << peer;
    const System& state = equilibrated_system(step->spec.key);
    auto ff = step->spec.key.spec->recipe.make();
    const double ours = test::evaluate(*ff, state).result.energy;
    // The input as written, minus its runs, with the data file's path made absolute.
    std::ifstream in(dir / folder / "in.lmp");
    std::stringstream script;
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("run ")) continue;
      if (line == "read_data data.lmp") line = "read_data " + (dir / folder / "data.lmp").string();
      script << line << "\n";
    }
    LammpsInstance lmp;
    lmp.commands(script.str());
    lmp.run(0, true);
    EXPECT_EQ(lmp.natoms(), 64.0) << folder;
    EXPECT_NEAR(lmp.thermo("pe"), ours, 1e-10 * std::abs(ours)) << folder;
    ++checked;
  }
  EXPECT_EQ(checked, 2);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace mdb::bench
