#include "model/ase/ase_calculator.hpp"

#include <optional>
#include <stdexcept>
#include <utility>

#include "md/core/phase_timer.hpp"
#include "model/ase/ase_atoms.hpp"

namespace mdb {

namespace py = python::py;

struct AseCalculatorModel::Impl {
  py::object calculator, atoms;
  // atoms.arrays['positions'] itself, written in place. Optional: an array_t cannot even be
  // default-made before the interpreter starts.
  std::optional<py::array_t<double>> positions;
  std::array<double, 3> box{};
  std::size_t n = 0;

  ~Impl() {
    py::gil_scoped_acquire gil;
    positions.reset();
    atoms = py::object();
    calculator = py::object();
  }
};

AseCalculatorModel::AseCalculatorModel(AseSpec spec)
    : impl_(std::make_unique<Impl>()), spec_(std::move(spec)), name_("ase:" + spec_.cls) {
  python::ensure_started();
  py::gil_scoped_acquire gil;
  impl_->calculator = python::make_calculator(spec_);
}

AseCalculatorModel::~AseCalculatorModel() = default;

void AseCalculatorModel::bind(const System& system) {
  py::gil_scoped_acquire gil;
  try {
    impl_->atoms = python::make_atoms(system, false);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("ase:" + spec_.text() + ": " + e.what());
  }
  impl_->atoms.attr("calc") = impl_->calculator;
  // A view of the atoms' own array, not a copy: ASE sees each step's positions as a change.
  const py::object own = impl_->atoms.attr("arrays")["positions"];
  impl_->positions = py::array_t<double>::ensure(own);
  if (!*impl_->positions || !impl_->positions->is(own)) {
    throw std::logic_error(name_ + ": ase.Atoms positions are not a float64 array");
  }
  impl_->box = system.box().lengths();
  impl_->n = system.size();
}

ForceResult AseCalculatorModel::compute(System& system, const NeighborList& list,
                                        ComputeFlags flags) {
  static_cast<void>(list);
  if (impl_->n != system.size() || !impl_->atoms) {
    throw std::logic_error(name_ + ": compute() before bind() or after the system changed size");
  }
  const std::uint64_t t0 = PhaseTimer::now();
  py::gil_scoped_acquire gil;
  const auto n = static_cast<py::ssize_t>(impl_->n);
  {
    auto p = impl_->positions->mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      p(i, 0) = system.x()[k];
      p(i, 1) = system.y()[k];
      p(i, 2) = system.z()[k];
    }
  }
  const auto& len = system.box().lengths();
  if (len != impl_->box) {  // NPT moved the box: the atoms' cell follows, positions as given
    py::list cell;
    cell.append(py::make_tuple(len[0], 0.0, 0.0));
    cell.append(py::make_tuple(0.0, len[1], 0.0));
    cell.append(py::make_tuple(0.0, 0.0, len[2]));
    impl_->atoms.attr("set_cell")(cell);
    impl_->box = len;
  }
  const std::uint64_t t1 = PhaseTimer::now();
  py::object energy, forces, stress;
  try {
    energy = impl_->atoms.attr("get_potential_energy")();
    forces = impl_->atoms.attr("get_forces")();
    if (flags.virial) stress = impl_->atoms.attr("get_stress")(py::arg("voigt") = false);
  } catch (py::error_already_set& e) {
    throw std::runtime_error("ase:" + spec_.text() + ": " + spec_.cls + " raised " +
                             python::describe(e));
  }
  const std::uint64_t t2 = PhaseTimer::now();
  ForceResult r;
  try {
    const auto f = py::array_t<double, py::array::c_style | py::array::forcecast>(forces);
    if (f.ndim() != 2 || f.shape(0) != n || f.shape(1) != 3) {
      throw std::runtime_error("ase:" + spec_.text() + ": forces are not " + std::to_string(n) +
                               " x 3");
    }
    const auto a = f.unchecked<2>();
    auto fx = system.fx(), fy = system.fy(), fz = system.fz();
    for (py::ssize_t i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      fx[k] = a(i, 0);
      fy[k] = a(i, 1);
      fz[k] = a(i, 2);
    }
    if (flags.energy) r.energy = energy.cast<double>();
    if (flags.virial) {
      // ASE's stress is dE/d strain per volume; md's virial W = sum r f = -dE/d strain.
      const auto s = py::array_t<double, py::array::c_style | py::array::forcecast>(stress);
      const auto t = s.unchecked<2>();
      const double v = len[0] * len[1] * len[2];
      r.virial = {-v * t(0, 0), -v * t(1, 1), -v * t(2, 2),
                  -v * t(0, 1), -v * t(0, 2), -v * t(1, 2)};
    }
  } catch (py::error_already_set& e) {
    throw std::runtime_error("ase:" + spec_.text() + ": unreadable result: " + python::describe(e));
  } catch (const py::cast_error& e) {
    throw std::runtime_error("ase:" + spec_.text() + ": unreadable result: " + e.what());
  }
  const std::uint64_t t3 = PhaseTimer::now();
  stages_.add(t0, t1, t2, t3);
  return r;
}

StageClocks AseCalculatorModel::stage_times() const {
  return stages_.clocks("copy in", "Python call", "copy back");
}

void AseCalculatorModel::reset_stage_times() {
  stages_.reset();
}

}  // namespace mdb
