#include "model/ase/python_runtime.hpp"

#include <mutex>

namespace mdb::python {

void ensure_started() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (Py_IsInitialized()) return;  // a host that embeds Python already (a Python test driver)
    // No signal handlers: Ctrl-C stays md_bench's.
    py::initialize_interpreter(false);
    // The thread state is kept for good: the interpreter lives as long as the process.
    static_cast<void>(PyEval_SaveThread());
  });
}

std::string describe(const py::error_already_set& e) {
  std::string type = "Exception";
  std::string message;
  try {
    type = py::str(e.type().attr("__name__")).cast<std::string>();
    message = py::str(e.value()).cast<std::string>();
  } catch (const std::exception&) {
    message = e.what();
  }
  message = message.substr(0, message.find('\n'));
  return message.empty() ? type : type + ": " + message;
}

}  // namespace mdb::python
