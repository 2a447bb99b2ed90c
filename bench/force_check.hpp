#pragma once
// The correctness gate md_bench runs before timing a case: a fast but wrong model must never
// produce a number.
#include <optional>
#include <string>

#include "md/force_field.hpp"
#include "md/system.hpp"

namespace mdb::bench {

/// Compares the force field's forces on four atoms spread through the system with finite
/// differences of its energy; every component of every one must agree within
/// abs_tol + 1e-4 |F|. An unshifted cutoff makes the energy jump when a pair crosses it, which
/// spoils any difference whose stencil spans the crossing, so a component passes if any of these
/// agrees: central (h = 1e-3 length units), central (h / 10), second-order forward and backward
/// (h / 10). A wrong model disagrees in all four. Returns an empty optional on success, else one
/// line naming the atom, component and values.
/// `system` is copied; `force_field` is bound to the copy.
std::optional<std::string> check_forces_fd(ForceField& force_field, const System& system,
                                           double abs_tol);

}  // namespace mdb::bench
