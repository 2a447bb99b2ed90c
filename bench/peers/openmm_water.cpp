#include "bench/peers/openmm_water.hpp"

#include <OpenMM.h>
#include <openmm/reference/SimTKOpenMMRealType.h>

#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "md/core/units.hpp"

namespace mdb::bench {
namespace {

constexpr double kEvPerAngstromToKjPerMolPerNm = kKjPerMolPerEv / kNmPerAngstrom;

// OpenMM registers the CPU platform only when its plugin is loaded. Only that plugin: loading
// the whole directory would also start OpenCL's. Once per process (a second load would register
// the platform twice).
const std::string& cpu_plugin_error() {
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    const std::string path = OpenMM::Platform::getDefaultPluginsDirectory() + "/libOpenMMCPU.so";
    try {
      OpenMM::Platform::loadPluginLibrary(path);
    } catch (const OpenMM::OpenMMException& e) {
      error =
          std::string("OpenMM's CPU platform could not be loaded (libopenmm-plugins): ") + e.what();
    }
  });
  return error;
}

OpenMM::Platform& platform_of(OpenMmPlatform p) {
  std::string why;
  if (!openmm_platform_installed(p, &why)) throw std::runtime_error(why);
  return OpenMM::Platform::getPlatformByName(p == OpenMmPlatform::Cpu ? "CPU" : "Reference");
}

void check_settings(const System& system, const OpenMmWaterSettings& s) {
  const Topology& top = system.topology();
  if (top.charge.size() != system.size() || top.molecule.size() != system.size() ||
      top.bonds.empty()) {
    throw std::runtime_error("OpenMM water: the system has no charges, molecules or bonds");
  }
  if (!(s.beta > 0.0) || !(s.timestep_ps > 0.0) || s.grid[0] < 1 || s.grid[1] < 1 ||
      s.grid[2] < 1 || s.cpu_threads < 1) {
    throw std::runtime_error("OpenMM water: beta, the grid, the time step and threads must be > 0");
  }
}

// LJ on oxygen only (hydrogens: epsilon 0, so every O-H and H-H pair has none under OpenMM's
// Lorentz-Berthelot rule), charges, PME, exclusions.
OpenMM::NonbondedForce* nonbonded_force(const System& system, const WaterParams& p,
                                        const OpenMmWaterSettings& s) {
  auto* nb = new OpenMM::NonbondedForce();
  nb->setNonbondedMethod(OpenMM::NonbondedForce::PME);
  nb->setCutoffDistance(p.cutoff * kNmPerAngstrom);
  nb->setPMEParameters(s.beta / kNmPerAngstrom, s.grid[0], s.grid[1], s.grid[2]);
  nb->setUseSwitchingFunction(false);
  nb->setUseDispersionCorrection(false);
  const double charge_scale =
      s.coulomb_constant_as_ours
          ? std::sqrt(kCoulombMetal * kKjPerMolPerEv * kNmPerAngstrom / openmm_coulomb_constant())
          : 1.0;
  const int oxygen = system.find_species(p.oxygen);
  const double sigma_nm = p.sigma_oo * kNmPerAngstrom;
  const double epsilon_kj = p.epsilon_oo * kKjPerMolPerEv;
  for (std::size_t i = 0; i < system.size(); ++i) {
    const bool o = system.species()[i] == oxygen;
    nb->addParticle(system.topology().charge[i] * charge_scale, sigma_nm, o ? epsilon_kj : 0.0);
  }
  std::vector<std::pair<int, int>> bonds;
  for (const Bond& b : system.topology().bonds) bonds.emplace_back(b.i, b.j);
  nb->createExceptionsFromBonds(bonds, 0.0, 0.0);
  return nb;
}

// OpenMM's k, like ours, is the k of E = k/2 (x - x0)^2.
OpenMM::HarmonicBondForce* bond_force(const System& system, const WaterParams& p) {
  auto* f = new OpenMM::HarmonicBondForce();
  const double k = p.bond_k * kKjPerMolPerEv / (kNmPerAngstrom * kNmPerAngstrom);
  for (const Bond& b : system.topology().bonds) {
    f->addBond(b.i, b.j, p.bond_r0 * kNmPerAngstrom, k);
  }
  return f;
}

OpenMM::HarmonicAngleForce* angle_force(const System& system, const WaterParams& p) {
  auto* f = new OpenMM::HarmonicAngleForce();
  const double theta0 = p.angle_theta0 * std::numbers::pi / 180.0;
  for (const Angle& a : system.topology().angles) {
    f->addAngle(a.i, a.j, a.k, theta0, p.angle_k * kKjPerMolPerEv);
  }
  return f;
}

