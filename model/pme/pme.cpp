#include "model/pme/pme.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "md/core/phase_timer.hpp"

namespace mdb {
namespace {

/// Denominators of |b|^2 below this are the zeros of odd orders at m = K/2; GROMACS replaces
/// them by the mean of their neighbours, and so do we.
constexpr double kModulusZero = 1e-7;

/// The gather body called out of line: inlined into the atom loop, GCC 12 no longer vectorises
/// its runs of P grid points (it does in a function of its own: a third fewer instructions per
/// charge at order 4, by callgrind).
template <int P>
[[gnu::noinline]] PmeGridGradient gather_one(const double* ext, int ey, int ez,
                                             const PmeSplineAxis& sx, const PmeSplineAxis& sy,
                                             const PmeSplineAxis& sz) {
  return pme_gather_gradient<P>(ext, ey, ez, sx, sy, sz);
}

/// Atoms [begin, end) of part t of nt.
std::size_t part_begin(std::size_t n, int t, int nt) {
  return n * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt);
}

}  // namespace

std::vector<double> pme_bspline_moduli(int k_points, int order) {
  std::vector<double> den(static_cast<std::size_t>(k_points));
  for (int i = 0; i < k_points; ++i) {
    den[static_cast<std::size_t>(i)] = pme_bspline_modulus_denominator(i, k_points, order);
  }
  std::vector<double> mod(den.size());
  for (int i = 0; i < k_points; ++i) {
    double d = den[static_cast<std::size_t>(i)];
    if (d < kModulusZero) {
      d = 0.5 * (den[static_cast<std::size_t>((i + k_points - 1) % k_points)] +
                 den[static_cast<std::size_t>((i + 1) % k_points)]);
    }
    mod[static_cast<std::size_t>(i)] = 1.0 / d;
  }
  return mod;
}

Pme::Pme(const PmeParams& params) : params_(params) {
  check_pme_params(params_);
  plan_grid();
}

Pme Pme::from_settings(const PmeSettings& settings, const Box& box) {
  return Pme(pme_params_from_settings(settings, box));
}

Pme::~Pme() = default;
Pme::Pme(Pme&&) noexcept = default;
Pme& Pme::operator=(Pme&&) noexcept = default;

void Pme::plan_grid() {
  const auto& g = params_.grid;
  fft_ = std::make_unique<FftR2c3d>(g[0], g[1], g[2], params_.fft_planning);
  for (int a = 0; a < 3; ++a) {
    bspline_moduli_[a] = pme_bspline_moduli(g[a], params_.order);
    axis_m_[a].assign(static_cast<std::size_t>(g[a]), 0.0);
    axis_factor_[a].assign(static_cast<std::size_t>(g[a]), 0.0);
    ext_[a] = pme_extended_size(g[a], params_.order);
  }
  size_extended_grids();
}

bool Pme::set_grid(const std::array<int, 3>& grid) {
  if (grid == params_.grid) return false;
  PmeParams p = params_;
  p.grid = grid;
  check_pme_params(p);
  const PmeParams old = std::exchange(params_, p);
  try {
    plan_grid();  // makes the FFT first: if FFTW cannot plan, nothing else has changed
  } catch (...) {
    params_ = old;
    throw;
  }
  return true;
}

void Pme::use_threads(ThreadTeam* team) {
  team_ = (team != nullptr && team->size() > 1) ? team : nullptr;
  size_extended_grids();
}

void Pme::size_extended_grids() {
  const int parts = team_ != nullptr ? team_->size() : 1;
  const std::size_t points =
      static_cast<std::size_t>(ext_[0]) * static_cast<std::size_t>(ext_[1]) * ext_[2];
  ext_grids_.resize(static_cast<std::size_t>(parts));
  for (auto& g : ext_grids_) g.assign(points, 0.0);
}

