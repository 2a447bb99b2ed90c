#pragma once
// The integrator factory: the one place that knows every CPU integrator (ensemble.hpp, which
// the integrators read, knows none).
#include <memory>

#include "md/integrate/ensemble.hpp"
#include "md/integrate/integrator.hpp"

namespace mdb {

/// The CPU integrator of `ensemble` with time step `dt` (ps, or tau in LJ units).
std::unique_ptr<Integrator> make_integrator(const EnsembleSpec& ensemble, double dt);

}  // namespace mdb
