#include "model/eam.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/common/eam_terms.hpp"
#include "kernels/cpu/atom_ranges.hpp"
#include "md/core/grow.hpp"

namespace mdb {

Eam::Eam(const EamFile& setfl_or_fs) : Eam(eam_tables(setfl_or_fs)) {}

Eam::Eam(const std::vector<std::pair<std::string, EamFile>>& funcfl_by_species)
    : Eam(eam_tables(funcfl_by_species)) {}

Eam::Eam(EamTables tables) : tables_(std::move(tables)) {
  if (tables_.n_elements() == 0) throw std::invalid_argument("Eam: no elements");
  if (!(tables_.cut > 0.0)) throw std::invalid_argument("Eam: cutoff must be > 0");
  use_threads(nullptr);
}

void Eam::bind(const System& system) {
  const auto& species = system.species_table();
  const int ns = static_cast<int>(species.size());
  if (ns == 0) throw std::invalid_argument("Eam: the system has no species");
  std::vector<int> element_of(static_cast<std::size_t>(ns));
  for (int a = 0; a < ns; ++a) {
    const int e = tables_.element(species[static_cast<std::size_t>(a)].name);
    if (e < 0) {
      std::string known;
      for (const std::string& name : tables_.elements)
        known.append(known.empty() ? "" : ", ") += name;
      throw std::invalid_argument("Eam: the potential has no element '" +
                                  species[static_cast<std::size_t>(a)].name + "' (it covers " +
                                  known + ")");
    }
    element_of[static_cast<std::size_t>(a)] = e;
  }
  element_of_ = std::move(element_of);
  n_species_ = ns;
  rho_tables_.assign(static_cast<std::size_t>(ns * ns), nullptr);
  z2r_tables_.assign(static_cast<std::size_t>(ns * ns), nullptr);
  frho_tables_.assign(static_cast<std::size_t>(ns), nullptr);
  for (int a = 0; a < ns; ++a) {
    const int ea = element_of_[static_cast<std::size_t>(a)];
    frho_tables_[static_cast<std::size_t>(a)] = tables_.frho_table(ea);
    for (int b = 0; b < ns; ++b) {
      const int eb = element_of_[static_cast<std::size_t>(b)];
      rho_tables_[static_cast<std::size_t>(a * ns + b)] = tables_.rho_table(ea, eb);
      z2r_tables_[static_cast<std::size_t>(a * ns + b)] = tables_.z2r_table(ea, eb);
    }
  }
  if (ns == 1) {
    // Aligned to a cache line, so that each fused row is exactly one.
    const std::size_t nr = static_cast<std::size_t>(tables_.nr);
    fused_storage_.assign(nr * kEamRowStride + kEamRowStride, 0.0);
    const auto address = reinterpret_cast<std::uintptr_t>(fused_storage_.data());
    double* fused = fused_storage_.data() + (64 - address % 64) % 64 / sizeof(double);
    for (std::size_t k = 0; k < nr; ++k) {
      const double* rho = rho_tables_[0] + k * kEamRowStride;
      const double* z2 = z2r_tables_[0] + k * kEamRowStride;
      std::copy_n(rho + 3, 4, fused + k * kEamRowStride);
      std::copy_n(z2 + 3, 4, fused + k * kEamRowStride + 4);
    }
    fused_ = fused;
  }
  driver_.reserve(system.size());
}

bool Eam::use_threads(ThreadTeam* team) {
  driver_.use_threads(team);
  kept_pairs_.resize(static_cast<std::size_t>(driver_.threads()));
  return true;
}

namespace {

/// Where each of n distances falls on the r grid, and its inverse, into the scratch arrays: a
/// loop of its own, which vectorises.
void knots_of(const double* __restrict r, std::size_t n, double rdr, int nr, int* __restrict row,
              double* __restrict p, double* __restrict rinv) {
  for (std::size_t m = 0; m < n; ++m) {
    const EamKnot knot = eam_r_knot(r[m], rdr, nr);
    row[m] = knot.row * kEamRowStride;
    p[m] = knot.p;
    rinv[m] = 1.0 / r[m];
  }
}

}  // namespace

template <bool kSingle>
void Eam::densities(const NeighborView& v, int t, int begin, int end, double* rho) {
  KeptPairs& kp = kept_pairs_[static_cast<std::size_t>(t)];
  const auto listed = static_cast<std::size_t>(v.offsets[end] - v.offsets[begin]);
  std::size_t degree = 0;
  for (int i = begin; i < end; ++i) {
    degree = std::max(degree, static_cast<std::size_t>(v.offsets[i + 1] - v.offsets[i]));
  }
  size_at_least(kp.j, listed);
  size_at_least(kp.r, listed);
  size_at_least(kp.row, degree);
  size_at_least(kp.p, degree);
  size_at_least(kp.rinv, degree);
  const double* __restrict x = v.x;
  const double* __restrict y = v.y;
  const double* __restrict z = v.z;
  const int* __restrict species = v.species;
  const int* __restrict nbr = v.neighbors;
  int* __restrict kj = kp.j.data();
  double* __restrict kr = kp.r.data();
  const int* __restrict srow = kp.row.data();
  const double* __restrict sp = kp.p.data();
  const double cutsq = tables_.cut * tables_.cut;
  const int ns = n_species_;
  const double* fused = fused_;
  std::size_t n = 0;
  for (int i = begin; i < end; ++i) {
    const double xi = x[i], yi = y[i], zi = z[i];
    const int ti = kSingle ? 0 : species[i];
    const std::size_t first = n;
    // Keep the pairs inside the cutoff, branch-free: every candidate is written, the count
    // advances only for those inside (a list with skin holds ~40 % outside, a branch on which
    // mispredicts often).
    for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
      const int j = nbr[k];
      const double dx = xi - x[j], dy = yi - y[j], dz = zi - z[j];
      const double r2 = dx * dx + dy * dy + dz * dz;
      kj[n] = j;
      kr[n] = r2;
      n += r2 < cutsq ? 1 : 0;
    }
    const std::size_t kept = n - first;
    for (std::size_t m = first; m < n; ++m) kr[m] = std::sqrt(kr[m]);
    knots_of(kr + first, kept, tables_.rdr, tables_.nr, kp.row.data(), kp.p.data(), kp.rinv.data());
    double rho_i = 0.0;
    for (std::size_t m = 0; m < kept; ++m) {
      const int j = kj[first + m];
      if constexpr (kSingle) {
        const double share = eam_fused_value(fused + srow[m], sp[m]);
        rho_i += share;
        rho[j] += share;
      } else {
        const int tj = species[j];
        rho_i += eam_value(rho_tables_[static_cast<std::size_t>(tj * ns + ti)] + srow[m], sp[m]);
        rho[j] += eam_value(rho_tables_[static_cast<std::size_t>(ti * ns + tj)] + srow[m], sp[m]);
      }
    }
    rho[i] += rho_i;
    kept_[static_cast<std::size_t>(i)] = static_cast<int>(kept);
  }
}

