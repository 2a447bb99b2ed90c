#pragma once
// What `model=ase:<module>:<Class>[:<JSON keyword arguments>]` names: an ASE calculator class and
// the keyword arguments it is made with. Plain C++: no Python here.
#include <string>
#include <string_view>

namespace mdb {

struct AseSpec {
  std::string module;        ///< e.g. ase.calculators.emt
  std::string cls;           ///< e.g. EMT
  std::string kwargs;        ///< a JSON object ("{}" when none)
  std::string text() const;  ///< module:Class[:kwargs], as the user wrote it
};

/// Parses `module:Class[:{JSON object}]`. Throws std::invalid_argument with one line naming the
/// spec: a missing module or class, a module or class name that is no Python identifier path,
/// keyword arguments that are not a JSON object.
AseSpec parse_ase_spec(std::string_view argument);

}  // namespace mdb
