#pragma once
// What the KIM adapter tests share: the models they use, skipping when one is not installed,
// and the crystals they run on.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "md/structure/lattice.hpp"
#include "model/kim/kim_collections.hpp"

namespace mdb::test {

// The four md_bench KIM cases, and two that exercise what those do not.
inline const std::string kKimSw = "SW_StillingerWeber_1985_Si__MO_405512056662_005";
inline const std::string kKimAl = "EAM_Dynamo_ErcolessiAdams_1994_Al__MO_123629422045_005";
inline const std::string kKimFe = "EAM_Dynamo_Mendelev_2003_Fe__MO_546673549085_000";
inline const std::string kKimSnap = "SNAP_ZuoChenLi_2019_Si__MO_869330304805_000";
// KIM API example: two cutoffs (3.76, 6.77 A), asks for padding atoms' neighbours in the first,
// no partialVirial (sum x f path).
inline const std::string kKimMultiCutoff = "ex_model_Ar_SLJ_MultiCutoff";
// Asks for padding atoms' neighbours, as every Tersoff_LAMMPS model does.
inline const std::string kKimTersoff = "Tersoff_LAMMPS_Tersoff_1988T3_Si__MO_186459956893_003";

inline bool kim_installed(const std::string& name) {
  static const std::vector<std::string> names = list_kim_models();
  return std::binary_search(names.begin(), names.end(), name);
}

/// Skips the test (from its body) when the model is not installed.
#define MDB_REQUIRE_KIM_MODEL(name)                  \
  do {                                               \
    if (!::mdb::test::kim_installed(name)) {         \
      GTEST_SKIP() << (name) << " is not installed"; \
    }                                                \
  } while (0)

/// A crystal of `cells`^3 conventional cells with one species.
inline System kim_crystal(LatticeKind kind, double a, int cells, const Species& species) {
  return build_lattice({kind, a, cells, cells, cells}, species, kMetalUnits);
}

inline System diamond_si(int cells, double a = 5.431) {
  return kim_crystal(LatticeKind::Diamond, a, cells, {"Si", 28.0855});
}

}  // namespace mdb::test