template <bool kSingle, bool kEnergy>
double Eam::pair_forces(const NeighborView& v, int t, int begin, int end, double* fx, double* fy,
                        double* fz) {
  KeptPairs& kp = kept_pairs_[static_cast<std::size_t>(t)];
  const double* __restrict x = v.x;
  const double* __restrict y = v.y;
  const double* __restrict z = v.z;
  const int* __restrict species = v.species;
  const int* __restrict kj = kp.j.data();
  const double* __restrict kr = kp.r.data();
  const int* __restrict srow = kp.row.data();
  const double* __restrict sp = kp.p.data();
  const double* __restrict sinv = kp.rinv.data();
  const double* __restrict fp = fp_.data();
  const int ns = n_species_;
  const double* fused = fused_;
  const double rdr = tables_.rdr;
  double energy = 0.0;
  std::size_t first = 0;
  for (int i = begin; i < end; ++i) {
    const double xi = x[i], yi = y[i], zi = z[i];
    const double fp_i = fp[i];
    const int ti = kSingle ? 0 : species[i];
    const auto kept = static_cast<std::size_t>(kept_[static_cast<std::size_t>(i)]);
    knots_of(kr + first, kept, tables_.rdr, tables_.nr, kp.row.data(), kp.p.data(), kp.rinv.data());
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    for (std::size_t m = 0; m < kept; ++m) {
      const int j = kj[first + m];
      const double p = sp[m];
      double rho_ji_p, rho_ij_p, z2, z2p;
      if constexpr (kSingle) {
        const double* row = fused + srow[m];
        rho_ji_p = rho_ij_p = eam_fused_derivative(row, p, rdr);
        z2 = eam_fused_value(row + 4, p);
        z2p = eam_fused_derivative(row + 4, p, rdr);
      } else {
        const int tj = species[j];
        rho_ji_p = eam_derivative(rho_tables_[static_cast<std::size_t>(tj * ns + ti)] + srow[m], p);
        rho_ij_p = eam_derivative(rho_tables_[static_cast<std::size_t>(ti * ns + tj)] + srow[m], p);
        const double* z2_row = z2r_tables_[static_cast<std::size_t>(ti * ns + tj)] + srow[m];
        z2 = eam_value(z2_row, p);
        z2p = eam_derivative(z2_row, p);
      }
      const EamPairTerm term = eam_pair_term(z2, z2p, rho_ji_p, rho_ij_p, fp_i, fp[j], sinv[m]);
      const double dx = xi - x[j], dy = yi - y[j], dz = zi - z[j];
      const double fxp = dx * term.f_over_r, fyp = dy * term.f_over_r, fzp = dz * term.f_over_r;
      fxi += fxp;
      fyi += fyp;
      fzi += fzp;
      fx[j] -= fxp;
      fy[j] -= fyp;
      fz[j] -= fzp;
      if constexpr (kEnergy) energy += term.energy;
    }
    fx[i] += fxi;
    fy[i] += fyi;
    fz[i] += fzi;
    first += kept;
  }
  return energy;
}