// OpenMM's bonded forces and the excluded pairs' reciprocal-space corrections take the plain
// displacement between two atoms, no periodic image (its molecular inputs keep molecules whole),
// while md_bench's halo wraps atoms into the box one by one: each molecule goes in whole, its
// atoms at the images nearest its first atom, and the box moves to OpenMM's origin.
std::vector<OpenMM::Vec3> whole_molecule_positions(const System& system) {
  const std::vector<int>& molecule = system.topology().molecule;
  if (molecule.size() != system.size()) {
    throw std::runtime_error("OpenMM water: the system has no molecule ids");
  }
  const auto& lo = system.box().lo();
  std::map<int, std::size_t> first;  // molecule id -> its first atom
  std::vector<OpenMM::Vec3> x(system.size());
  for (std::size_t i = 0; i < system.size(); ++i) {
    const std::size_t r = first.try_emplace(molecule[i], i).first->second;
    double d[3] = {system.x()[i] - system.x()[r], system.y()[i] - system.y()[r],
                   system.z()[i] - system.z()[r]};
    system.box().minimum_image(d[0], d[1], d[2]);
    x[i] = OpenMM::Vec3((system.x()[r] + d[0] - lo[0]) * kNmPerAngstrom,
                        (system.y()[r] + d[1] - lo[1]) * kNmPerAngstrom,
                        (system.z()[r] + d[2] - lo[2]) * kNmPerAngstrom);
  }
  return x;
}

std::unique_ptr<OpenMM::Integrator> integrator_of(const OpenMmWaterSettings& s) {
  if (!s.langevin) return std::make_unique<OpenMM::VerletIntegrator>(s.timestep_ps);
  auto li = std::make_unique<OpenMM::LangevinMiddleIntegrator>(s.temperature_k, s.friction_per_ps,
                                                               s.timestep_ps);
  li->setRandomNumberSeed(static_cast<int>(s.seed % 2147483646) + 1);
  return li;
}

}  // namespace

// Declared in this order so the Context (which points at both) goes first.
struct OpenMmWater::Impl {
  OpenMM::System system;
  std::unique_ptr<OpenMM::Integrator> integrator;
  std::unique_ptr<OpenMM::Context> context;
};

OpenMmWater::OpenMmWater(const System& system, const WaterParams& params,
                         const OpenMmWaterSettings& s)
    : impl_(std::make_unique<Impl>()) {
  check_settings(system, s);
  try {
    OpenMM::System& sys = impl_->system;
    for (double m : system.mass()) sys.addParticle(m);
    const auto& len = system.box().lengths();
    sys.setDefaultPeriodicBoxVectors(OpenMM::Vec3(len[0] * kNmPerAngstrom, 0, 0),
                                     OpenMM::Vec3(0, len[1] * kNmPerAngstrom, 0),
                                     OpenMM::Vec3(0, 0, len[2] * kNmPerAngstrom));
    sys.addForce(nonbonded_force(system, params, s));
    sys.addForce(bond_force(system, params));
    sys.addForce(angle_force(system, params));
    impl_->integrator = integrator_of(s);
    OpenMM::Platform& platform = platform_of(s.platform);
    std::map<std::string, std::string> properties;
    if (s.platform == OpenMmPlatform::Cpu) properties["Threads"] = std::to_string(s.cpu_threads);
    impl_->context =
        std::make_unique<OpenMM::Context>(sys, *impl_->integrator, platform, properties);
    std::vector<OpenMM::Vec3> v(system.size());
    for (std::size_t i = 0; i < system.size(); ++i) {
      v[i] = OpenMM::Vec3(system.vx()[i] * kNmPerAngstrom, system.vy()[i] * kNmPerAngstrom,
                          system.vz()[i] * kNmPerAngstrom);
    }
    impl_->context->setPositions(whole_molecule_positions(system));
    impl_->context->setVelocities(v);
  } catch (const OpenMM::OpenMMException& e) {
    throw std::runtime_error(std::string("OpenMM: ") + e.what());
  }
}

OpenMmWater::~OpenMmWater() = default;

void OpenMmWater::step(int steps) {
  try {
    impl_->integrator->step(steps);
  } catch (const OpenMM::OpenMMException& e) {
    throw std::runtime_error(std::string("OpenMM: ") + e.what());
  }
}

OpenMmEvaluation OpenMmWater::evaluate() const {
  const OpenMM::State st = impl_->context->getState(OpenMM::State::Energy | OpenMM::State::Forces);
  OpenMmEvaluation out;
  out.energy = st.getPotentialEnergy() / kKjPerMolPerEv;
  const std::vector<OpenMM::Vec3>& f = st.getForces();
  out.forces.resize(3 * f.size());
  for (std::size_t i = 0; i < f.size(); ++i) {
    for (int k = 0; k < 3; ++k) out.forces[3 * i + k] = f[i][k] / kEvPerAngstromToKjPerMolPerNm;
  }
  return out;
}

double OpenMmWater::potential_energy() const {
  return impl_->context->getState(OpenMM::State::Energy).getPotentialEnergy() / kKjPerMolPerEv;
}

double OpenMmWater::kinetic_energy() const {
  return impl_->context->getState(OpenMM::State::Energy).getKineticEnergy() / kKjPerMolPerEv;
}

bool openmm_platform_installed(OpenMmPlatform platform, std::string* why) {
  if (platform == OpenMmPlatform::Cpu && !cpu_plugin_error().empty()) {
    if (why) *why = cpu_plugin_error();
    return false;
  }
  try {
    OpenMM::Platform::getPlatformByName(platform == OpenMmPlatform::Cpu ? "CPU" : "Reference");
  } catch (const OpenMM::OpenMMException& e) {
    if (why) *why = std::string("OpenMM: ") + e.what();
    return false;
  }
  return true;
}

double openmm_coulomb_constant() {
  return ONE_4PI_EPS0;
}

}  // namespace mdb::bench
