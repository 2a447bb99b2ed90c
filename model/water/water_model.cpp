#include "model/water/water_model.hpp"

#include <cmath>
#include <stdexcept>

#include "md/core/phase_timer.hpp"
#include "model/pme/pme.hpp"
#ifdef MDB_HAVE_CUDA
#include "model/water/cuda/water_force_device.hpp"
#endif

namespace mdb {
namespace {

constexpr double kPi = 3.14159265358979323846;

}  // namespace

WaterModel::WaterModel(WaterParams params, WaterPrecision precision)
    : params_(std::move(params)), precision_(precision) {
  params_.ewald.cutoff = params_.cutoff;
  check_water_params(params_);
}

WaterModel::~WaterModel() = default;

std::unique_ptr<ForceField> WaterModel::mixed_precision() const {
  if (mixed()) return nullptr;
  return std::make_unique<WaterModel>(params_, WaterPrecision::Mixed);
}

void WaterModel::bind(const System& system) {
  // A cut-off past half the box is fine: the list holds every image within it, and only a
  // molecule's nearest images are its excluded pairs (add_intramolecular).
  molecules_ = water_molecules(system, params_);
  // Binding again to a box of the same size keeps the PME (its FFT plans cost more than a step).
  const PmeParams wanted = pme_params_from_settings(params_.ewald, system.box());
  if (!pme_ || pme_->params().grid != wanted.grid || pme_->params().beta != wanted.beta) {
    pme_ = std::make_unique<Pme>(wanted);
  }
  beta_ = pme_->params().beta;
  const double ke = pme_->params().coulomb_constant;
  const auto& table = system.species_table();
  n_species_ = static_cast<int>(table.size());
  auto charge_of = [&](int s) {
    return table[s].name == params_.oxygen ? params_.charge_o : params_.charge_h;
  };
  table_.assign(static_cast<std::size_t>(n_species_) * n_species_, LjCoulLongPair{});
  for (int a = 0; a < n_species_; ++a) {
    for (int b = 0; b < n_species_; ++b) {
      const bool oo = table[a].name == params_.oxygen && table[b].name == params_.oxygen;
      table_[a * n_species_ + b] =
          make_lj_coul_long_pair(oo ? params_.epsilon_oo : 0.0, oo ? params_.sigma_oo : 0.0,
                                 ke * charge_of(a) * charge_of(b), beta_, params_.cutoff);
    }
  }
  // Every molecule is (H, O, H) of the same two species (water_molecules checked it).
  WaterIntramolecular::Terms terms;
  terms.bond_k = params_.bond_k;
  terms.bond_r0 = params_.bond_r0;
  terms.angle_k = params_.angle_k;
  terms.theta0 = params_.angle_theta0 * kPi / 180.0;
  if (!molecules_.angles.empty()) {
    const auto& first = molecules_.angles.front();
    const int o = system.species()[static_cast<std::size_t>(first[1])];
    const int h = system.species()[static_cast<std::size_t>(first[0])];
    terms.oh = table_[static_cast<std::size_t>(o * n_species_ + h)];
    terms.hh = table_[static_cast<std::size_t>(h * n_species_ + h)];
  }
  intramolecular_.bind(molecules_.angles, terms);
  if (mixed()) {
    // sqrt(ke) in each charge and sqrt(4 eps) in each LJ factor: products are the pair's.
    std::vector<ChargedLjFactors> factors(static_cast<std::size_t>(n_species_));
    for (int a = 0; a < n_species_; ++a) {
      const bool o = table[a].name == params_.oxygen;
      const double lj = o ? std::sqrt(4.0 * params_.epsilon_oo) : 0.0;
      const double s3 = params_.sigma_oo * params_.sigma_oo * params_.sigma_oo;
      factors[a] = {static_cast<float>(std::sqrt(ke) * charge_of(a)),
                    static_cast<float>(lj * s3 * s3), static_cast<float>(lj * s3)};
    }
    mixed_.bind(std::move(factors), beta_, params_.cutoff);
  }
  const auto species = system.species();
  species_.assign(species.begin(), species.end());
  self_energy_ = 0.0;
  for (double q : molecules_.charge) self_energy_ += ewald_self_energy(ke, beta_, q);
  driver_.reserve(system.size());
  pme_->use_threads(driver_.team());
}

bool WaterModel::use_threads(ThreadTeam* team) {
  driver_.use_threads(team);
  rows_sized_for_ = 0;  // size a buffer per thread at the next compute
  if (pme_) pme_->use_threads(team);
  return true;
}

bool WaterModel::supports(Backend backend) const {
#ifdef MDB_HAVE_CUDA
  if (backend == Backend::Cuda) return precision_ == WaterPrecision::Double;
#endif
  return backend == Backend::Cpu;
}

std::unique_ptr<DeviceForce> WaterModel::make_device_twin(const System& system) const {
#ifdef MDB_HAVE_CUDA
  if (precision_ == WaterPrecision::Double) {
    return std::make_unique<WaterForceDevice>(device_data(), pme_->params(), system.box(),
                                              params_.cutoff);
  }
#endif
  static_cast<void>(system);
  return nullptr;
}

WaterDeviceData WaterModel::device_data() const {
  if (!pme_) throw std::logic_error("water model: device_data() before bind()");
  return water_device_data(molecules_, params_, table_, n_species_, pme_->params().coulomb_constant,
                           beta_, static_cast<int>(species_.size()));
}

std::array<int, 3> WaterModel::grid() const {
  return pme_ ? pme_->params().grid : std::array<int, 3>{0, 0, 0};
}

ForceResult WaterModel::compute(System& system, const NeighborList& list, ComputeFlags flags) {
  if (!pme_ || species_.size() != system.size()) {
    throw std::logic_error("water model: compute() before bind() or after the system changed");
  }
  std::uint64_t t0 = PhaseTimer::now();
  ForceResult out = mixed() ? mixed_.compute(system, list, driver_, flags)
                            : real_space_double(system, list, flags);
  std::uint64_t t1 = PhaseTimer::now();
  ticks_[kRealSpace] += t1 - t0;

  intramolecular_.add(system, flags, out);
  ticks_[kBonded] += PhaseTimer::now() - t1;

  const ForceResult rec =
      pme_->compute(system.box(), system.x().data(), system.y().data(), system.z().data(),
                    molecules_.charge.data(), system.size(), system.fx().data(), system.fy().data(),
                    system.fz().data(), flags);
  if (flags.energy) out.energy += rec.energy + self_energy_;
  if (flags.virial) {
    for (int k = 0; k < 6; ++k) out.virial[k] += rec.virial[k];
  }
  ++calls_;
  return out;
}

ForceResult WaterModel::real_space_double(System& system, const NeighborList& list,
                                          ComputeFlags flags) {
  if (list.kind() != NeighborKind::Half) {
    throw std::invalid_argument("water model: needs a half neighbour list");
  }
  const NeighborView v = list.view();
  const std::size_t n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  if (list.build_serial() != rows_sized_for_) {
    // A new build may have longer rows: grow every thread's buffers now, outside the loop.
    rows_.resize(static_cast<std::size_t>(driver_.threads()));
    const std::size_t longest = longest_row(v);
    for (CoulLongRowBuffers& r : rows_) r.reserve(longest);
    rows_sized_for_ = list.build_serial();
  }
  const PairSums sums =
      driver_.accumulate(n_ext, v.offsets, v.n_local, [&](int t, int b, int e, ExtendedForces& f) {
        return water_real_space(v, b, e, table_.data(), n_species_,
                                rows_[static_cast<std::size_t>(t)], flags.energy, flags.virial,
                                f.x.data(), f.y.data(), f.z.data());
      });
  return driver_.finish(system, list, flags, sums, VirialFrom::Loop);
}

StageClocks WaterModel::stage_times() const {
  StageClocks c = pme_ ? pme_->stage_times() : StageClocks{};
  StageClocks out;
  out.add("real space", StageRole::RealSpace,
          static_cast<double>(ticks_[kRealSpace]) * PhaseTimer::seconds_per_tick());
  out.add("bonded", StageRole::Bonded,
          static_cast<double>(ticks_[kBonded]) * PhaseTimer::seconds_per_tick());
  for (int k = 0; k < c.count; ++k)
    out.add(c.stages[k].name, c.stages[k].role, c.stages[k].seconds);
  out.calls = calls_;
  out.mesh_points = c.mesh_points;
  return out;
}

void WaterModel::reset_stage_times() {
  ticks_ = {};
  calls_ = 0;
  if (pme_) pme_->reset_stage_times();
}

}  // namespace mdb