void Eam::sum_densities(const NeighborView& v) {
  const int n_ext = v.n_local + v.n_ghost;
  ThreadTeam* team = driver_.team();
  if (team != nullptr) {
    auto job = [&](int t) {
      const auto [b, e] = even_range(n_ext, t, team->size());
      for (int k = b; k < e; ++k) {
        double sum = 0.0;
        for (const KeptPairs& kp : kept_pairs_) sum += kp.rho[static_cast<std::size_t>(k)];
        rho_[static_cast<std::size_t>(k)] = sum;
      }
    };
    team->run_checked(job);
  }
  // A ghost's density is a share of its owner's (LAMMPS's reverse communication).
  for (int g = v.n_local; g < n_ext; ++g)
    rho_[static_cast<std::size_t>(v.owner[g])] += rho_[static_cast<std::size_t>(g)];
}

ForceResult Eam::compute(System& system, const NeighborList& list, ComputeFlags flags) {
  if (element_of_.empty()) throw std::logic_error("Eam: compute() before bind()");
  if (list.kind() != NeighborKind::Half) {
    throw std::invalid_argument("Eam: needs a half neighbour list");
  }
  if (list.cutoff() < tables_.cut) {
    throw std::invalid_argument("Eam: neighbour list cutoff " + std::to_string(list.cutoff()) +
                                " is below " + std::to_string(tables_.cut));
  }
  if (static_cast<int>(system.species_table().size()) != n_species_) {
    throw std::logic_error("Eam: species changed since bind()");
  }
  const NeighborView v = list.view();
  const auto n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  resize_with_headroom(rho_, n_ext);
  resize_with_headroom(fp_, n_ext);
  resize_with_headroom(kept_, static_cast<std::size_t>(v.n_local));
  const bool single = n_species_ == 1;

  ThreadTeam* team = driver_.team();
  if (team == nullptr) {
    std::fill_n(rho_.begin(), n_ext, 0.0);
    single ? densities<true>(v, 0, 0, v.n_local, rho_.data())
           : densities<false>(v, 0, 0, v.n_local, rho_.data());
  } else {
    auto job = [&](int t) {
      std::vector<double>& rho = kept_pairs_[static_cast<std::size_t>(t)].rho;
      resize_with_headroom(rho, n_ext);
      std::fill_n(rho.begin(), n_ext, 0.0);
      const auto [b, e] = work_range(v.offsets, v.n_local, t, team->size());
      single ? densities<true>(v, t, b, e, rho.data()) : densities<false>(v, t, b, e, rho.data());
    };
    team->run_checked(job);
  }
  sum_densities(v);

  double embedding = 0.0;
  for (int i = 0; i < v.n_local; ++i) {
    const int ti = single ? 0 : v.species[i];
    const EamEmbedding f =
        eam_embedding(frho_tables_[static_cast<std::size_t>(ti)], rho_[static_cast<std::size_t>(i)],
                      tables_.rdrho, tables_.nrho, tables_.rhomax);
    fp_[static_cast<std::size_t>(i)] = f.derivative;
    embedding += f.energy;
  }
  for (std::size_t g = static_cast<std::size_t>(v.n_local); g < n_ext; ++g) {
    fp_[g] = fp_[static_cast<std::size_t>(v.owner[g])];
  }

  auto loop = [&](int t, int b, int e, ExtendedForces& f) {
    auto run = [&]<bool E>() {
      return single ? pair_forces<true, E>(v, t, b, e, f.x.data(), f.y.data(), f.z.data())
                    : pair_forces<false, E>(v, t, b, e, f.x.data(), f.y.data(), f.z.data());
    };
    PairSums sums;
    sums.energy = flags.energy ? run.template operator()<true>() : run.template operator()<false>();
    return sums;
  };
  PairSums sums = driver_.accumulate(n_ext, v.offsets, v.n_local, loop);
  sums.energy += embedding;
  return driver_.finish(system, list, flags, sums, VirialFrom::Positions);
}

}  // namespace mdb
