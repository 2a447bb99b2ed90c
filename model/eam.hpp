#pragma once
// The embedded-atom method, LAMMPS `pair_style eam`, `eam/alloy` and `eam/fs` semantics.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/eam_tables.hpp"
#include "model/force_driver.hpp"

namespace mdb {

/// EAM on a half neighbour list, on LAMMPS's spline tables (EamTables), so that energies and
/// forces equal LAMMPS's `eam/alloy` (and the OpenKIM EAM_Dynamo driver, which splines the same
/// way) to rounding. Two passes over each thread's rows:
///  1. density: for every listed pair inside the cutoff, rho_i and rho_j gain each other's
///     density (ghosts' shares are folded onto their owners), and the pair's neighbour and
///     distance are kept in a short per-thread list, so the second pass neither re-tests the
///     list's skin pairs nor takes another square root;
///  2. forces: F'(rho) of every atom (ghosts take their owner's), then per kept pair the density
///     derivatives and r phi from the pair's spline row, Newton's third law applied.
/// The energy adds F(rho_i) per atom (extended linearly past the table, as LAMMPS) and phi per
/// pair, only when asked. The virial is sum x.f over the extended atoms (LAMMPS's fdotr). A step
/// allocates nothing once sized.
class Eam final : public ForceField {
 public:
  /// A setfl or fs file: its element names are the species it binds.
  explicit Eam(const EamFile& setfl_or_fs);
  /// funcfl files, one per species name (LAMMPS's `pair_coeff i i file` for each type).
  explicit Eam(const std::vector<std::pair<std::string, EamFile>>& funcfl_by_species);
  /// Tables made elsewhere.
  explicit Eam(EamTables tables);

  std::string_view name() const override { return "eam"; }
  double cutoff() const override { return tables_.cut; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Half; }
  /// Maps the system's species to the potential's elements by name. Throws std::invalid_argument
  /// naming a species the potential does not cover and the elements it does.
  void bind(const System& system) override;
  /// Splits both passes over the team's threads by neighbour-list work, each thread with its own
  /// density and force arrays, summed before folding.
  bool use_threads(ThreadTeam* team) override;
  bool splits_over_threads() const override { return true; }
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;

  const EamTables& tables() const { return tables_; }
  /// After compute(): the density and F'(rho) of each local atom (tests).
  double density(int i) const { return rho_[static_cast<std::size_t>(i)]; }
  double embedding_derivative(int i) const { return fp_[static_cast<std::size_t>(i)]; }

 private:
  /// One thread's kept pairs, every listed pair inside the cutoff, list row by list row (the
  /// row's count in kept_): the neighbour and the distance, which the force pass reads instead
  /// of re-testing the list and taking square roots again. Where each distance falls on the r
  /// grid and its inverse are recomputed per centre atom into short scratch arrays (L1-resident)
  /// rather than stored: at 32,000 atoms the kept pairs already stream ~8 MB per step.
  struct KeptPairs {
    std::vector<int> j;
    std::vector<double> r;
    std::vector<int> row;         ///< scratch, one centre's pairs: spline row
    std::vector<double> p, rinv;  ///< scratch: fraction of the interval, 1 / r
    std::vector<double> rho;      ///< this thread's densities over the extended atoms (threads > 1)
  };
  template <bool kSingle>
  void densities(const NeighborView& v, int t, int begin, int end, double* rho);
  template <bool kSingle, bool kEnergy>
  double pair_forces(const NeighborView& v, int t, int begin, int end, double* fx, double* fy,
                     double* fz);
  /// rho_ = every thread's densities, ghosts' shares on their owners.
  void sum_densities(const NeighborView& v);

  EamTables tables_;
  int n_species_ = 0;
  std::vector<int> element_of_;  ///< bound species -> element
  /// Per bound species pair (a, b): the density at b due to a, and r phi; per species: F.
  std::vector<const double*> rho_tables_, z2r_tables_, frho_tables_;
  /// One bound species: its rho and z2 rows fused (eam_fused_value), fused_ into the storage.
  std::vector<double> fused_storage_;
  const double* fused_ = nullptr;
  ForceDriver driver_;
  std::vector<KeptPairs> kept_pairs_;  ///< one per thread
  std::vector<int> kept_;              ///< per local atom: its kept pairs
  std::vector<double> rho_, fp_;       ///< per extended atom
};

}  // namespace mdb
