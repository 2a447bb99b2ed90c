#pragma once
// The water model's state in OpenMM (Debian's libopenmm 7.7, C++ API), in the same process: the
// one adapter that includes OpenMM's headers (target mdb_openmm). OpenMM works in nm, kJ/mol,
// ps, amu and e; everything here crosses in metal units (Angstrom, eV, ps, amu, e).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "md/core/system.hpp"
#include "model/water/water_params.hpp"

namespace mdb::bench {

/// kJ/mol per eV: e N_A / 1000 with CODATA 2018's exact e and N_A (OpenMM's ELECTRONVOLT).
inline constexpr double kKjPerMolPerEv = 96.4853321233;
inline constexpr double kNmPerAngstrom = 0.1;

/// OpenMM's platforms md_bench uses: Reference (double precision throughout, OpenMM's source of
/// truth) and CPU (the libopenmm-plugins plugin: single-precision vectorised non-bonded forces
/// on threads; Debian ships it without the FFTW PME plugin, so its reciprocal space is the
/// Reference platform's PME in double).
enum class OpenMmPlatform { Reference, Cpu };

/// How OpenMM runs the state: the Ewald splitting and grid the water model chose at bind, and
/// the integrator.
struct OpenMmWaterSettings {
  OpenMmPlatform platform = OpenMmPlatform::Cpu;
  int cpu_threads = 1;         ///< the CPU platform's "Threads" property
  double beta = 0.0;           ///< Ewald splitting parameter (1/Angstrom)
  std::array<int, 3> grid{};   ///< PME grid points along x, y, z
  double timestep_ps = 0.0;    ///< > 0
  bool langevin = false;       ///< false: VerletIntegrator (NVE); true: LangevinMiddleIntegrator
  double temperature_k = 0.0;  ///< Langevin only
  double friction_per_ps = 0.0;
  std::uint64_t seed = 1;  ///< Langevin noise (OpenMM's seed 0 would mean "random": avoided)
  /// OpenMM's Coulomb constant (openmm_coulomb_constant()) differs from ours
  /// (kCoulombMetal) by a few parts in 1e8: scale the charges by sqrt(ours / OpenMM's) so that
  /// OpenMM sums our Coulomb energy; false keeps the plain charges.
  bool coulomb_constant_as_ours = true;
};

/// Potential energy (eV) and forces (eV/Angstrom; x, y, z per atom in the System's order).
struct OpenMmEvaluation {
  double energy = 0.0;
  std::vector<double> forces;
};

/// An OpenMM Context holding `system` with the water model `params` as OpenMM's own forces:
/// NonbondedForce with PME (cut-off and beta the model's, the settings' grid; LJ on oxygen
/// only, hydrogens epsilon 0; pairs within a molecule excluded, createExceptionsFromBonds with
/// scale 0; no switching function, no dispersion correction), HarmonicBondForce and
/// HarmonicAngleForce (the same E = k/2 (x - x0)^2), the System's masses, positions (shifted to
/// OpenMM's box at the origin, each molecule whole: OpenMM's bonded terms and exclusions use no
/// periodic images) and velocities. OpenMM's PME interpolates at order 5, its fixed
/// order, whatever the model's.
class OpenMmWater {
 public:
  /// Throws std::runtime_error in the user's terms: OpenMM's own errors (e.g. a cut-off longer
  /// than half the box), a platform that is not installed, a system without the topology.
  OpenMmWater(const System& system, const WaterParams& params, const OpenMmWaterSettings& s);
  ~OpenMmWater();
  OpenMmWater(const OpenMmWater&) = delete;
  OpenMmWater& operator=(const OpenMmWater&) = delete;

  /// Advances `steps` steps of the integrator.
  void step(int steps);
  /// Energy and forces at the current positions.
  OpenMmEvaluation evaluate() const;
  /// Potential energy (eV) at the current positions.
  double potential_energy() const;
  /// Kinetic energy (eV) as OpenMM reports it: a leapfrog integrator's velocities lag half a
  /// step, which OpenMM shifts by dt/2 f/m to the positions' time.
  double kinetic_energy() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Whether OpenMM has the platform (the CPU platform is a plugin, loaded here once from
/// OpenMM's plugin directory); `why` says what is missing when it has not.
bool openmm_platform_installed(OpenMmPlatform platform, std::string* why = nullptr);

/// The Coulomb constant OpenMM's kernels use, ONE_4PI_EPS0 (kJ mol^-1 nm e^-2).
double openmm_coulomb_constant();

}  // namespace mdb::bench
