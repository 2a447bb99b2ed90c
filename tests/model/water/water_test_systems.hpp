#pragma once
// Water boxes for the tests: SPC/Fw geometry, randomly turned molecules, jittered so that every
// bonded and non-bonded term has a force.
#include "md/structure/water_box.hpp"
#include "model/water/water_params.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

inline System jittered_water(int molecules, double amplitude, std::uint64_t seed) {
  const WaterParams p = WaterParams::spc_fw();
  WaterBoxSpec spec;
  spec.molecules = molecules;
  spec.geometry = {p.bond_r0, p.angle_theta0, p.charge_o, p.charge_h};
  spec.seed = seed;
  System s = build_water_box(spec);
  jitter(s, amplitude, seed + 100);
  return s;
}

}  // namespace mdb::test
