#pragma once
// Any ASE calculator as a ForceField: md_bench keeps one ase.Atoms per model, writes each step's
// positions into it in place, and asks the calculator for energy and forces (and the stress when
// the step needs the virial). The calculator handles periodicity itself: md's neighbour list is
// not used. Plain C++: Python stays in the .cpp files.
#include <memory>
#include <string>
#include <string_view>

#include "md/force/force_field.hpp"
#include "model/ase/ase_spec.hpp"
#include "model/call_stages.hpp"

namespace mdb {

class AseCalculatorModel final : public ForceField {
 public:
  /// Starts Python (once per process), imports the module and makes the calculator. Throws
  /// std::invalid_argument, one line naming the spec (parse_ase_spec, make_calculator).
  explicit AseCalculatorModel(AseSpec spec);
  ~AseCalculatorModel() override;

  std::string_view name() const override { return name_; }
  /// The calculator finds its own neighbours: md's list gets the shortest range it takes, 0.01 A,
  /// and stays empty (no atoms are that close).
  double cutoff() const override { return 0.01; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Half; }
  /// Builds the ase.Atoms (species as chemical symbols, masses, cell, periodic). Throws
  /// std::invalid_argument for a species that is no element symbol.
  void bind(const System& system) override;
  /// Throws std::runtime_error "ase:<spec>: <Class> raised <Type>: <message>" when the
  /// calculator raises; NaN forces are returned as they are (a blown-up run).
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;
  /// copy in, Python call, copy back.
  StageClocks stage_times() const override;
  void reset_stage_times() override;

  const AseSpec& spec() const { return spec_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  AseSpec spec_;
  std::string name_;
  CallStages stages_;
};

}  // namespace mdb