void Pme::check_charges(const double* x, const double* y, const double* z, const double* q,
                        std::size_t n) const {
  // Every call (a blown-up run's positions must not index the grid), so without a branch per
  // atom: v - v is 0 for a finite v and NaN otherwise; four partial sums of each kind.
  double probe[4] = {0.0, 0.0, 0.0, 0.0}, part[4] = {0.0, 0.0, 0.0, 0.0};
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    for (std::size_t k = 0; k < 4; ++k) {
      const std::size_t a = i + k;
      probe[k] += ((x[a] - x[a]) + (y[a] - y[a])) + ((z[a] - z[a]) + (q[a] - q[a]));
      part[k] += q[a];
    }
  }
  for (; i < n; ++i) {
    probe[0] += ((x[i] - x[i]) + (y[i] - y[i])) + ((z[i] - z[i]) + (q[i] - q[i]));
    part[0] += q[i];
  }
  if (!((probe[0] + probe[1]) + (probe[2] + probe[3]) == 0.0)) {
    for (std::size_t a = 0; a < n; ++a) {
      if (!(std::isfinite(x[a]) && std::isfinite(y[a]) && std::isfinite(z[a]) &&
            std::isfinite(q[a]))) {
        std::ostringstream os;
        os << "PME: atom " << a << " has a non-finite "
           << (std::isfinite(q[a]) ? "position" : "charge") << " (" << x[a] << ", " << y[a] << ", "
           << z[a] << "; q " << q[a] << ")";
        throw std::invalid_argument(os.str());
      }
    }
  }
  const double net = (part[0] + part[1]) + (part[2] + part[3]);
  if (std::abs(net) > kPmeNetChargeTolerance) {
    std::ostringstream os;
    os << "PME: the charges sum to " << net << " e, not zero: PME needs a neutral system";
    throw std::invalid_argument(os.str());
  }
}

ForceResult Pme::compute(const Box& box, const double* x, const double* y, const double* z,
                         const double* q, std::size_t n, double* fx, double* fy, double* fz,
                         ComputeFlags flags) {
  check_charges(x, y, z, q, n);
  ThreadTeam* team = n >= kPmeTeamMinAtoms ? team_ : nullptr;
  const bool sums = flags.energy || flags.virial;
  std::uint64_t t0 = PhaseTimer::now();
  pme_with_order(params_.order,
                 [&](auto p) { spread<decltype(p)::value>(box.view(), x, y, z, q, n, team); });
  std::uint64_t t1 = PhaseTimer::now();
  fft_->forward();
  std::uint64_t t2 = PhaseTimer::now();
  const PmeSolveSums s = solve(box, sums);
  std::uint64_t t3 = PhaseTimer::now();
  fft_->backward();
  std::uint64_t t4 = PhaseTimer::now();
  pme_with_order(params_.order, [&](auto p) {
    gather<decltype(p)::value>(box.view(), x, y, z, q, n, fx, fy, fz, team);
  });
  std::uint64_t t5 = PhaseTimer::now();
  ticks_[kSpread] += t1 - t0;
  ticks_[kFftForward] += t2 - t1;
  ticks_[kSolve] += t3 - t2;
  ticks_[kFftBackward] += t4 - t3;
  ticks_[kGather] += t5 - t4;
  ++calls_;

  ForceResult r;
  if (flags.energy) r.energy = s.energy;
  if (flags.virial) {
    for (int k = 0; k < 6; ++k) r.virial[static_cast<std::size_t>(k)] = s.virial[k];
  }
  return r;
}

