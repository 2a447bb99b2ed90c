#pragma once
// The full description of an ANI-style neural-network potential: species, descriptor, networks.
#include <string>
#include <vector>

#include "model/nnp/aev_params.hpp"

namespace mdb {

/// One dense layer y = W x + b, W stored row-major as out x in (PyTorch's nn.Linear layout).
struct DenseLayerSpec {
  int in = 0;
  int out = 0;
  std::vector<double> weights;  ///< out * in values, row-major
  std::vector<double> bias;     ///< out values
};

/// An ANI/Behler-Parrinello potential: per-species multilayer perceptrons map each atom's AEV to
/// an atomic energy (eV); hidden layers use CELU, the last layer is linear with one output. The
/// total energy is the sum of atomic energies plus a constant shift per atom of each species.
struct NnSpec {
  std::string name;
  std::string description;
  std::vector<std::string> species;  ///< element names; the AEV's species order
  AevParams aev;
  double celu_alpha = 0.1;
  std::vector<double> energy_shifts;                  ///< eV per atom, one per species
  std::vector<std::vector<DenseLayerSpec>> networks;  ///< one per species, input layer first

  int species_index(const std::string& name) const;  ///< -1 when absent
  /// Layer widths of a species' network, input first (e.g. 48 256 192 160 1).
  std::vector<int> widths(int species) const;
  /// Throws std::invalid_argument("<where>: ...") naming the first problem: AEV parameters,
  /// species (none, duplicates, empty names), a network per species, layer shapes (the first
  /// layer's input is the AEV length, each layer's input the previous output, the last output
  /// 1), weight/bias counts, non-finite values, celu_alpha <= 0.
  void validate(const std::string& where) const;
};

}  // namespace mdb
