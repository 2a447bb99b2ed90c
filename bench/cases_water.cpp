// The water case: flexible SPC/Fw with smooth PME on boxes of randomly turned molecules.
#include "bench/case_presets.hpp"
#ifdef MDB_HAVE_WATER
#include "md/structure/water_box.hpp"
#include "model/water/water_params.hpp"
#endif

namespace mdb::bench {

#ifdef MDB_HAVE_WATER
namespace {

// 64, 512, 4,096 and 32,768 molecules (192 to 98,304 atoms) at 0.997 g/cm^3 and 300 K, 0.5 fs
// steps (the O-H stretch's period is ~9 fs), GROMACS's PME defaults. The default suite has
// 192 atoms (about a millisecond a step); 12,288 atoms, where the peers are compared, and more
// are --md_sizes' or the full suite's. Equilibration: 1,000 steps (0.5 ps) under a 10/ps bath
// melt the lattice's random orientations into a liquid's cost, if not its structure.
CaseSpec water_spcfw() {
  const WaterParams p = WaterParams::spc_fw();
  CaseSpec c;
  c.name = "water-spcfw";
  c.description =
      "SPC/Fw water, PME (rc 10 A, ewald-rtol 1e-5, 1.2 A grid, order 4), 0.997 g/cm3, 300 K";
  c.builder = [p](int atoms, std::uint64_t seed) {
    WaterBoxSpec spec;
    spec.molecules = atoms / 3;
    spec.geometry = {p.bond_r0, p.angle_theta0, p.charge_o, p.charge_h};
    spec.seed = seed;
    return build_water_box(spec);
  };
  c.builder_unit = 3;
  c.units = &kMetalUnits;
  c.temperature = 300.0;
  c.pressure = 1.0;
  c.timestep = 0.0005;
  c.friction = 10.0;
  c.barostat_tau = 1.0;
  c.compressibility = 4.5e-5;  // water's, 1/bar
  c.equilibration_steps = 1000;
  c.thermostatted_equilibration = true;
  c.neighbor.skin = 1.0;
  c.ensembles = {Ensemble::NVE, Ensemble::NVT, Ensemble::NPT};
  c.sizes = {192};
  c.trajectory_steps = 200;
  c.scaling_sizes = {192, 1536};
  c.batched_atoms = 192;
  c.max_atoms = 3 * 65536;
  c.full_max_atoms = 12288;
  use_catalogue_model(c, "water");
  return c;
}

}  // namespace
#endif

void add_water_cases(std::deque<CaseSpec>& table) {
#ifdef MDB_HAVE_WATER
  table.push_back(water_spcfw());
#else
  static_cast<void>(table);
#endif
}

}  // namespace mdb::bench
