#include "model/stillinger_weber.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/common/half_list_rule.hpp"
#include "md/core/grow.hpp"
#ifdef MDB_HAVE_CUDA
#include "model/cuda/sw_force_device.hpp"
#endif

namespace mdb {
namespace {

/// The short-list scratch of one centre atom (capacity: the largest neighbour count).
struct ShortList {
  int* j;
  int* type;
  double *dx, *dy, *dz, *r2;
  SwBond* bond;
  double *fx, *fy, *fz;  // forces on the neighbours from the terms of the centre
};

/// The force loop over local centres i in [i_begin, i_end) (see the class comment). kSingle hoists
/// the one pair and triplet of a single-species system out of the loop; kEnergy adds the energy
/// sums. Returns the energy (0 without kEnergy).
template <bool kEnergy, bool kSingle>
double sw_forces_full(const NeighborView& v, int i_begin, int i_end, const SwPairCoeffs* pairs,
                      const SwTripletCoeffs* triplets, int ns, const ShortList& s, double* fx,
                      double* fy, double* fz) {
  const double* __restrict x = v.x;
  const double* __restrict y = v.y;
  const double* __restrict z = v.z;
  const int* __restrict species = v.species;
  const int* __restrict owner = v.owner;
  const signed char* __restrict sign = v.image_sign;
  const int* __restrict nbr = v.neighbors;
  int* __restrict sj = s.j;
  int* __restrict st = s.type;
  double* __restrict sdx = s.dx;
  double* __restrict sdy = s.dy;
  double* __restrict sdz = s.dz;
  double* __restrict sr2 = s.r2;
  SwBond* __restrict bond = s.bond;
  double* __restrict bfx = s.fx;
  double* __restrict bfy = s.fy;
  double* __restrict bfz = s.fz;
  const SwPairCoeffs c0 = pairs[0];
  const SwTripletCoeffs t0 = triplets[0];
  double energy = 0.0;

  for (int i = i_begin; i < i_end; ++i) {
    const double xi = x[i], yi = y[i], zi = z[i];
    const int ti = kSingle ? 0 : species[i];
    const SwPairCoeffs* prow = pairs + ti * ns;
    // Gather the neighbours inside their pair range. Branch-free: every candidate is written,
    // the count advances only for those inside (most of a full list with skin is outside).
    int n = 0;
    const auto begin = v.offsets[i], end = v.offsets[i + 1];
    for (auto k = begin; k < end; ++k) {
      const int j = nbr[k];
      const double dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
      const double r2 = dx * dx + dy * dy + dz * dz;
      sj[n] = j;
      sdx[n] = dx;
      sdy[n] = dy;
      sdz[n] = dz;
      sr2[n] = r2;
      if constexpr (kSingle) {
        n += r2 < c0.cutsq ? 1 : 0;
      } else {
        const int tj = species[j];
        st[n] = tj;
        n += r2 < prow[tj].cutsq ? 1 : 0;
      }
    }

    double ei = 0.0;
    // Per pair: distance and radial factor once; the two-body term from the side that a half
    // list keeps (owner index above i, or i's own image on the positive side). bf holds the
    // forces on the neighbours; every term's forces sum to zero, so i gets minus their sum.
    for (int m = 0; m < n; ++m) {
      const SwPairCoeffs& c = kSingle ? c0 : prow[st[m]];
      const SwBond b = sw_bond(c, sdx[m], sdy[m], sdz[m], sr2[m]);
      bond[m] = b;
      const int j = sj[m];
      const int oj = owner[j];
      double fxm = 0.0, fym = 0.0, fzm = 0.0;
      if (half_list_keeps(i, oj, sign[j])) {
        const SwTwoBody t = sw_two_body(c, b);
        fxm = t.f_over_r * b.dx;
        fym = t.f_over_r * b.dy;
        fzm = t.f_over_r * b.dz;
        if constexpr (kEnergy) ei += t.energy;
      }
      bfx[m] = fxm;
      bfy[m] = fym;
      bfz[m] = fzm;
    }
    // Three-body: every j < k of the short list, centre i.
    for (int a = 0; a + 1 < n; ++a) {
      const SwBond ba = bond[a];
      const SwTripletCoeffs* trow = kSingle ? nullptr : triplets + (ti * ns + st[a]) * ns;
      double fxa = 0.0, fya = 0.0, fza = 0.0;
      for (int b = a + 1; b < n; ++b) {
        const SwThreeBody r = sw_three_body(kSingle ? t0 : trow[st[b]], ba, bond[b]);
        fxa += r.fjx;
        fya += r.fjy;
        fza += r.fjz;
        bfx[b] += r.fkx;
        bfy[b] += r.fky;
        bfz[b] += r.fkz;
        if constexpr (kEnergy) ei += r.energy;
      }
      bfx[a] += fxa;
      bfy[a] += fya;
      bfz[a] += fza;
    }
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    for (int m = 0; m < n; ++m) {
      const int j = sj[m];
      fx[j] += bfx[m];
      fy[j] += bfy[m];
      fz[j] += bfz[m];
      fxi += bfx[m];
      fyi += bfy[m];
      fzi += bfz[m];
    }
    fx[i] -= fxi;
    fy[i] -= fyi;
    fz[i] -= fzi;
    if constexpr (kEnergy) energy += ei;
  }
  return energy;
}

// Whether two (i, j, j) / (j, i, i) entries give the same pair range and two-body term.
bool same_two_body(const SwPairCoeffs& x, const SwPairCoeffs& y) {
  return x.cutsq == y.cutsq && x.cut == y.cut && x.sigma == y.sigma && x.c_p == y.c_p &&
         x.c_q == y.c_q && x.p == y.p && x.q == y.q;
}

SwPairCoeffs pair_coeffs(const SwEntry& e) {
  return make_sw_pair_coeffs(e.epsilon, e.sigma, e.a, e.gamma, e.A, e.B, e.p, e.q, e.tol);
}

}  // namespace

StillingerWeber::StillingerWeber(SwParams params) : params_(std::move(params)) {
  if (params_.entries.empty()) throw std::invalid_argument("StillingerWeber: no entries given");
  params_.validate("StillingerWeber");
  cutoff_ = params_.max_cutoff();
  if (!(cutoff_ > 0.0)) throw std::invalid_argument("StillingerWeber: cutoff must be > 0");
  use_threads(nullptr);
}

void StillingerWeber::bind(const System& system) {
  const auto& species = system.species_table();
  const int ns = static_cast<int>(species.size());
  if (ns == 0) throw std::invalid_argument("StillingerWeber: the system has no species");
  auto entry = [&](int a, int b, int c) -> const SwEntry& {
    const SwEntry* e = params_.find(species[a].name, species[b].name, species[c].name);
    if (!e) {
      throw std::invalid_argument("StillingerWeber: no parameters for species triplet '" +
                                  species[a].name + " " + species[b].name + " " + species[c].name +
                                  "'");
    }
    return *e;
  };
  std::vector<SwPairCoeffs> pairs(static_cast<std::size_t>(ns) * ns);
  std::vector<SwTripletCoeffs> triplets(static_cast<std::size_t>(ns) * ns * ns);
  for (int a = 0; a < ns; ++a) {
    for (int b = 0; b < ns; ++b) {
      for (int c = 0; c < ns; ++c) {
        const SwEntry& e = entry(a, b, c);
        const SwEntry& swapped = entry(a, c, b);
        triplets[(a * ns + b) * ns + c] = make_sw_triplet_coeffs(
            e.epsilon, e.lambda, e.costheta0, swapped.epsilon, swapped.lambda, swapped.costheta0);
      }
      const SwEntry& e = entry(a, b, b);
      const SwEntry& mirror = entry(b, a, a);
      pairs[a * ns + b] = pair_coeffs(e);
      // Both sides of a pair must agree on its range and two-body term (gamma may differ: it
      // only enters the three-body radial factor, unless tol > 0 makes it set the range).
      if (!same_two_body(pairs[a * ns + b], pair_coeffs(mirror))) {
        throw std::invalid_argument("StillingerWeber: entries '" + e.e1 + " " + e.e2 + " " + e.e3 +
                                    "' and '" + mirror.e1 + " " + mirror.e2 + " " + mirror.e3 +
                                    "' give different two-body terms (epsilon, sigma, a, A, B, "
                                    "p, q and the tol range must match)");
      }
    }
  }
  n_species_ = ns;
  pairs_ = std::move(pairs);
  triplets_ = std::move(triplets);
  driver_.reserve(system.size());
}

bool StillingerWeber::use_threads(ThreadTeam* team) {
  driver_.use_threads(team);
  short_.resize(static_cast<std::size_t>(driver_.threads()));
  return true;
}

ForceResult StillingerWeber::compute(System& system, const NeighborList& list, ComputeFlags flags) {
  if (pairs_.empty()) throw std::logic_error("StillingerWeber: compute() before bind()");
  if (list.kind() != NeighborKind::Full) {
    throw std::invalid_argument("StillingerWeber: needs a full neighbour list");
  }
  if (list.cutoff() < cutoff_) {
    throw std::invalid_argument("StillingerWeber: neighbour list cutoff " +
                                std::to_string(list.cutoff()) + " is below " +
                                std::to_string(cutoff_));
  }
  if (static_cast<int>(system.species_table().size()) != n_species_) {
    throw std::logic_error("StillingerWeber: species changed since bind()");
  }
  const NeighborView v = list.view();
  const std::size_t n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  std::int64_t max_degree = 0;
  for (int i = 0; i < v.n_local; ++i) {
    max_degree = std::max(max_degree, v.offsets[i + 1] - v.offsets[i]);
  }
  const auto cap = static_cast<std::size_t>(max_degree);
  const bool single = n_species_ == 1;
  // Thread t's share: its short list and centre range, into its force buffer.
  auto loop = [&](int t, int b, int e, ExtendedForces& f) {
    ShortListStorage& st = short_[static_cast<std::size_t>(t)];
    if (cap > st.bond.size()) {
      for (auto* a : {&st.j, &st.type}) resize_with_headroom(*a, cap);
      for (auto* a : {&st.dx, &st.dy, &st.dz, &st.r2, &st.fx, &st.fy, &st.fz}) {
        resize_with_headroom(*a, cap);
      }
      resize_with_headroom(st.bond, cap);
    }
    const ShortList s{st.j.data(),  st.type.data(), st.dx.data(), st.dy.data(), st.dz.data(),
                      st.r2.data(), st.bond.data(), st.fx.data(), st.fy.data(), st.fz.data()};
    auto run = [&]<bool E>() {
      return single ? sw_forces_full<E, true>(v, b, e, pairs_.data(), triplets_.data(), n_species_,
                                              s, f.x.data(), f.y.data(), f.z.data())
                    : sw_forces_full<E, false>(v, b, e, pairs_.data(), triplets_.data(), n_species_,
                                               s, f.x.data(), f.y.data(), f.z.data());
    };
    PairSums sums;
    sums.energy = flags.energy ? run.template operator()<true>() : run.template operator()<false>();
    return sums;
  };
  const PairSums sums = driver_.accumulate(n_ext, v.offsets, v.n_local, loop);
  return driver_.finish(system, list, flags, sums, VirialFrom::Positions);
}

bool StillingerWeber::supports(Backend backend) const {
#ifdef MDB_HAVE_CUDA
  if (backend == Backend::Cuda) return true;
#endif
  return backend == Backend::Cpu;
}

std::unique_ptr<DeviceForce> StillingerWeber::make_device_twin(const System& system) const {
  static_cast<void>(system);  // bind() made the tables for its species
#ifdef MDB_HAVE_CUDA
  return std::make_unique<SwForceDevice>(pairs_.data(), triplets_.data(), n_species_, cutoff_);
#else
  return nullptr;
#endif
}

}  // namespace mdb
