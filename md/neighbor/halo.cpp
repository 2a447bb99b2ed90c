#include "md/neighbor/halo.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "kernels/common/half_list_rule.hpp"
#include "kernels/cpu/atom_ranges.hpp"
#include "md/core/grow.hpp"

namespace mdb {
namespace {
constexpr const char* kAxis[3] = {"x", "y", "z"};
}  // namespace

void Halo::build(System& sys, double range, int max_shells, ThreadTeam* team, bool ghosts) {
  const int n = static_cast<int>(sys.size());
  n_local_ = n;
  const OrthoBoxView& box = sys.box().view();
  auto px = sys.x(), py = sys.y(), pz = sys.z();
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(px[i]) || !std::isfinite(py[i]) || !std::isfinite(pz[i])) {
      throw std::invalid_argument("NeighborList: atom " + std::to_string(i) +
                                  " has a non-finite position (the simulation blew up or the "
                                  "input is bad)");
    }
  }
  for (auto* v : {&x_, &y_, &z_}) resize_with_headroom(*v, n);
  for (auto* v : {&species_, &owner_, &ix_, &iy_, &iz_}) resize_with_headroom(*v, n);
  resize_with_headroom(image_sign_, n);
  team = team_for_atoms(team, static_cast<std::size_t>(n));
  const auto type = sys.species();
  run_split(team, [&](int t, int nt) {
    const auto [b, e] = even_range(n, t, nt);
    for (int i = b; i < e; ++i) {
      box.wrap(px[i], 0);
      box.wrap(py[i], 1);
      box.wrap(pz[i], 2);
      x_[i] = px[i];
      y_[i] = py[i];
      z_[i] = pz[i];
      species_[i] = type[i];
      owner_[i] = i;
      ix_[i] = iy_[i] = iz_[i] = 0;
      image_sign_[i] = 0;
    }
  });
  // One axis at a time, imaging the ghosts made so far too, so edges and corners are covered.
  for (int a = 0; a < 3; ++a) {
    const double len = box.len[a];
    const int k = range > 0.0 ? static_cast<int>(std::ceil(range / len)) : 0;
    if (k > max_shells) {
      throw std::invalid_argument("NeighborList: cutoff + skin = " + std::to_string(range) +
                                  " needs " + std::to_string(k) + " periodic image shells along " +
                                  kAxis[a] + " (box length " + std::to_string(len) +
                                  ") but max_image_shells is " + std::to_string(max_shells));
    }
    shells_[a] = k;
    if (ghosts) add_images(a, box.lo[a], len, k, range, team);
  }
  // Room for the next rebuild's ghost count, so steps never reallocate; image_start_'s once its
  // last axis (the most atoms) is done. Taken after every axis, the first one's (the local atoms
  // alone) left a capacity just above what the later axes' sizes ask of ensure_headroom, whose
  // own rule then reallocated it inside a step when a rebuild brought a few more ghosts (si-sw
  // 64, the buffer two thirds full).
  if (ghosts) ensure_headroom(image_start_);
  for (auto* v : {&x_, &y_, &z_}) ensure_headroom(*v);
  for (auto* v : {&species_, &owner_, &ix_, &iy_, &iz_}) ensure_headroom(*v);
  ensure_headroom(image_sign_);
  run_split(team, [&](int t, int nt) {
    const auto [b, e] = even_range(n_ghost(), t, nt);
    for (int g = n + b; g < n + e; ++g) {
      image_sign_[g] = static_cast<signed char>(image_vector_sign(ix_[g], iy_[g], iz_[g]));
    }
  });
}

void Halo::add_images(int axis, double lo, double len, int shells, double range, ThreadTeam* team) {
  const double hi = lo + len;
  const int count = static_cast<int>(owner_.size());
  std::vector<double>& coord = axis == 0 ? x_ : (axis == 1 ? y_ : z_);
  // Each atom's images, in the order a serial loop appends them (shell 1 up, shell 1 down,
  // shell 2 up, ...): counted, placed by a prefix sum, then written, so threads give the same
  // ghost order as one thread.
  auto for_images = [&](int m, auto&& emit) {
    for (int s = 1; s <= shells; ++s) {
      const double up = coord[m] + s * len, down = coord[m] - s * len;
      if (up < hi + range) emit(s, up);
      if (down >= lo - range) emit(-s, down);
    }
  };
  resize_with_headroom(image_start_, static_cast<std::size_t>(count) + 1);
  run_split(team, [&](int t, int nt) {
    const auto [b, e] = even_range(count, t, nt);
    for (int m = b; m < e; ++m) {
      int c = 0;
      for_images(m, [&](int, double) { ++c; });
      image_start_[m + 1] = c;
    }
  });
  image_start_[0] = count;
  for (int m = 0; m < count; ++m) image_start_[m + 1] += image_start_[m];
  const std::size_t total = static_cast<std::size_t>(image_start_[count]);
  for (auto* v : {&x_, &y_, &z_}) resize_with_headroom(*v, total);
  for (auto* v : {&species_, &owner_, &ix_, &iy_, &iz_}) resize_with_headroom(*v, total);
  resize_with_headroom(image_sign_, total);
  std::vector<int>& image = axis == 0 ? ix_ : (axis == 1 ? iy_ : iz_);
  run_split(team, [&](int t, int nt) {
    const auto [b, e] = even_range(count, t, nt);
    for (int m = b; m < e; ++m) {
      // The count above bounds the writes: a part never writes another atom's slots, even if a
      // compiler evaluated the range test differently here (it would be a bug; it is reported).
      int g = image_start_[m];
      const int g_end = image_start_[m + 1];
      for_images(m, [&](int shift, double c) {
        if (g >= g_end) {
          ++g;
          return;
        }
        x_[g] = x_[m];
        y_[g] = y_[m];
        z_[g] = z_[m];
        coord[g] = c;
        species_[g] = species_[m];
        owner_[g] = owner_[m];
        ix_[g] = ix_[m];
        iy_[g] = iy_[m];
        iz_[g] = iz_[m];
        image[g] += shift;
        ++g;
      });
      if (g != g_end) throw std::logic_error("Halo: ghost count and ghosts made disagree");
    }
  });
}

void Halo::refresh(const System& sys, ThreadTeam* team) {
  const auto px = sys.x(), py = sys.y(), pz = sys.z();
  const auto& len = sys.box().lengths();
  run_split(team, [&](int t, int nt) {
    const auto [lb, le] = even_range(n_local_, t, nt);
    for (int i = lb; i < le; ++i) {
      x_[i] = px[i];
      y_[i] = py[i];
      z_[i] = pz[i];
    }
    const auto [gb, ge] = even_range(n_extended() - n_local_, t, nt);
    for (int g = n_local_ + gb; g < n_local_ + ge; ++g) {
      const int o = owner_[g];
      x_[g] = px[o] + ix_[g] * len[0];
      y_[g] = py[o] + iy_[g] * len[1];
      z_[g] = pz[o] + iz_[g] * len[2];
    }
  });
}

void Halo::fold_forces(const double* efx, const double* efy, const double* efz, System& sys) const {
  auto fx = sys.fx(), fy = sys.fy(), fz = sys.fz();
  for (int i = 0; i < n_local_; ++i) {
    fx[i] = efx[i];
    fy[i] = efy[i];
    fz[i] = efz[i];
  }
  const int n_ext = n_extended();
  for (int g = n_local_; g < n_ext; ++g) {
    const int o = owner_[g];
    fx[o] += efx[g];
    fy[o] += efy[g];
    fz[o] += efz[g];
  }
}

}  // namespace mdb
