#pragma once
// What the ASE model and ASE's MD loop share: the calculator a spec names, and an ase.Atoms of a
// System. Internal to mdb_ase (pybind11); call with the GIL held.
#include "md/core/system.hpp"
#include "model/ase/ase_spec.hpp"
#include "model/ase/python_runtime.hpp"

namespace mdb::python {

/// Imports the spec's module and makes its class with the keyword arguments. Throws
/// std::invalid_argument, one line starting "ase:<spec>: ": the module does not import, it has
/// no such class, the object made is no ASE calculator (no get_potential_energy and
/// get_forces), or the constructor raised (with the exception's type and message).
py::object make_calculator(const AseSpec& spec);

/// An ase.Atoms with the system's atoms: species names as chemical symbols, the system's masses,
/// its box as the cell, periodic in x, y and z, its positions (Angstrom) and, when asked, its
/// velocities (converted to ASE's units). Throws std::invalid_argument for a species that is no
/// element symbol (ASE names atoms by element).
py::object make_atoms(const System& system, bool with_velocities);

/// ASE's time unit per picosecond (1000 ase.units.fs): md's Angstrom/ps times this^-1 is ASE's
/// velocity.
double ase_time_per_ps();

}  // namespace mdb::python
