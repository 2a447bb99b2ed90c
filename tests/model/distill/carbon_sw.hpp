#pragma once
// A cheap carbon model for distillation tests: Stillinger-Weber with silicon's parameters but
// sigma scaled by 3.567/5.431 (2.0951 -> 1.3760 A), so its minimum sits near diamond carbon's
// lattice constant. Its physics is not carbon's; tests need a model with forces that differs
// from any student.
#include "model/stillinger_weber.hpp"

namespace mdb::test {

inline StillingerWeber carbon_sw() {
  return StillingerWeber(SwParams::parse(
      "C C C 2.1683 1.3760 1.80 21.0 1.20 -0.333333333333 7.049556277 0.6022245584 4.0 0.0 0.0",
      "carbon_sw"));
}

}  // namespace mdb::test
