#include "model/ase/ase_dynamics.hpp"

#include <stdexcept>
#include <string>

#include "model/ase/ase_atoms.hpp"

namespace mdb {

namespace py = python::py;

struct AseDynamics::Impl {
  AseSpec spec;
  py::object atoms, dynamics;

  ~Impl() {
    py::gil_scoped_acquire gil;
    dynamics = py::object();
    atoms = py::object();
  }
};

AseDynamics::AseDynamics(const AseSpec& calculator, const System& start,
                         const AseLoopSettings& settings)
    : impl_(std::make_unique<Impl>()) {
  impl_->spec = calculator;
  python::ensure_started();
  py::gil_scoped_acquire gil;
  const py::object calc = python::make_calculator(calculator);
  try {
    impl_->atoms = python::make_atoms(start, true);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("ase:" + calculator.text() + ": " + e.what());
  }
  impl_->atoms.attr("calc") = calc;
  const double per_ps = python::ase_time_per_ps();
  const double dt = settings.timestep_ps * per_ps;
  try {
    if (settings.langevin) {
      const py::object rng =
          py::module_::import("numpy").attr("random").attr("RandomState")(settings.seed);
      impl_->dynamics =
          py::module_::import("ase.md.langevin")
              .attr("Langevin")(impl_->atoms, dt, py::arg("temperature_K") = settings.temperature_k,
                                py::arg("friction") = settings.friction_per_ps / per_ps,
                                py::arg("rng") = rng);
    } else {
      impl_->dynamics =
          py::module_::import("ase.md.verlet").attr("VelocityVerlet")(impl_->atoms, dt);
    }
  } catch (py::error_already_set& e) {
    throw std::invalid_argument("ase:" + calculator.text() +
                                ": ASE's MD loop would not start: " + python::describe(e));
  }
}

AseDynamics::~AseDynamics() = default;

void AseDynamics::run(long steps) {
  py::gil_scoped_acquire gil;
  try {
    impl_->dynamics.attr("run")(steps);
  } catch (py::error_already_set& e) {
    throw std::runtime_error("ase:" + impl_->spec.text() + ": ASE's MD loop raised " +
                             python::describe(e));
  }
}

double AseDynamics::potential_energy() {
  py::gil_scoped_acquire gil;
  return impl_->atoms.attr("get_potential_energy")().cast<double>();
}

double AseDynamics::kinetic_energy() {
  py::gil_scoped_acquire gil;
  return impl_->atoms.attr("get_kinetic_energy")().cast<double>();
}

std::vector<double> AseDynamics::positions() {
  py::gil_scoped_acquire gil;
  const auto p = py::array_t<double, py::array::c_style | py::array::forcecast>(
      impl_->atoms.attr("get_positions")());
  return {p.data(), p.data() + p.size()};
}

}  // namespace mdb
