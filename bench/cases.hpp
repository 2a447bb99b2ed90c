#pragma once
// The case table: each md_bench case is a system (lattice, size rule, species, state point, time
// step, neighbour policy) plus a force-field preset. Every parameter of every case is here.
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bench/catalogue.hpp"
#include "md/engine/simulation.hpp"
#include "md/force/force_field.hpp"
#include "md/integrate/ensemble.hpp"  // Ensemble: the 2nd component of a benchmark's name
#include "md/integrate/integrator.hpp"
#include "md/structure/lattice.hpp"

namespace mdb::bench {

/// Factors that turn a case's own units into metal units for reporting (all 1 in metal units;
/// argon's epsilon, mass and tau for reduced LJ units).
struct ReportUnits {
  double ps_per_time = 1.0;             ///< ps per time unit
  double ev_per_energy = 1.0;           ///< eV per energy unit
  double kelvin_per_temperature = 1.0;  ///< K per temperature unit (pressure, density: as is)
};

/// One benchmark case. Lengths in Angstrom, time in ps, temperature in K, pressure in bar, or
/// all reduced when `units` is kLjUnits.
struct CaseSpec {
  std::string name;         ///< the 4th name component, e.g. "lj-ar"
  std::string model;        ///< the model's family (--md_models selects it), e.g. "lj"
  std::string description;  ///< one line for --md_list
  // System: a lattice of one species, or (custom cases) a structure file's cell, replicated.
  std::shared_ptr<const System> structure;  ///< when set, the repeat unit (lattice ignored)
  /// When set, makes the system of `atoms` atoms (lattice and structure ignored; atoms a
  /// multiple of builder_unit), e.g. a box of water molecules in random orientations.
  std::function<System(int atoms, std::uint64_t seed)> builder;
  int builder_unit = 1;  ///< atoms per molecule of the builder's systems
  LatticeKind lattice = LatticeKind::Fcc;
  double lattice_constant = 0.0;
  std::string species;
  double mass = 0.0;  ///< amu
  const UnitSystem* units = &kMetalUnits;
  ReportUnits report;
  // State point and dynamics.
  double temperature = 0.0;
  double pressure = 0.0;  ///< NPT target
  double timestep = 0.0;
  double friction = 0.0;  ///< Langevin gamma (1/time) for NVT, NPT and thermostatted equilibration
  double barostat_tau = 0.0;
  double compressibility = 0.0;  ///< 1/pressure; sets the barostat's coupling strength
  int equilibration_steps = 0;
  /// Steps per Trajectory iteration (--md_steps overrides): 1,000 unless a step costs so much
  /// that a trajectory would take seconds (Google Benchmark then runs it once, plus warm-up).
  long trajectory_steps = 1000;
  /// Equilibrate NVE runs with a Langevin thermostat at `temperature` (else plain NVE, as in.lj).
  bool thermostatted_equilibration = true;
  NeighborPolicy neighbor;
  // What gets registered.
  std::vector<Ensemble> ensembles;
  std::vector<int> sizes;             ///< Step / Trajectory sizes of the default suite
  std::vector<int> extra_step_sizes;  ///< Step-only sizes (e.g. LAMMPS's 32,000 for lj-melt)
  std::vector<int> scaling_sizes;     ///< Scaling sizes of the default suite
  int batched_atoms = 0;              ///< Batched size (0: md_bench's 64)
  int max_atoms = 0;                  ///< cap for any family: larger sizes take minutes per step
  int full_max_atoms = 0;             ///< Scaling reaches up to this in the full suite
  /// The model from the catalogue (bench/catalogue.hpp): its factory, LAMMPS pair lines (empty:
  /// no LAMMPS peer), force-check tolerance; its abilities decide which rows the case gets
  /// (case_runs_on, case_splits_over_threads).
  ModelRecipe recipe;
  /// Names a case that computes the same potential by another route (c-dunn for c-dunn-kim)
  /// on the same system and state point. This case then starts from that case's prepared state
  /// (equilibrating through a slow route would take minutes) and its force check compares its
  /// forces on every atom with that case's model there, one evaluation each, where finite
  /// differences would take ~25 (that model passed them on the same state). Empty: none.
  std::string same_potential_as;
  /// Names a case of the same system and state point whose model is cheaper and close to this
  /// one's (si-sw for the NN presets over SW, a teacher for its student and back): equilibration
  /// starts from that case's prepared state, and `equilibration_steps` (fewer than from a
  /// lattice) of this case's own MD settle it under this model. Empty: from the lattice.
  std::string equilibrated_from;
  /// Names the case whose model this case's model was distilled from (c-dunn for c-nn-student).
  /// Its Step and Trajectory rows then carry energy_mae and force_rmse against that model on
  /// frames of this case's own MD (bench/teacher_accuracy.*). Empty: none.
  std::string teacher;
  /// With a teacher: the species (by name) whose like-pair radial distribution the case's
  /// Trajectory rows compare with the teacher's, from MD of each (bench/teacher_structure.*;
  /// water: "O"). Empty: none.
  std::string rdf_species;
  /// Registered only when --md_cases names it: a step costs about a second, too slow for the
  /// default, quick and full suites.
  bool on_request = false;
  /// Made from --md_case (custom_case.cpp): its inputs are files and flags, not the binary, so
  /// its prepared states are never taken from the disk cache.
  bool custom = false;
};

/// All cases, in a stable order: the built-in table, then custom cases as they were added.
/// A deque, so adding a case never moves the others (benchmarks keep pointers to them).
const std::deque<CaseSpec>& case_table();
/// Appends a case (md_bench's --md_case). Throws std::invalid_argument when the name is taken.
void add_case(CaseSpec c);
/// The case with this name, or nullptr.
const CaseSpec* find_case(std::string_view name);

/// Atoms in one repeat unit: the structure's atoms, else the lattice's conventional cell.
int atoms_per_unit(const CaseSpec& c);
/// Conventional cells (nx <= ny <= nz, as near a cube as possible) holding exactly `atoms` atoms.
/// Throws std::invalid_argument naming the nearest reachable sizes when there are none.
std::array<int, 3> cells_for_atoms(const CaseSpec& c, int atoms);

/// The case's crystal with `atoms` atoms and Maxwell-Boltzmann velocities at its temperature.
System build_case_system(const CaseSpec& c, int atoms, std::uint64_t seed);

/// Steps per Trajectory iteration: `override_steps` (--md_steps) when > 0, else the case's own.
long trajectory_steps_of(const CaseSpec& c, long override_steps);

/// Whether the case's model runs on `backend` (ForceField::supports): cuda rows need Cuda.
bool case_runs_on(const CaseSpec& c, Backend backend);
/// Whether the case's model splits its loops over threads: the case gets --md_threads rows.
bool case_splits_over_threads(const CaseSpec& c);

/// Ensemble `e` at the case's state point: the thermostat draws from `seed`, the barostat from
/// seed + 1 (for the CPU integrators and the device engine alike).
EnsembleSpec case_ensemble(const CaseSpec& c, Ensemble e, std::uint64_t seed);
/// The CPU integrator of case_ensemble(c, e, seed) with time step `dt`.
std::unique_ptr<Integrator> make_integrator(const CaseSpec& c, Ensemble e, double dt,
                                            std::uint64_t seed);

}  // namespace mdb::bench
