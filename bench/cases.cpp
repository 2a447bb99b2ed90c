#include "bench/cases.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "bench/case_presets.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/make_integrator.hpp"
#include "md/integrate/npt_langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/replicate.hpp"
#include "md/structure/standard_systems.hpp"
#include "md/structure/velocities.hpp"
#include "model/lennard_jones.hpp"
#ifdef MDB_HAVE_KIM
#include "model/kim/kim_collections.hpp"
#endif

namespace mdb::bench {
namespace {

// The lj-ar parameters (LjParams::argon(): epsilon 0.0104 eV, sigma 3.405 A, m 39.948 amu) turn
// reduced LJ-melt numbers into metal units for reporting, tau = sigma sqrt(m / epsilon) = 2.148 ps.
const LjParams kArgon = LjParams::argon();
const double kArgonEpsilonEv = kArgon.species.front().epsilon;
const double kArgonTauPs =
    kArgon.species.front().sigma * std::sqrt(kArgonMass / (kArgonEpsilonEv / kMetalUnits.mvv2e));

// Step, Trajectory and Peer sizes of the LJ cases in the default suite. Scaling covers 32 to
// 4,096 atoms (and the full suite every power of two for Step), so more sizes here would time the
// same steps twice: 44 rows, a quarter of the default suite's time.
const std::vector<int> kLjSizes = {64, 512};

std::vector<int> powers_of_two(int lo, int hi) {
  std::vector<int> v;
  for (int n = lo; n <= hi; n *= 2) v.push_back(n);
  return v;
}

CaseSpec lj_ar() {
  CaseSpec c;
  c.name = "lj-ar";
  c.description = "fcc argon, Lennard-Jones (sigma 3.405 A, eps 0.0104 eV, rc 8.51 A), 40 K";
  c.lattice = LatticeKind::Fcc;
  c.lattice_constant = kArgonLatticeConstant;
  c.species = "Ar";
  c.mass = kArgonMass;
  c.units = &kMetalUnits;
  c.temperature = 40.0;
  c.pressure = 1.0;
  c.timestep = 0.002;
  c.friction = 2.0;
  c.barostat_tau = 1.0;
  c.compressibility = 3.4e-5;  // solid argon: bulk modulus ~2.9 GPa
  c.equilibration_steps = 500;
  c.thermostatted_equilibration = true;
  c.neighbor.skin = 1.0;
  c.ensembles = {Ensemble::NVE, Ensemble::NVT, Ensemble::NPT};
  c.sizes = kLjSizes;
  c.scaling_sizes = powers_of_two(32, 4096);
  c.max_atoms = 1 << 17;
  c.full_max_atoms = 32768;
  use_catalogue_model(c, "lj");  // argon; forces here are ~1e-2 eV/A against 1e-6
  return c;
}

// LAMMPS bench/in.lj exactly: reduced units, fcc at density 0.8442, T* = 1.44, dt 0.005 tau,
// lj/cut 2.5 without shift, neighbor 0.3 bin, neigh_modify every 20 delay 0 check no, fix nve.
CaseSpec lj_melt() {
  CaseSpec c;
  c.name = "lj-melt";
  c.description = "LAMMPS bench/in.lj: LJ liquid, reduced units, rho* 0.8442, T* 1.44";
  c.lattice = LatticeKind::Fcc;
  c.lattice_constant = lattice_constant_for_density(LatticeKind::Fcc, kLjMeltDensity);
  c.species = "LJ";
  c.mass = 1.0;
  c.units = &kLjUnits;
  c.report.ps_per_time = kArgonTauPs;
  c.report.ev_per_energy = kArgonEpsilonEv;
  c.report.kelvin_per_temperature = kArgonEpsilonEv / kMetalUnits.boltzmann;
  c.temperature = kLjMeltTemperature;
  c.timestep = kLjMeltTimestep;
  c.friction = 1.0;
  c.equilibration_steps = 200;  // the lattice melts within ~1 tau
  c.thermostatted_equilibration = false;
  c.neighbor.skin = kLjMeltSkin;
  c.neighbor.every = kLjMeltNeighborEvery;
  c.neighbor.check = false;
  c.ensembles = {Ensemble::NVE};
  c.sizes = kLjSizes;
  c.extra_step_sizes = {32000};
  c.scaling_sizes = powers_of_two(32, 4096);
  c.max_atoms = 1 << 17;
  c.full_max_atoms = 32768;
  use_catalogue_model(c, "lj:1/1/2.5");  // in.lj's pair_coeff 1 1 1.0 1.0 2.5, reduced units
  return c;
}

}  // namespace

CaseSpec metal_crystal(LatticeKind lattice, double a, const std::string& species, double mass) {
  CaseSpec c;
  c.lattice = lattice;
  c.lattice_constant = a;
  c.species = species;
  c.mass = mass;
  c.units = &kMetalUnits;
  c.temperature = 300.0;
  c.pressure = 1.0;
  c.timestep = 0.001;
  c.friction = 5.0;
  c.barostat_tau = 1.0;
  c.compressibility = 1.0e-6;
  c.equilibration_steps = 500;
  c.thermostatted_equilibration = true;
  c.neighbor.skin = 1.0;
  return c;
}

void use_catalogue_model(CaseSpec& c, std::string_view spec) {
  ModelRequest request;
  request.case_name = c.name;
  // A builder's species: those of its smallest system (one molecule).
  const std::shared_ptr<const System> unit =
      c.builder ? std::make_shared<const System>(c.builder(c.builder_unit, 1)) : c.structure;
  if (unit) {
    for (const Species& s : unit->species_table()) {
      request.species.push_back(s.name);
      request.masses.push_back(s.mass);
    }
  } else {
    request.species = {c.species};
    request.masses = {c.mass};
  }
  c.recipe = resolve_model(spec, request);
  c.model = c.recipe.family;
}

namespace {

// Diamond silicon, the seed's "silicon" system: a = 5.431 A (SW's T = 0 minimum is 5.431 A).
// Bulk modulus ~98 GPa gives the barostat's compressibility.
CaseSpec silicon_base() {
  CaseSpec c = metal_crystal(LatticeKind::Diamond, 5.431, "Si", 28.0855);
  c.ensembles = {Ensemble::NVE, Ensemble::NVT, Ensemble::NPT};
  // The default suite stays near 3 minutes on 2 cores: two Step/Trajectory sizes per ensemble;
  // --md_sizes (e.g. 4096,32768 for the LAMMPS comparison) and --md_suite=full reach further.
  c.sizes = {64, 512};
  c.scaling_sizes = powers_of_two(64, 4096);
  c.max_atoms = 1 << 17;
  c.full_max_atoms = 32768;
  return c;
}

CaseSpec si_sw() {
  CaseSpec c = silicon_base();
  c.name = "si-sw";
  c.description = "diamond Si, Stillinger-Weber (LAMMPS Si.sw), a 5.431 A, 300 K";
  use_catalogue_model(c, "sw");
  return c;
}

// The NN presets over the SW baseline (E = E_SW + E_NN, docs/MODELS.md), networks in float.
CaseSpec si_nn(const std::string& preset) {
  const bool teacher = preset == "nn-teacher";
  CaseSpec c = silicon_base();
  c.name = "si-" + preset;
  c.description = "diamond Si, " + preset +
                  (teacher ? " (ANI-2x-sized, 256-192-160-1" : " (distilled size, 64-32-1") +
                  ", generated weights) over Stillinger-Weber, 300 K";
  c.ensembles = {Ensemble::NVE, Ensemble::NVT};
  c.scaling_sizes = powers_of_two(64, 2048);
  // The network is a small correction to SW: equilibrated from the lattice (500 steps), the
  // states come out within 4e-5 eV/atom of si-sw's, so 100 steps from si-sw's state settle them
  // (a fifth of the network's steps).
  c.equilibrated_from = "si-sw";
  c.equilibration_steps = 100;
  // Trajectory at 64 atoms, Step also at 512: a 1,000-step trajectory at 512 atoms took 3.6 s
  // (seven times the minimum time) to repeat the drift per atom of the 64-atom one and the
  // throughput of the 512-atom Step row, as for the carbon student.
  c.sizes = {64};
  c.extra_step_sizes = {512};
  if (teacher) {
    // ~1.3 ms per 64-atom step on one core: larger sizes belong to the full suite.
    c.extra_step_sizes = {};
    c.scaling_sizes = powers_of_two(64, 512);
    c.max_atoms = 1 << 15;
    c.full_max_atoms = 4096;
  }
  use_catalogue_model(c, preset);
  return c;
}

#ifdef MDB_HAVE_KIM
// A published OpenKIM model on its crystal (Debian's openkim-models). LAMMPS runs the same model
// through `pair_style kim`, so these cases have Peers too.
CaseSpec kim_case(const std::string& name, const std::string& model, LatticeKind lattice, double a,
                  const std::string& species, double mass, int atoms) {
  CaseSpec c = metal_crystal(lattice, a, species, mass);
  c.name = name;
  c.description = model + " (OpenKIM), " + species + ", 300 K";
  c.equilibration_steps = 300;
  c.ensembles = {Ensemble::NVE, Ensemble::NVT};
  c.sizes = {atoms};
  c.max_atoms = 1 << 15;
  c.full_max_atoms = 4096;
  use_catalogue_model(c, "kim:" + model);
  return c;
}

// The native EAM (model/eam.*) on a KIM EAM case's crystal, reading the very file that KIM model
// carries: the same potential as the -kim case and LAMMPS's eam/alloy or eam/fs (its Peer), by
// a third route. NVE only, to keep the default suite short: Step, Trajectory and Peer at 64
// atoms (as the -kim cases) and Scaling at 256, 1,024 and 4,096; 4,000 and 32,000 atoms (fcc
// 10^3 and 20^3 cells) by --md_sizes.
CaseSpec native_eam_case(const std::string& name, const std::string& model, LatticeKind lattice,
                         double a, const std::string& species, double mass) {
  CaseSpec c = metal_crystal(lattice, a, species, mass);
  c.name = name;
  c.description = "native EAM on " + model + "'s file, " + species + ", 300 K";
  c.equilibration_steps = 300;
  c.ensembles = {Ensemble::NVE};
  c.sizes = {64};
  c.scaling_sizes = {256, 1024, 4096};
  c.max_atoms = 1 << 17;
  c.full_max_atoms = 32768;
  use_catalogue_model(c, "eam:kim:" + model);
  return c;
}

#endif

}  // namespace

namespace {
std::deque<CaseSpec>& mutable_case_table() {
  // Built by push_back: GCC 12 warns (falsely) about an initializer_list of CaseSpec.
  static std::deque<CaseSpec> table = [] {
    std::deque<CaseSpec> t;
    t.push_back(lj_ar());
    t.push_back(lj_melt());
    t.push_back(si_sw());
    t.push_back(si_nn("nn-teacher"));
    t.push_back(si_nn("nn-student"));
#ifdef MDB_HAVE_KIM
    // Only models this machine has: a missing one is simply not a case.
    auto add_kim = [&t](CaseSpec c, const char* model) {
      if (kim_model_installed(model)) t.push_back(std::move(c));
    };
    const char* sw = "SW_StillingerWeber_1985_Si__MO_405512056662_005";
    const char* al = "EAM_Dynamo_ErcolessiAdams_1994_Al__MO_123629422045_005";
    const char* fe = "EAM_Dynamo_Mendelev_2003_Fe__MO_546673549085_000";
    const char* snap = "SNAP_ZuoChenLi_2019_Si__MO_869330304805_000";
    add_kim(kim_case("si-sw-kim", sw, LatticeKind::Diamond, 5.431, "Si", 28.0855, 64), sw);
    add_kim(kim_case("al-eam-kim", al, LatticeKind::Fcc, 4.05, "Al", 26.9815, 64), al);
    add_kim(kim_case("fe-eam-kim", fe, LatticeKind::Bcc, 2.8665, "Fe", 55.845, 64), fe);
    // The native EAM reads the KIM model's file: made only where that model is installed.
    if (kim_model_installed(al)) {
      t.push_back(native_eam_case("al-eam", al, LatticeKind::Fcc, 4.05, "Al", 26.9815));
    }
    if (kim_model_installed(fe)) {
      // One native EAM case in the default suite is enough: iron by --md_cases=fe-eam.
      CaseSpec fe_case = native_eam_case("fe-eam", fe, LatticeKind::Bcc, 2.8665, "Fe", 55.845);
      fe_case.on_request = true;
      t.push_back(std::move(fe_case));
    }
    // SNAP costs ~9 ms per 64-atom step here: NVE only in the default suite.
    CaseSpec snap_case =
        kim_case("si-snap-kim", snap, LatticeKind::Diamond, 5.431, "Si", 28.0855, 64);
    snap_case.ensembles = {Ensemble::NVE};
    snap_case.trajectory_steps = 100;  // ~0.8 s
    // Diamond Si at 300 K from si-sw's state, settled by 150 steps of SNAP's own MD (0.75 of
    // the bath's 0.2 ps) instead of 500 from the lattice.
    snap_case.equilibrated_from = "si-sw";
    snap_case.equilibration_steps = 150;
    add_kim(std::move(snap_case), snap);
#endif
    add_carbon_cases(t);
    add_water_cases(t);
    return t;
  }();
  return table;
}
}  // namespace

const std::deque<CaseSpec>& case_table() {
  return mutable_case_table();
}

void add_case(CaseSpec c) {
  if (find_case(c.name) != nullptr)
    throw std::invalid_argument("case name '" + c.name + "' is already taken");
  mutable_case_table().push_back(std::move(c));
}

int atoms_per_unit(const CaseSpec& c) {
  if (c.builder) return c.builder_unit;
  return c.structure ? static_cast<int>(c.structure->size()) : atoms_per_cell(c.lattice);
}

const CaseSpec* find_case(std::string_view name) {
  for (const CaseSpec& c : case_table()) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::array<int, 3> cells_for_atoms(const CaseSpec& c, int atoms) {
  const int per_cell = atoms_per_unit(c);
  if (atoms <= 0 || atoms % per_cell != 0) {
    const int below = std::max(per_cell, atoms / per_cell * per_cell);
    throw std::invalid_argument(
        c.name + ": " + std::to_string(atoms) + " atoms is not a whole number of cells (" +
        std::to_string(per_cell) + " atoms each); nearest: " + std::to_string(below) + " or " +
        std::to_string(below + per_cell));
  }
  const int cells = atoms / per_cell;
  // Most cubic factorisation nx <= ny <= nz: minimise nz / nx (a prime count gives 1 x 1 x p,
  // which ghost atoms still handle exactly).
  std::array<int, 3> best{1, 1, cells};
  double best_ratio = std::numeric_limits<double>::max();
  for (int nx = 1; nx * nx * nx <= cells; ++nx) {
    if (cells % nx != 0) continue;
    const int rest = cells / nx;
    for (int ny = nx; ny * ny <= rest; ++ny) {
      if (rest % ny != 0) continue;
      const int nz = rest / ny;
      const double ratio = static_cast<double>(nz) / nx;
      if (ratio < best_ratio) {
        best_ratio = ratio;
        best = {nx, ny, nz};
      }
    }
  }
  return best;
}

System build_case_system(const CaseSpec& c, int atoms, std::uint64_t seed) {
  const auto cells = cells_for_atoms(c, atoms);
  if (c.builder) {
    System s = c.builder(atoms, seed);
    assign_maxwell_boltzmann(s, c.temperature, seed);
    return s;
  }
  if (c.structure) {
    System s = replicate(*c.structure, cells);
    assign_maxwell_boltzmann(s, c.temperature, seed);
    return s;
  }
  LatticeSpec spec;
  spec.kind = c.lattice;
  spec.a = c.lattice_constant;
  spec.nx = cells[0];
  spec.ny = cells[1];
  spec.nz = cells[2];
  System s = build_lattice(spec, {c.species, c.mass}, *c.units);
  assign_maxwell_boltzmann(s, c.temperature, seed);
  return s;
}

long trajectory_steps_of(const CaseSpec& c, long override_steps) {
  return override_steps > 0 ? override_steps : c.trajectory_steps;
}

bool case_runs_on(const CaseSpec& c, Backend backend) {
  if (!c.recipe.make) return false;
  return backend == Backend::Cpu || (backend == Backend::Cuda && c.recipe.abilities().cuda);
}

bool case_splits_over_threads(const CaseSpec& c) {
  return c.recipe.abilities().threads;
}

EnsembleSpec case_ensemble(const CaseSpec& c, Ensemble e, std::uint64_t seed) {
  EnsembleSpec spec;
  spec.kind = e;
  spec.thermostat = {c.temperature, c.friction, seed};
  spec.barostat = {c.pressure, c.barostat_tau, c.compressibility, seed + 1};
  return spec;
}

std::unique_ptr<Integrator> make_integrator(const CaseSpec& c, Ensemble e, double dt,
                                            std::uint64_t seed) {
  return mdb::make_integrator(case_ensemble(c, e, seed), dt);
}

}  // namespace mdb::bench
