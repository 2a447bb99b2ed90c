#pragma once
// From a force call's runtime flags to the instantiation of a pair loop that has them as
// template parameters, so the hot loop carries no dead branches. Every CPU pair loop dispatches
// through this one function.
#include "kernels/common/pair_sums.hpp"

namespace mdb {

/// Calls run.template operator()<kEnergy, kVirial, kSingleSpecies>() for the given flags.
template <class Run>
PairSums dispatch_pair_flags(bool energy, bool virial, bool single_species, Run&& run) {
  auto with_species = [&]<bool E, bool W>() {
    return single_species ? run.template operator()<E, W, true>()
                          : run.template operator()<E, W, false>();
  };
  if (energy && virial) return with_species.template operator()<true, true>();
  if (energy) return with_species.template operator()<true, false>();
  if (virial) return with_species.template operator()<false, true>();
  return with_species.template operator()<false, false>();
}

}  // namespace mdb
