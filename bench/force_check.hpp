#pragma once
// The correctness gate md_bench runs before timing a case: a fast but wrong model must never
// produce a number.
#include <optional>
#include <string>

#include "md/core/system.hpp"
#include "md/force/force_field.hpp"

namespace mdb::bench {

/// check_forces_fd's abs_tol (eV/A) for networks evaluated in float. The descriptor works on
/// float coordinates, so a central difference of the energy carries noise of ~1e-7 of a force
/// times sqrt(neighbours) / h: negligible for the generated presets over SW (network forces
/// ~1e-3 eV/A), ~2e-3 eV/A for a trained network that is the whole energy (measured 2.1e-3 on
/// the carbon student's ~1 eV/A forces). A missing or wrong term is off by a sizable fraction of
/// the forces, far beyond either.
inline constexpr double kPresetNetworkForceTolerance = 2e-3;
inline constexpr double kTrainedNetworkForceTolerance = 1e-2;

/// The force field's energy on a copy of `system` (bound to the copy).
double energy_of(ForceField& force_field, const System& system);

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

/// The check for a model of a potential another model computes too (a case's same_potential_as):
/// forces of `model` on every atom of `system` against those of `reference`, which passed
/// check_forces_fd on this very state; every component must agree within abs_tol + 1e-4 |F|.
/// One evaluation of each model, where finite differences take 25 (seconds through KIM's DUNN
/// driver). Returns an empty optional on success, else one line naming both models, the atom
/// and component. `system` is copied for each; each model is bound to its copy.
std::optional<std::string> check_forces_against(ForceField& model, ForceField& reference,
                                                const System& system, double abs_tol);

}  // namespace mdb::bench
