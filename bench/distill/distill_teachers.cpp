#include "bench/distill/distill_teachers.hpp"

#include <stdexcept>

#include "model/distill/carbon_structures.hpp"
#ifdef MDB_HAVE_KIM
#include "model/dunn/dunn_potential.hpp"
#include "model/kim/kim_collections.hpp"
#include "model/kim/kim_dunn_params.hpp"
#endif
#ifdef MDB_HAVE_WATER
#include "md/structure/water_box.hpp"
#include "model/water/water_model.hpp"
#endif

namespace mdb::distill {
namespace {

#ifdef MDB_HAVE_KIM
std::string phase_list(const std::vector<CarbonPhase>& phases) {
  std::string out;
  for (CarbonPhase p : phases) out += (out.empty() ? "" : ", ") + carbon_phase_name(p);
  return out;
}

// Each crystal from room temperature to near melting, a liquid at 3,000 K.
std::vector<SamplingRun> carbon_training_runs(const std::vector<CarbonPhase>& phases, int frames,
                                              std::uint64_t seed) {
  std::vector<SamplingRun> runs;
  for (CarbonPhase phase : phases) {
    if (phase == CarbonPhase::Liquid) {
      runs.push_back(carbon_run(phase, 3000.0, frames, seed += 100));
      continue;
    }
    for (double t : {300.0, 1000.0, 2000.0}) {
      runs.push_back(carbon_run(phase, t, frames, seed += 100));
    }
  }
  return runs;
}

// "graphite, liquid (crystals 300-2000 K, liquid 3000 K)", as sampled.
std::string carbon_sampled_what(const std::vector<CarbonPhase>& phases) {
  bool crystal = false, liquid = false;
  for (CarbonPhase p : phases) (p == CarbonPhase::Liquid ? liquid : crystal) = true;
  std::string temps = crystal ? "crystals 300-2000 K" : "";
  if (liquid) temps += std::string(crystal ? ", " : "") + "liquid 3000 K";
  return phase_list(phases) + " (" + temps + ")";
}

DistillTeacher dunn_teacher(const DistillOptions& o) {
  if (!kim_model_installed(o.teacher)) {
    throw std::invalid_argument("the KIM model '" + o.teacher +
                                "' is not installed (Debian: openkim-models)");
  }
  auto params = std::make_shared<const DunnParams>(dunn_params_from_kim(o.teacher));
  const int member = o.teacher_member;
  DistillTeacher t;
  t.make = [params, member] { return std::make_unique<DunnPotential>(*params, member); };
  t.species = {"C"};
  const std::string mode =
      member < 0 ? std::string("ensemble mean") : "member " + std::to_string(member);
  t.described = o.teacher + " (" + mode + ")";
  t.labelled_by = t.described + "; phases " + phase_list(o.phases);
  t.sampled_what = carbon_sampled_what(o.phases);
  t.curve_title = "the DUNN teacher";
  const auto phases = o.phases;
  t.training_runs = [phases](int frames, std::uint64_t seed) {
    return carbon_training_runs(phases, frames, seed);
  };
  // At the temperatures the benchmark cases run and a hot pair, and the liquid if it is sampled.
  std::uint64_t seed = o.seed + 1700;  // runs 100 apart: a run uses seed, seed + 1 and + 2
  t.held_out = {{"300 K", {}}, {"2000 K", {}}};
  for (CarbonPhase phase : o.phases) {
    if (phase == CarbonPhase::Liquid) {
      t.held_out.push_back(
          {"liquid 3000 K", {carbon_run(phase, 3000.0, o.test_frames, seed += 100)}});
      continue;
    }
    t.held_out[0].second.push_back(carbon_run(phase, 300.0, o.test_frames, seed += 100));
    t.held_out[1].second.push_back(carbon_run(phase, 2000.0, o.test_frames, seed += 100));
  }
  return t;
}
#endif

#ifdef MDB_HAVE_WATER
// md_bench's water-spcfw box at its smallest size: 64 molecules (192 atoms) at 0.997 g/cm^3,
// randomly turned; the run's equilibration melts it.
SamplingRun water_run(double temperature, int frames, std::uint64_t seed) {
  const WaterParams p = WaterParams::spc_fw();
  WaterBoxSpec spec;
  spec.molecules = 64;
  spec.geometry = {p.bond_r0, p.angle_theta0, p.charge_o, p.charge_h};
  spec.seed = seed;
  return {"water", std::make_shared<const System>(build_water_box(spec)),
          false,   temperature,
          frames,  seed};
}

// The liquid at the case's 300 K and a hotter set at 400 K (at the same density): wider bond
// and angle excursions and broken hydrogen bonds, which the student's own MD meets when its
// errors heat it. Two boxes per temperature, each from its own random start.
std::vector<SamplingRun> water_training_runs(int frames, std::uint64_t seed) {
  std::vector<SamplingRun> runs;
  for (double t : kWaterTemperatures) {
    for (int box = 0; box < 2; ++box) runs.push_back(water_run(t, frames, seed += 100));
  }
  return runs;
}

DistillTeacher water_teacher(const DistillOptions& o) {
  const WaterParams params = WaterParams::spc_fw();
  DistillTeacher t;
  t.make = [params] { return std::make_unique<WaterModel>(params); };
  t.species = {params.hydrogen, params.oxygen};
  t.described = "water-spcfw (SPC/Fw, PME, rc 10 A)";
  t.labelled_by = t.described + "; water 300, 400 K";
  t.sampled_what = "64-molecule water boxes (300, 400 K)";
  t.curve_title = "the SPC/Fw teacher";
  t.training_runs = water_training_runs;
  std::uint64_t seed = o.seed + 1700;
  for (double temp : kWaterTemperatures) {
    t.held_out.push_back({std::to_string(static_cast<int>(temp)) + " K",
                          {water_run(temp, o.test_frames, seed += 100)}});
  }
  return t;
}
#endif

}  // namespace

DistillTeacher make_distill_teacher(const DistillOptions& o) {
  if (o.water_teacher()) {
#ifdef MDB_HAVE_WATER
    return water_teacher(o);
#else
    throw std::invalid_argument(
        "this md_distill was built without FFTW (libfftw3-dev), which the water teacher needs");
#endif
  }
#ifdef MDB_HAVE_KIM
  return dunn_teacher(o);
#else
  throw std::invalid_argument(
      "this md_distill was built without the KIM API, which the DUNN "
      "teacher '" +
      o.teacher + "' needs");
#endif
}

}  // namespace mdb::distill