template <int P>
void Pme::spread(const OrthoBoxView& box, const double* x, const double* y, const double* z,
                 const double* q, std::size_t n, ThreadTeam* team) {
  const int nx = params_.grid[0], ny = params_.grid[1], nz = params_.grid[2];
  const int ey = ext_[1], ez = ext_[2];
  const int parts = static_cast<int>(ext_grids_.size());
  const int used = team != nullptr ? parts : 1;
  auto spread_part = [&](int t) {
    std::vector<double>& ext = ext_grids_[static_cast<std::size_t>(t)];
    std::fill(ext.begin(), ext.end(), 0.0);
    PmeSplineAxis sx, sy, sz;
    for (std::size_t i = part_begin(n, t, used), end = part_begin(n, t + 1, used); i < end; ++i) {
      if (q[i] == 0.0) continue;
      pme_spline_of_coordinate<P>(box, 0, x[i], nx, sx);
      pme_spline_of_coordinate<P>(box, 1, y[i], ny, sy);
      pme_spline_of_coordinate<P>(box, 2, z[i], nz, sz);
      pme_spread_charge<P>(ext.data(), ey, ez, q[i], sx, sy, sz);
    }
  };
  auto fold_part = [&](int t) {
    for (int ix = static_cast<int>(part_begin(static_cast<std::size_t>(nx), t, used)),
             end = static_cast<int>(part_begin(static_cast<std::size_t>(nx), t + 1, used));
         ix < end; ++ix) {
      fold_plane(ix, used);
    }
  };
  if (team == nullptr) {
    spread_part(0);
    fold_part(0);
    return;
  }
  team->run_checked(spread_part);
  team->run_checked(fold_part);
}

void Pme::fold_plane(int ix, int parts) {
  const int nx = params_.grid[0], ny = params_.grid[1], nz = params_.grid[2];
  const int ey = ext_[1], ez = ext_[2], halo = params_.order - 1;
  double* plane = fft_->real_data() + static_cast<std::size_t>(ix) * ny * nz;
  std::fill(plane, plane + static_cast<std::size_t>(ny) * nz, 0.0);
  // Extended x-plane ix + halo stands for ix; so does ix + halo - nx where that is a plane.
  for (int ex : {ix + halo, ix + halo - nx}) {
    if (ex < 0) continue;
    for (int t = 0; t < parts; ++t) {
      const double* src =
          ext_grids_[static_cast<std::size_t>(t)].data() + static_cast<std::size_t>(ex) * ey * ez;
      for (int e_y = 0; e_y < ey; ++e_y) {
        double* row =
            plane + static_cast<std::size_t>(pme_periodic_index(e_y, ny, params_.order)) * nz;
        const double* run = src + static_cast<std::size_t>(e_y) * ez;
        // The first `halo` extended points stand for the last ones of the row.
        for (int e_z = 0; e_z < halo; ++e_z) row[nz - halo + e_z] += run[e_z];
        for (int e_z = halo; e_z < ez; ++e_z) row[e_z - halo] += run[e_z];
      }
    }
  }
}

PmeSolveSums Pme::solve(const Box& box, bool sums) {
  const int nx = params_.grid[0], ny = params_.grid[1], nz = params_.grid[2];
  const int nzc = nz / 2 + 1;
  const double beta = params_.beta;
  for (int a = 0; a < 3; ++a) {
    const int k = params_.grid[a];
    const double inv_len = 1.0 / box.length(a);
    for (int i = 0; i < k; ++i) {
      const auto u = static_cast<std::size_t>(i);
      pme_axis_entry(i, k, inv_len, beta, bspline_moduli_[a][u], axis_m_[a][u], axis_factor_[a][u]);
    }
  }
  const double ke_over_pi_v = params_.coulomb_constant / (kPmePi * box.volume());
  PmeSolveSums acc{};
  double* c = fft_->complex_data();
  const double* mz = axis_m_[2].data();
  const double* fz = axis_factor_[2].data();
  for (int ix = 0; ix < nx; ++ix) {
    const double mx = axis_m_[0][static_cast<std::size_t>(ix)];
    const double fx = axis_factor_[0][static_cast<std::size_t>(ix)];
    for (int iy = 0; iy < ny; ++iy) {
      const double my = axis_m_[1][static_cast<std::size_t>(iy)];
      const double fxy = fx * axis_factor_[1][static_cast<std::size_t>(iy)];
      double* row = c + 2 * (static_cast<std::size_t>(ix) * ny + static_cast<std::size_t>(iy)) *
                            static_cast<std::size_t>(nzc);
      for (int iz = 0; iz < nzc; ++iz) {
        // A stored entry stands for itself and its conjugate partner, except on the planes
        // m_z = 0 and (even nz) m_z = nz/2, which hold both halves of the spectrum.
        const double weight = (iz == 0 || 2 * iz == nz) ? 1.0 : 2.0;
        pme_solve_point(row[2 * iz], row[2 * iz + 1], mx, my, mz[iz], fxy * fz[iz], ke_over_pi_v,
                        beta, weight, sums, acc);
      }
    }
  }
  return acc;
}

