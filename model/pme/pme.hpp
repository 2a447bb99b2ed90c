#pragma once
// Smooth particle-mesh Ewald, reciprocal space only (Essmann et al., J. Chem. Phys. 103, 8577
// (1995)): spread the charges on a grid with B-splines, FFT, multiply by the influence function,
// FFT back, gather the forces. A model adds the real-space pairs, the excluded-pair correction
// and the self energy from kernels/common/ewald_terms.hpp (docs/WATER.md).
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "kernels/common/pme_bodies.hpp"
#include "md/core/box.hpp"
#include "md/core/thread_team.hpp"
#include "md/force/force_field.hpp"
#include "md/force/stage_clocks.hpp"
#include "model/pme/fft_r2c_3d.hpp"
#include "model/pme/pme_params.hpp"

namespace mdb {

/// Net charge (e) above which compute() refuses a system: PME drops the m = 0 term, which is
/// right only for a neutral system (a charged one would need a neutralising background, whose
/// energy depends on beta and which no peer in mdbench applies by default).
inline constexpr double kPmeNetChargeTolerance = 1e-6;

/// |b_a(i)|^2 (Essmann's B-spline moduli) for the FFT indices i of an axis of k_points, order
/// `order`; the zeros of odd orders (m = K/2) replaced by their neighbours' mean, as GROMACS.
std::vector<double> pme_bspline_moduli(int k_points, int order);

/// The reciprocal-space part of the Ewald sum of point charges in an orthorhombic periodic box,
/// on a fixed grid. Sized once per grid (FFT plans and buffers at construction or set_grid);
/// compute() allocates nothing. Not thread-safe: one Pme per simulation.
class Pme {
 public:
  /// Checks the parameters (check_pme_params) and plans the FFT. Throws std::invalid_argument.
  explicit Pme(const PmeParams& params);
  /// pme_params_from_settings(settings, box): the grid and beta grompp would choose for `box`.
  static Pme from_settings(const PmeSettings& settings, const Box& box);
  ~Pme();
  Pme(Pme&&) noexcept;
  Pme& operator=(Pme&&) noexcept;

  const PmeParams& params() const { return params_; }

  /// Adds the reciprocal-space forces (eV/Angstrom) on n charges q (e) at (x, y, z) (Angstrom,
  /// anywhere: wrapped into `box` here) into (fx, fy, fz); returns the reciprocal energy (eV) and
  /// virial (W_ab, eV, xx yy zz xy xz yz) when `flags` ask, else zeros. The box may change from
  /// call to call (a barostat) while the grid stays. Throws std::invalid_argument for a
  /// non-finite position or charge or a net charge beyond kPmeNetChargeTolerance.
  ForceResult compute(const Box& box, const double* x, const double* y, const double* z,
                      const double* q, std::size_t n, double* fx, double* fy, double* fz,
                      ComputeFlags flags);

  /// Changes the grid (checked as in the constructor); re-plans only when it differs. Returns
  /// whether it did.
  bool set_grid(const std::array<int, 3>& grid);

  /// Splits the spread (each thread its own extended grid, summed by planes) and the gather (by
  /// atoms) over `team`'s threads from kPmeTeamMinAtoms charges on; nullptr for one thread. Sizes
  /// the threads' grids here, not in compute().
  void use_threads(ThreadTeam* team);

  /// Seconds per stage since reset_stage_times(): pme_spread, pme_fft_forward, pme_solve,
  /// pme_fft_backward, pme_gather (roles MeshSpread, MeshFft, MeshSolve, MeshGather), the calls
  /// and the grid's points (mesh_points).
  StageClocks stage_times() const;
  void reset_stage_times();

  /// Fewer charges than this are spread and gathered on the calling thread alone.
  static constexpr std::size_t kPmeTeamMinAtoms = 2048;

 private:
  enum Stage { kSpread, kFftForward, kSolve, kFftBackward, kGather, kNumStages };

  void plan_grid();
  void size_extended_grids();
  void check_charges(const double* x, const double* y, const double* z, const double* q,
                     std::size_t n) const;
  /// Charges onto each part's extended grid, then summed onto the FFT's periodic grid.
  template <int P>
  void spread(const OrthoBoxView& box, const double* x, const double* y, const double* z,
              const double* q, std::size_t n, ThreadTeam* team);
  /// Sums every part's extended x-planes that stand for periodic plane ix into it.
  void fold_plane(int ix, int parts);
  PmeSolveSums solve(const Box& box, bool sums);
  /// The potential copied onto the extended grid, then each charge's force from it.
  template <int P>
  void gather(const OrthoBoxView& box, const double* x, const double* y, const double* z,
              const double* q, std::size_t n, double* fx, double* fy, double* fz, ThreadTeam* team);
  /// Extended x-planes [begin, end) of grid 0 from the periodic potential.
  void unfold_planes(int begin, int end);

  PmeParams params_;
  std::unique_ptr<FftR2c3d> fft_;
  std::array<std::vector<double>, 3> bspline_moduli_;  ///< |b_a(i)|^2 per axis and FFT index
  std::array<std::vector<double>, 3> axis_m_;          ///< m_a (1/Angstrom) of this call's box
  std::array<std::vector<double>, 3> axis_factor_;     ///< Gaussian times |b_a|^2, this call
  ThreadTeam* team_ = nullptr;
  std::array<int, 3> ext_{};                    ///< extended grid sizes: grid + order - 1
  std::vector<std::vector<double>> ext_grids_;  ///< one extended grid per part (thread)
  std::array<std::uint64_t, kNumStages> ticks_{};
  long long calls_ = 0;
};

}  // namespace mdb
