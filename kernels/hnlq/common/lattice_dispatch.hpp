#pragma once
// From a run-time LatticeKind to the compile-time lattice type, for host code that picks a
// lattice by name and then runs a loop or launches a kernel templated on it.
#include <utility>

#include "kernels/hnlq/common/lattice_d4.hpp"
#include "kernels/hnlq/common/lattice_e8.hpp"
#include "kernels/hnlq/common/lattice_kind.hpp"
#include "kernels/hnlq/common/lattice_z2.hpp"

namespace mdb::hnlq {

/// Calls f.template operator()<L>() with L the lattice type of `kind` and returns its result.
template <class F>
decltype(auto) with_lattice(LatticeKind kind, F&& f) {
  switch (kind) {
    case LatticeKind::Z2:
      return std::forward<F>(f).template operator()<Z2Lattice>();
    case LatticeKind::D4:
      return std::forward<F>(f).template operator()<D4Lattice>();
    case LatticeKind::E8:
      break;
  }
  return std::forward<F>(f).template operator()<E8Lattice>();
}

}  // namespace mdb::hnlq
