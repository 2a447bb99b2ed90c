#pragma once
// The one CPython of the process, embedded with pybind11. Internal to mdb_ase: it includes
// pybind11, which the public headers keep out of their users.
#include <pybind11/embed.h>
#include <pybind11/numpy.h>

#include <string>

namespace mdb::python {

namespace py = pybind11;

/// Starts the interpreter on first use (once per process, thread-safe) and leaves the GIL
/// released: every entry point takes it with py::gil_scoped_acquire, from whichever thread steps
/// the model. The interpreter is never finalised (numpy and calculators do not survive a restart,
/// and the process ends with it).
void ensure_started();

/// "<ExceptionType>: <first line of its message>" of a Python exception; call with the GIL held.
std::string describe(const py::error_already_set& e);

}  // namespace mdb::python
