#pragma once
// The shipped NN presets: teacher- and student-sized ANI networks with generated weights.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// Architecture of a preset: AEV term counts and hidden-layer widths.
struct NnArchitecture {
  int radial_shifts = 0;
  int angle_shifts = 0;
  int angular_radial_shifts = 0;
  std::vector<int> hidden;  ///< e.g. 256 192 160 (the output layer of width 1 follows)
};

/// The species a preset covers by default. The teacher is a general model: ANI-2x's seven
/// elements plus Si, so its AEV has 8 x 16 + 36 x 32 = 1,280 entries whatever the system holds
/// (a general model computes its whole descriptor and first layer); the student is distilled for
/// silicon alone (16 entries). That difference is much of what distillation buys.
std::vector<std::string> nn_preset_species(std::string_view name);
/// "nn-teacher": ANI-2x-sized (16 radial shifts, 8 x 4 angular terms, 256-192-160-1);
/// "nn-student": a distilled size (8 radial, 4 x 2 angular, 64-32-1). Throws
/// std::invalid_argument naming the known presets for an unknown name.
NnArchitecture nn_preset_architecture(std::string_view name);

/// Default seed and output scale of the shipped presets.
inline constexpr std::uint64_t kNnPresetSeed = 20261122;
inline constexpr double kNnPresetOutputScale = 0.02;  // eV: size of a typical atomic energy

/// A spec with generated weights: Glorot-uniform hidden layers and biases in [-0.1, 0.1) drawn
/// from a seeded, platform-independent generator (so a preset is the same on every machine), and
/// an output layer scaled so atomic energies are about `output_scale` eV. The weights carry no
/// physics: the presets are cost models of the architectures, used over a physical baseline.
NnSpec make_nn_preset(std::string_view name, const std::vector<std::string>& species,
                      std::uint64_t seed = kNnPresetSeed,
                      double output_scale = kNnPresetOutputScale);
/// The preset with its default species.
NnSpec make_nn_preset(std::string_view name);

}  // namespace mdb
