// The water cases: flexible SPC/Fw with smooth PME on boxes of randomly turned molecules, and
// the NN student distilled from it.
#include "bench/case_presets.hpp"
#include "bench/student_weights.hpp"
#ifdef MDB_HAVE_WATER
#include "md/structure/water_box.hpp"
#include "model/water/water_params.hpp"
#endif

namespace mdb::bench {

#ifdef MDB_HAVE_WATER
namespace {

// 64, 512, 4,096 and 32,768 molecules (192 to 98,304 atoms) at 0.997 g/cm^3 and 300 K, 0.5 fs
// steps (the O-H stretch's period is ~9 fs). Equilibration: 1,000 steps (0.5 ps) under a 10/ps
// bath melt the lattice's random orientations into a liquid's cost, if not its structure. The
// box and state preparation of every water case.
CaseSpec water_box_case(const std::string& name) {
  const WaterParams p = WaterParams::spc_fw();
  CaseSpec c;
  c.name = name;
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
  c.sizes = {192};
  c.trajectory_steps = 200;
  c.batched_atoms = 192;
  c.max_atoms = 3 * 65536;
  c.full_max_atoms = 12288;
  return c;
}

// SPC/Fw with GROMACS's PME defaults. The default suite has 192 atoms (about a millisecond a
// step); 12,288 atoms, where the peers are compared, and more are --md_sizes' or the full suite's.
CaseSpec water_spcfw() {
  CaseSpec c = water_box_case("water-spcfw");
  c.description =
      "SPC/Fw water, PME (rc 10 A, ewald-rtol 1e-5, 1.2 A grid, order 4), 0.997 g/cm3, 300 K";
  c.ensembles = {Ensemble::NVE, Ensemble::NVT, Ensemble::NPT};
  c.scaling_sizes = {192, 1536};
  use_catalogue_model(c, "water");
  return c;
}

// The short-range student md_distill fitted to water-spcfw (bench/data/water-nn-student.json;
// docs/MODELS.md): the same box and preparation; its rows carry the accuracy counters and the
// O-O g(r) of its own MD against the teacher's. 192 atoms only in the default suite: the g(r)
// runs (1,000 steps of each model) are its largest cost there.
CaseSpec water_nn_student() {
  CaseSpec c = water_box_case("water-nn-student");
  c.description = "water, NN student distilled from water-spcfw by md_distill (" +
                  student_summary(water_nn_student_spec()) + ", O and H, float), 300 K";
  c.teacher = "water-spcfw";
  c.rdf_species = WaterParams::spc_fw().oxygen;
  // From the teacher's state, settled by 200 steps (0.1 ps, the bath's time) of the student's
  // own MD: 1,000 from the lattice cost ~8 s.
  c.equilibrated_from = "water-spcfw";
  c.equilibration_steps = 200;
  c.ensembles = {Ensemble::NVE, Ensemble::NVT};
  c.scaling_sizes = {192};
  use_catalogue_model(c, "water-nn-student");
  return c;
}

}  // namespace
#endif

void add_water_cases(std::deque<CaseSpec>& table) {
#ifdef MDB_HAVE_WATER
  table.push_back(water_spcfw());
  table.push_back(water_nn_student());
#else
  static_cast<void>(table);
#endif
}

}  // namespace mdb::bench
