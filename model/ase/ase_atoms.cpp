#include "model/ase/ase_atoms.hpp"

#include <stdexcept>
#include <string>

#include "md/structure/elements.hpp"

namespace mdb::python {
namespace {

[[noreturn]] void bad(const AseSpec& spec, const std::string& what) {
  throw std::invalid_argument("ase:" + spec.text() + ": " + what);
}

}  // namespace

py::object make_calculator(const AseSpec& spec) {
  py::object module;
  try {
    module = py::module_::import(spec.module.c_str());
  } catch (py::error_already_set& e) {
    bad(spec, "cannot import module '" + spec.module + "': " + describe(e));
  }
  if (!py::hasattr(module, spec.cls.c_str())) {
    bad(spec, "module '" + spec.module + "' has no '" + spec.cls + "'");
  }
  py::object made;
  try {
    const py::object kwargs = py::module_::import("json").attr("loads")(spec.kwargs);
    made = module.attr(spec.cls.c_str())(**kwargs);
  } catch (py::error_already_set& e) {
    bad(spec, spec.cls + "(...) raised " + describe(e));
  }
  for (const char* method : {"get_potential_energy", "get_forces"}) {
    if (!py::hasattr(made, method)) {
      bad(spec, spec.cls + " is no ASE calculator (it has no " + method + ")");
    }
  }
  return made;
}

double ase_time_per_ps() {
  static const double t = 1000.0 * py::module_::import("ase.units").attr("fs").cast<double>();
  return t;
}

py::object make_atoms(const System& system, bool with_velocities) {
  const auto n = static_cast<py::ssize_t>(system.size());
  py::list symbols;
  for (std::size_t i = 0; i < system.size(); ++i) {
    const std::string& name =
        system.species_table()[static_cast<std::size_t>(system.species()[i])].name;
    if (atomic_number(name) == 0) {
      throw std::invalid_argument("species '" + name +
                                  "' is no element symbol (ASE names atoms by element)");
    }
    symbols.append(name);
  }
  py::array_t<double> positions({n, py::ssize_t{3}});
  py::array_t<double> masses(n);
  auto p = positions.mutable_unchecked<2>();
  auto m = masses.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    p(i, 0) = system.x()[k];
    p(i, 1) = system.y()[k];
    p(i, 2) = system.z()[k];
    m(i) = system.species_table()[static_cast<std::size_t>(system.species()[k])].mass;
  }
  const auto& len = system.box().lengths();
  py::list cell;
  cell.append(py::make_tuple(len[0], 0.0, 0.0));
  cell.append(py::make_tuple(0.0, len[1], 0.0));
  cell.append(py::make_tuple(0.0, 0.0, len[2]));
  py::object atoms = py::module_::import("ase").attr("Atoms")(
      py::arg("symbols") = symbols, py::arg("positions") = positions, py::arg("cell") = cell,
      py::arg("pbc") = true);
  atoms.attr("set_masses")(masses);
  if (with_velocities) {
    py::array_t<double> v({n, py::ssize_t{3}});
    auto w = v.mutable_unchecked<2>();
    const double per = 1.0 / ase_time_per_ps();  // Angstrom/ps -> Angstrom per ASE time unit
    for (py::ssize_t i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      w(i, 0) = system.vx()[k] * per;
      w(i, 1) = system.vy()[k] * per;
      w(i, 2) = system.vz()[k] * per;
    }
    atoms.attr("set_velocities")(v);
  }
  return atoms;
}

}  // namespace mdb::python
