#include "tests/kernels/emulated_engine.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "kernels/common/integrate_bodies.hpp"
#include "kernels/common/lj_image_list.hpp"
#include "kernels/common/sw_image_list.hpp"
#include "md/engine/replica_arrays.hpp"
#include "md/engine/step_constants.hpp"

namespace mdb::test {

EmulatedForce emulated_lj(std::vector<LjPair<double>> table, int n_species) {
  return [table = std::move(table), n_species](const ImageNeighborView& l, double* fx, double* fy,
                                               double* fz, double* sums, bool energy_virial) {
    emulate_launch(l.n, [&](int i) {
      double s[kEnergyVirialSums] = {};
      if (energy_virial) {
        lj_image_list_atom<true>(l, table.data(), n_species, i, fx, fy, fz, s);
        double* out = sums + kEnergyVirialSums * (i / l.atoms_per_replica);
        for (int c = 0; c < kEnergyVirialSums; ++c) out[c] += s[c];
      } else {
        lj_image_list_atom<false>(l, table.data(), n_species, i, fx, fy, fz, s);
      }
    });
  };
}

EmulatedForce emulated_sw(std::vector<SwPairCoeffs> pairs, std::vector<SwTripletCoeffs> triplets,
                          int n_species) {
  return [pairs = std::move(pairs), triplets = std::move(triplets), n_species](
             const ImageNeighborView& l, double* fx, double* fy, double* fz, double* sums,
             bool energy_virial) {
    std::fill(fx, fx + l.n, 0.0);
    std::fill(fy, fy + l.n, 0.0);
    std::fill(fz, fz + l.n, 0.0);
    emulate_launch(l.n, [&](int i) {
      double s[kEnergyVirialSums] = {};
      if (energy_virial) {
        sw_image_list_atom<true>(l, pairs.data(), triplets.data(), n_species, i, fx, fy, fz, s);
        double* out = sums + kEnergyVirialSums * (i / l.atoms_per_replica);
        for (int c = 0; c < kEnergyVirialSums; ++c) out[c] += s[c];
      } else {
        sw_image_list_atom<false>(l, pairs.data(), triplets.data(), n_species, i, fx, fy, fz, s);
      }
    });
  };
}

EmulatedEngine::EmulatedEngine(const std::vector<System>& reps, EmulatedForce force,
                               const EmulatedSettings& settings)
    : force_(std::move(force)), settings_(settings) {
  if (reps.empty()) throw std::invalid_argument("EmulatedEngine: no replicas");
  const UnitSystem& u = reps[0].units();
  langevin_ = settings.ensemble.kind != Ensemble::NVE;
  npt_ = settings.ensemble.kind == Ensemble::NPT;
  constants_ = step_constants(settings.ensemble, settings.dt, u);
  mvv2e_ = u.mvv2e;
  ReplicaArrays h = flatten_replicas(reps, constants_, settings.ensemble.thermostat.temperature,
                                     settings.cutoff + settings.policy.skin, "EmulatedEngine");
  replicas = h.replicas;
  atoms_per_replica = h.atoms_per_replica;
  n = replicas * atoms_per_replica;
  x = std::move(h.x);
  y = std::move(h.y);
  z = std::move(h.z);
  vx = std::move(h.vx);
  vy = std::move(h.vy);
  vz = std::move(h.vz);
  species = std::move(h.species);
  mass = std::move(h.mass);
  half_dt_over_m = std::move(h.half_dt_over_m);
  noise_sigma = std::move(h.noise_sigma);
  box_len = std::move(h.box_len);
  box_lo = std::move(h.box_lo);
  grids_ = std::move(h.grids);
  n_cells_ = h.n_cells;
  fx.assign(n, 0.0);
  fy.assign(n, 0.0);
  fz.assign(n, 0.0);
  x0 = x;
  y0 = y;
  z0 = z;
  sums.assign(kEnergyVirialSums * replicas, 0.0);
  kinetic.assign(replicas, 0.0);
  lambda.assign(replicas, 1.0);
  cell_of_.assign(n, 0);
  cell_count_.assign(n_cells_, 0);
  cell_cursor_.assign(n_cells_, 0);
  cell_start_.assign(n_cells_ + 1, 0);
  cell_atoms_.assign(n, 0);
  list_count_.assign(n, 0);
  scan_.assign(n + 1, 0);
  offsets_.assign(n + 1, 0);
  neighbors_.assign(settings.capacity, 0);
  images_.assign(settings.capacity, 0);
  // The initial build and forces, as the DeviceSimulation constructor does.
  ctl.rebuild = 1;
  ctl.builds = 1;
  rebuild();
  ctl.rebuild = 0;
  compute_forces(true);
}

step_plan::StepArrays EmulatedEngine::arrays() {
  step_plan::StepArrays a;
  a.n = n;
  a.atoms_per_replica = atoms_per_replica;
  a.x = x.data();
  a.y = y.data();
  a.z = z.data();
  a.vx = vx.data();
  a.vy = vy.data();
  a.vz = vz.data();
  a.fx = fx.data();
  a.fy = fy.data();
  a.fz = fz.data();
  a.x0 = x0.data();
  a.y0 = y0.data();
  a.z0 = z0.data();
  a.half_dt_over_m = half_dt_over_m.data();
  a.noise_sigma = noise_sigma.data();
  a.kinetic = kinetic.data();
  a.sums = sums.data();
  a.box_len = box_len.data();
  a.ctl = &ctl;
  return a;
}

ImageListBuildView EmulatedEngine::build_view() {
  ImageListBuildView v;
  v.n = n;
  v.atoms_per_replica = atoms_per_replica;
  v.x = x.data();
  v.y = y.data();
  v.z = z.data();
  v.x0 = x0.data();
  v.y0 = y0.data();
  v.z0 = z0.data();
  v.grids = grids_.data();
  v.box_len = npt_ ? box_len.data() : nullptr;
  v.n_cells = n_cells_;
  v.cell_of = cell_of_.data();
  v.cell_count = cell_count_.data();
  v.cell_cursor = cell_cursor_.data();
  v.cell_start = cell_start_.data();
  v.cell_atoms = cell_atoms_.data();
  v.list_count = list_count_.data();
  v.scan = scan_.data();
  v.offsets = offsets_.data();
  v.neighbors = neighbors_.data();
  v.images = images_.data();
  v.capacity = static_cast<std::int64_t>(neighbors_.size());
  v.range = settings_.cutoff + settings_.policy.skin;
  v.range2 = v.range * v.range;
  v.ctl = &ctl;
  return v;
}

void EmulatedEngine::rebuild() {
  for (;;) {
    if (!list_build_due(&ctl)) return;
    const ImageListBuildView v = build_view();
    std::fill(cell_count_.begin(), cell_count_.end(), 0);
    std::fill(cell_cursor_.begin(), cell_cursor_.end(), 0);
    if (v.box_len) emulate_launch(replicas, [&](int r) { refit_grid(v, r); });
    if (ctl.bad_box) throw std::runtime_error("EmulatedEngine: bad box");
    emulate_launch(n, [&](int i) { bin_atom(v, i); });
    if (ctl.bad_position) throw std::runtime_error("EmulatedEngine: non-finite position");
    cell_start_[0] = 0;
    for (int c = 0; c < n_cells_; ++c) cell_start_[c + 1] = cell_start_[c] + cell_count_[c];
    emulate_launch(n, [&](int i) { place_atom(v, i); });
    emulate_launch(n_cells_, [&](int c) { sort_cell(v, c); });
    emulate_launch(n, [&](int i) { count_neighbors(v, i); });
    scan_[0] = 0;
    for (int i = 0; i < n; ++i) scan_[i + 1] = scan_[i] + list_count_[i];
    emulate_launch(n, [&](int i) { fill_neighbors(v, i); });
    if (!ctl.halted) return;
    // What DeviceSimulation::synchronize does on an overflow: grow, clear the halt, build again.
    ++overflows;
    const auto grown = static_cast<std::size_t>(ctl.needed + ctl.needed / 4 + 64);
    neighbors_.assign(grown, 0);
    images_.assign(grown, 0);
    ctl.halted = 0;
  }
}

ImageNeighborView EmulatedEngine::list() const {
  ImageNeighborView l;
  l.n = n;
  l.atoms_per_replica = atoms_per_replica;
  l.offsets = offsets_.data();
  l.neighbors = neighbors_.data();
  l.images = images_.data();
  l.x = x.data();
  l.y = y.data();
  l.z = z.data();
  l.species = species.data();
  l.box_len = box_len.data();
  return l;
}

void EmulatedEngine::compute_forces(bool observe) {
  if (observe) std::fill(sums.begin(), sums.end(), 0.0);
  force_(list(), fx.data(), fy.data(), fz.data(), sums.data(), observe);
}

// The plan's phases as host launches, in DeviceSimulation::Impl::Launcher's roles.
struct EmulatedEngine::Launcher {
  EmulatedEngine& e;
  void head() { e.head(); }
  void barostat() { e.barostat_step(); }
  void decide() { decide_rebuild(e.ctl, e.settings_.policy); }
  void build() { e.rebuild(); }
  void force(bool sums) { e.compute_forces(sums); }
  void tail() {
    const IntegrateView v = step_plan::integrate_view(e.arrays(), e.constants_);
    emulate_launch(e.n, [&](int i) { kick_tail(v, i); });
  }
};

void EmulatedEngine::step(bool observe) {
  Launcher launch{*this};
  step_plan::step(launch, observe, npt_);
}

// Head with the max reduction of the displacement (bits of non-negative doubles); under NPT the
// barostat's scaling reduces it instead, after the positions moved for good.
void EmulatedEngine::head() {
  const IntegrateView v = step_plan::integrate_view(arrays(), constants_);
  emulate_launch(n, [&](int i) {
    const double d2 = langevin_ ? baoab_head(v, i) : verlet_head(v, i);
    if (!npt_) atomic_max(&ctl.max_disp2_bits, double_bits(d2));
  });
}

void EmulatedEngine::barostat_step() {
  std::fill(kinetic.begin(), kinetic.end(), 0.0);
  emulate_launch(n, [&](int i) {
    kinetic[i / atoms_per_replica] +=
        kinetic_atom(vx.data(), vy.data(), vz.data(), mass.data(), mvv2e_, i);
  });
  BarostatView b = step_plan::barostat_view(arrays(), constants_, grids_.data());
  b.box_lo = box_lo.data();
  b.lambda = lambda.data();
  emulate_launch(replicas,
                 [&](int r) { atomic_max(&ctl.max_shift_bits, double_bits(barostat_move(b, r))); });
  emulate_launch(
      n, [&](int i) { atomic_max(&ctl.max_disp2_bits, double_bits(barostat_scale_atom(b, i))); });
}

}  // namespace mdb::test
