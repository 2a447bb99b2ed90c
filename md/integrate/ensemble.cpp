#include "md/integrate/ensemble.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mdb {

std::string_view ensemble_name(Ensemble e) {
  switch (e) {
    case Ensemble::NVE:
      return "NVE";
    case Ensemble::NVT:
      return "NVT";
    case Ensemble::NPT:
      return "NPT";
  }
  return "?";
}

Ensemble parse_ensemble(std::string_view name) {
  for (Ensemble e : {Ensemble::NVE, Ensemble::NVT, Ensemble::NPT}) {
    if (name == ensemble_name(e)) return e;
  }
  throw std::invalid_argument("unknown ensemble '" + std::string(name) +
                              "' (expected NVE, NVT or NPT)");
}

namespace {
bool positive(double v) {
  return v > 0.0 && std::isfinite(v);
}
}  // namespace

void check_thermostat(const ThermostatSettings& t, double dt, const char* who) {
  auto fail = [who](const char* what) {
    throw std::invalid_argument(std::string(who) + ": " + what);
  };
  if (!positive(dt)) fail("time step must be > 0");
  if (!(t.temperature >= 0.0) || !std::isfinite(t.temperature)) fail("temperature must be >= 0");
  if (!positive(t.friction)) fail("friction must be > 0");
}

void check_ensemble(const EnsembleSpec& e, double dt, const char* who) {
  if (e.kind == Ensemble::NVE) {
    if (!positive(dt)) throw std::invalid_argument(std::string(who) + ": time step must be > 0");
    return;
  }
  check_thermostat(e.thermostat, dt, who);
  if (e.kind == Ensemble::NPT) check_barostat(e.barostat, who);
}

}  // namespace mdb