template <int P>
void Pme::gather(const OrthoBoxView& box, const double* x, const double* y, const double* z,
                 const double* q, std::size_t n, double* fx, double* fy, double* fz,
                 ThreadTeam* team) {
  const int nx = params_.grid[0], ny = params_.grid[1], nz = params_.grid[2];
  const int ey = ext_[1], ez = ext_[2];
  const double* psi = ext_grids_[0].data();
  // F_a = -q (K_a / L_a) g_a.
  const double sx_scale = nx * box.inv_len[0], sy_scale = ny * box.inv_len[1],
               sz_scale = nz * box.inv_len[2];
  const int parts = team != nullptr ? team->size() : 1;
  auto unfold_part = [&](int t) {
    unfold_planes(static_cast<int>(part_begin(static_cast<std::size_t>(ext_[0]), t, parts)),
                  static_cast<int>(part_begin(static_cast<std::size_t>(ext_[0]), t + 1, parts)));
  };
  auto gather_part = [&](int t) {
    PmeSplineAxis sx, sy, sz;
    for (std::size_t i = part_begin(n, t, parts), end = part_begin(n, t + 1, parts); i < end; ++i) {
      if (q[i] == 0.0) continue;
      pme_spline_of_coordinate<P>(box, 0, x[i], nx, sx);
      pme_spline_of_coordinate<P>(box, 1, y[i], ny, sy);
      pme_spline_of_coordinate<P>(box, 2, z[i], nz, sz);
      const PmeGridGradient g = gather_one<P>(psi, ey, ez, sx, sy, sz);
      fx[i] -= q[i] * sx_scale * g.gx;
      fy[i] -= q[i] * sy_scale * g.gy;
      fz[i] -= q[i] * sz_scale * g.gz;
    }
  };
  if (team == nullptr) {
    unfold_part(0);
    gather_part(0);
    return;
  }
  team->run_checked(unfold_part);
  team->run_checked(gather_part);
}

void Pme::unfold_planes(int begin, int end) {
  const int nx = params_.grid[0], ny = params_.grid[1], nz = params_.grid[2];
  const int ey = ext_[1], ez = ext_[2], halo = params_.order - 1;
  const double* psi = fft_->real_data();
  double* ext = ext_grids_[0].data();
  for (int e_x = begin; e_x < end; ++e_x) {
    const int ix = pme_periodic_index(e_x, nx, params_.order);
    for (int e_y = 0; e_y < ey; ++e_y) {
      const int iy = pme_periodic_index(e_y, ny, params_.order);
      const double* row = psi + (static_cast<std::size_t>(ix) * ny + iy) * nz;
      double* run = ext + (static_cast<std::size_t>(e_x) * ey + e_y) * ez;
      std::copy(row + nz - halo, row + nz, run);
      std::copy(row, row + nz, run + halo);
    }
  }
}

StageClocks Pme::stage_times() const {
  const double spt = PhaseTimer::seconds_per_tick();
  StageClocks c;
  constexpr const char* kNames[kNumStages] = {"pme_spread", "pme_fft_forward", "pme_solve",
                                              "pme_fft_backward", "pme_gather"};
  constexpr StageRole kRoles[kNumStages] = {StageRole::MeshSpread, StageRole::MeshFft,
                                            StageRole::MeshSolve, StageRole::MeshFft,
                                            StageRole::MeshGather};
  for (int s = 0; s < kNumStages; ++s) {
    c.add(kNames[s], kRoles[s], static_cast<double>(ticks_[static_cast<std::size_t>(s)]) * spt);
  }
  c.calls = calls_;
  c.mesh_points = static_cast<double>(params_.grid[0]) * params_.grid[1] * params_.grid[2];
  return c;
}

void Pme::reset_stage_times() {
  ticks_.fill(0);
  calls_ = 0;
}

}  // namespace mdb
