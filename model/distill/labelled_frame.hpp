#pragma once
// Training and test data for distillation: configurations with a reference model's energy and
// forces, and the accuracy of a model against them.
#include <string>
#include <vector>

#include "md/core/system.hpp"
#include "md/force/force_field.hpp"

namespace mdb {

/// One configuration and what the reference (teacher) model says about it. Metal units.
struct LabelledFrame {
  System system;                   ///< positions, box and species (velocities are not used)
  double energy = 0.0;             ///< eV, the whole frame
  std::vector<double> fx, fy, fz;  ///< eV/Angstrom, per atom
  std::string source;              ///< how it was made, e.g. "diamond 300 K"
};

/// The reference model's energy and forces on the system's coordinates (its own neighbour list,
/// no skin). Binds the model to the system. Throws std::invalid_argument on a non-finite result.
LabelledFrame label_frame(System system, ForceField& reference, std::string source);

/// How far a model is from the labels.
struct FrameAccuracy {
  int frames = 0;
  double energy_mae = 0.0;       ///< eV/atom: mean over frames of |E - E_ref| / atoms
  double force_rmse = 0.0;       ///< eV/Angstrom: root mean square over every force component
  double force_max = 0.0;        ///< eV/Angstrom: largest component error
  std::string force_max_source;  ///< the source of the frame that holds it
};

/// `model` evaluated on every frame (bound to each in turn) against the frames' labels.
FrameAccuracy accuracy_against(ForceField& model, const std::vector<LabelledFrame>& frames);

}  // namespace mdb
