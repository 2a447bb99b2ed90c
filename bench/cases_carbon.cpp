// The carbon cases: DUNN natively and through KIM, and the student distilled from it.
#include <memory>

#include "bench/case_presets.hpp"
#include "bench/student_weights.hpp"
#include "model/distill/carbon_structures.hpp"
#ifdef MDB_HAVE_KIM
#include "model/kim/kim_collections.hpp"
#endif

namespace mdb::bench {
namespace {

// AB graphite for the DUNN models, as 8-atom orthorhombic cells (64 atoms: 2 x 2 x 2), with
// 0.5 fs steps (optical phonons: ~20 fs period). Not diamond: the DUNN model as installed does not
// hold diamond together (its energy falls with expansion up to a ~ 3.70 A, and in 300 K MD atoms
// merge within ~100 fs; LAMMPS through KIM gives the same; docs/MODELS.md), while its graphite
// stays graphite from 300 to 2,000 K. A step costs ~20 ms at 64 atoms, so the default suite gets
// NVE only and a short equilibration: 40 steps under a 100/ps bath (which only equilibration
// uses in an NVE-only case); a crystal's step costs the same at any nearby temperature.
const std::shared_ptr<const System>& graphite_unit() {
  static const auto cell = std::make_shared<const System>(graphite_cell());
  return cell;
}

CaseSpec carbon_dunn(const std::string& name) {
  CaseSpec c = metal_crystal(LatticeKind::Diamond, 0.0, "C", 12.011);
  c.structure = graphite_unit();  // the lattice fields are unused with a structure
  c.name = name;
  c.timestep = 0.0005;
  c.friction = 100.0;
  c.equilibration_steps = 40;
  c.ensembles = {Ensemble::NVE};
  c.sizes = {64};
  // Replicas of one 8-atom cell (neighbours through periodic images): at 64 atoms the Batched
  // rows' warm-up (20 steps of up to 8 replicas) would add ~10 s to the default suite.
  c.batched_atoms = 8;
  return c;
}

// The student md_distill fitted to c-dunn's energies and forces (bench/data/c-nn-student.json,
// built into the binary; docs/MODELS.md says how it was made), in float like the NN presets.
CaseSpec c_nn_student() {
  CaseSpec c = carbon_dunn("c-nn-student");
  c.description = "AB graphite C, NN student distilled from c-dunn by md_distill (" +
                  student_summary(c_nn_student_spec()) + ", float), 300 K";
  c.teacher = "c-dunn";
  c.equilibration_steps = 300;
  c.ensembles = {Ensemble::NVE, Ensemble::NVT};
  // ~2 ms per 64-atom step and ~16 ms at 512: Trajectory at 64 atoms (200 steps), Step also at
  // 512, so the default suite grows by seconds, not a minute.
  c.sizes = {64};
  c.extra_step_sizes = {512};
  c.trajectory_steps = 200;
  c.scaling_sizes = {64, 512};
  c.max_atoms = 1 << 16;
  c.full_max_atoms = 32768;
  use_catalogue_model(c, "c-nn-student");
  return c;
}

#ifdef MDB_HAVE_KIM
CaseSpec c_dunn(const std::string& model) {
  CaseSpec c = carbon_dunn("c-dunn");
  c.description =
      "AB graphite C, DUNN (" + model + " parameters), native, mean of 100 dropout members, 300 K";
  // 512 atoms in Step only (a 20-step Trajectory there would add ~10 s for the same per-step
  // cost); 4,096 (~2 s per step) is --md_sizes' or the full suite's.
  c.extra_step_sizes = {512};
  c.trajectory_steps = 20;
  // From its student's state (graphite at 300 K), 20 steps of DUNN's own MD: the student's 300
  // steps cost what 25 of DUNN's do.
  c.equilibrated_from = "c-nn-student";
  c.equilibration_steps = 20;
  c.max_atoms = 1 << 15;
  c.full_max_atoms = 4096;
  use_catalogue_model(c, "dunn:" + model);
  return c;
}

// The same model through the KIM API and its DUNN driver (~0.8 s per 64-atom step), from
// c-dunn's prepared state; on request only.
CaseSpec c_dunn_kim(const std::string& model) {
  CaseSpec c = carbon_dunn("c-dunn-kim");
  c.description = model +
                  " (OpenKIM, DUNN driver), C, mean of 100 dropout members, 300 K; on request: "
                  "--md_cases=c-dunn-kim";
  c.trajectory_steps = 2;  // no thermo sample (one every 10 steps): a cost, not a drift
  c.max_atoms = 4096;
  c.full_max_atoms = 0;  // no Scaling, even in the full suite
  use_catalogue_model(c, "kim:" + model);
  c.same_potential_as = "c-dunn";
  c.on_request = true;
  return c;
}
#endif

}  // namespace

void add_carbon_cases(std::deque<CaseSpec>& table) {
#ifdef MDB_HAVE_KIM
  const char* dunn = "DUNN_WenTadmor_2019v1_C__MO_584345505904_000";
  if (kim_model_installed(dunn)) {
    table.push_back(c_dunn(dunn));
    table.push_back(c_dunn_kim(dunn));
  }
#endif
  table.push_back(c_nn_student());
}

}  // namespace mdb::bench
