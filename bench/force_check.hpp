#pragma once
// The correctness gate md_bench runs before timing a case: a fast but wrong model must never
// produce a number.
#include <optional>
#include <string>

#include "md/system.hpp"
#include "model/force_field.hpp"

namespace mdb::bench {

/// Compares the force field's forces with central finite differences of its energy (step
/// h = 1e-3 length units, retried with h / 10) on atoms spread evenly through the system, until
/// three atoms agree in all components (|F - F_fd| <= abs_tol + 1e-4 |F|). An unshifted cutoff
/// makes the energy jump when a pair crosses it within h, which spoils one atom's difference now
/// and then, so up to five atoms (of eight candidates) may disagree; a wrong model disagrees
/// everywhere. Returns an empty optional on success, else one line naming the first atom,
/// component and values that disagreed.
/// `system` is copied; `force_field` is bound to the copy.
std::optional<std::string> check_forces_fd(ForceField& force_field, const System& system,
                                           double abs_tol);

}  // namespace mdb::bench
