#include "md/integrate/make_integrator.hpp"

#include <stdexcept>

#include "md/integrate/langevin.hpp"
#include "md/integrate/npt_langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"

namespace mdb {

std::unique_ptr<Integrator> make_integrator(const EnsembleSpec& e, double dt) {
  switch (e.kind) {
    case Ensemble::NVE:
      return std::make_unique<VelocityVerlet>(dt);
    case Ensemble::NVT:
      return std::make_unique<LangevinIntegrator>(dt, e.thermostat);
    case Ensemble::NPT:
      return std::make_unique<NptLangevinIntegrator>(dt, e.thermostat, e.barostat);
  }
  throw std::invalid_argument("make_integrator: unknown ensemble");
}

}  // namespace mdb
