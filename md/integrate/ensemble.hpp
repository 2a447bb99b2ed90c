#pragma once
// The thermodynamic ensemble of a run and its coupling settings: one type read by the CPU
// integrators and by the device engine alike.
#include <cstdint>
#include <memory>
#include <string_view>

#include "md/integrate/cell_rescaling.hpp"  // BarostatSettings
#include "md/integrate/integrator.hpp"

namespace mdb {

/// NVE (velocity Verlet), NVT (Langevin BAOAB) or NPT (BAOAB + stochastic cell rescaling).
enum class Ensemble { NVE, NVT, NPT };
/// "NVE", "NVT", "NPT".
std::string_view ensemble_name(Ensemble e);
/// Parses "NVE", "NVT", "NPT"; throws std::invalid_argument otherwise.
Ensemble parse_ensemble(std::string_view name);

/// The Langevin bath (metal units: K, 1/ps; reduced in LJ units).
struct ThermostatSettings {
  double temperature = 0.0;  ///< bath temperature
  double friction = 0.0;     ///< gamma; LAMMPS's damp is 1/gamma
  /// Noise stream. The device engine's replica r draws from seed + r (Philox); the CPU
  /// integrator seeds its own generator with it.
  std::uint64_t seed = 1;
};

/// Throws std::invalid_argument, prefixed with `who`, unless dt > 0, temperature >= 0 and
/// friction > 0.
void check_thermostat(const ThermostatSettings& thermostat, double dt, const char* who);

/// Everything that says how a run samples: the ensemble and, where it has them, its thermostat
/// and barostat (the barostat's noise has its own seed).
struct EnsembleSpec {
  Ensemble kind = Ensemble::NVE;
  ThermostatSettings thermostat;  ///< NVT, NPT
  BarostatSettings barostat;      ///< NPT
};

/// Throws std::invalid_argument, prefixed with `who`, unless dt > 0 and, where the ensemble uses
/// them, temperature >= 0, friction > 0, a finite target pressure, tau > 0 and compressibility >
/// 0: the checks both engines make.
void check_ensemble(const EnsembleSpec& ensemble, double dt, const char* who);

}  // namespace mdb
