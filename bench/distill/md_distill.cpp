// md_distill: samples frames by MD with a DUNN teacher, fits an ANI-style student to its energies
// and forces, and writes the student's weights, its learning curve and its held-out accuracy.
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "bench/distill/distill_options.hpp"
#include "bench/distill/learning_curve.hpp"
#include "model/distill/frame_sampler.hpp"
#include "model/distill/student_trainer.hpp"
#include "model/dunn/dunn_potential.hpp"
#include "model/kim/kim_collections.hpp"
#include "model/kim/kim_dunn_params.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_weights_json.hpp"

namespace mdb::distill {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Held-out frames, grouped as the report names them.
struct HeldOut {
  std::string name;
  std::vector<LabelledFrame> frames;
};

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error(path + ": cannot be written");
}

std::string figure(double v, const char* format) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

int run(const DistillOptions& o) {
  if (!kim_model_installed(o.teacher)) {
    throw std::invalid_argument("the KIM model '" + o.teacher +
                                "' is not installed (Debian: openkim-models)");
  }
  const DunnParams params = dunn_params_from_kim(o.teacher);
  const auto teacher = [&] { return std::make_unique<DunnPotential>(params, o.teacher_member); };
  teacher();  // checks --member against the model's ensemble before minutes of sampling

  // Training: the crystals from room temperature to near melting, and a melt; held out: new
  // trajectories (other seeds) at the temperatures the benchmark cases run and a hot pair.
  std::vector<SamplingRun> training;
  std::uint64_t seed = o.seed;
  for (CarbonPhase phase : {CarbonPhase::Diamond, CarbonPhase::Graphite}) {
    for (double t : {300.0, 1000.0, 2000.0}) training.push_back({phase, t, o.frames, seed += 100});
  }
  training.push_back({CarbonPhase::Liquid, 3000.0, o.frames, seed += 100});
  std::vector<std::pair<std::string, std::vector<SamplingRun>>> held_plan = {
      {"300 K",
       {{CarbonPhase::Diamond, 300.0, o.test_frames, seed + 1001},
        {CarbonPhase::Graphite, 300.0, o.test_frames, seed + 1002}}},
      {"2000 K",
       {{CarbonPhase::Diamond, 2000.0, o.test_frames, seed + 1003},
        {CarbonPhase::Graphite, 2000.0, o.test_frames, seed + 1004}}},
      {"liquid 3000 K", {{CarbonPhase::Liquid, 3000.0, o.test_frames, seed + 1005}}}};

  const auto t_sample = Clock::now();
  std::vector<LabelledFrame> frames;
  auto sample = [&](const SamplingRun& r, std::vector<LabelledFrame>& into) {
    const auto t0 = Clock::now();
    auto got = sample_frames(teacher, r, o.sampling);
    std::cerr << "md_distill: sampled " << got.size() << " frames of " << carbon_phase_name(r.phase)
              << " at " << r.temperature << " K in " << figure(since(t0), "%.1f") << " s\n";
    for (auto& f : got) into.push_back(std::move(f));
  };
  for (const auto& r : training) sample(r, frames);
  std::vector<HeldOut> held;
  for (const auto& [name, runs] : held_plan) {
    held.push_back({name, {}});
    for (const auto& r : runs) sample(r, held.back().frames);
  }
  const double sampling_s = since(t_sample);

  NnSpec spec;
  spec.name = o.name;
  spec.species = {"C"};
  spec.aev = AevParams::ani_like(o.radial_shifts, o.angle_shifts, o.angular_radial_shifts,
                                 o.radial_cutoff, o.angular_cutoff);
  StudentTrainer trainer(std::move(spec), frames, o.training);
  LearningCurve curve;
  for (const auto& h : held) curve.sets.push_back(h.name);
  const auto t_train = Clock::now();
  for (int e = 1; e <= o.training.epochs; ++e) {
    const EpochFigures fig = trainer.run_epoch();
    if (e % o.evaluate_every != 0 && e != 1 && e != o.training.epochs) continue;
    CurvePoint p{e, since(t_train), fig.energy_mae, fig.force_rmse, {}, {}};
    for (const auto& h : held) {
      const FrameAccuracy a = trainer.evaluate(h.frames);
      p.energy_mae.push_back(a.energy_mae);
      p.force_rmse.push_back(a.force_rmse);
    }
    std::cerr << "md_distill: epoch " << e << ": train " << figure(1e3 * fig.energy_mae, "%.2f")
              << " meV/atom " << figure(fig.force_rmse, "%.3f") << " eV/A; held out "
              << held.front().name << " " << figure(1e3 * p.energy_mae.front(), "%.2f")
              << " meV/atom " << figure(p.force_rmse.front(), "%.3f") << " eV/A\n";
    curve.points.push_back(std::move(p));
  }
  const double training_s = since(t_train);

  NnSpec student = trainer.student();
  student.description = "distilled by md_distill from " + o.teacher + " (" +
                        (o.teacher_member < 0 ? std::string("ensemble mean")
                                              : "member " + std::to_string(o.teacher_member)) +
                        ") on " + std::to_string(frames.size()) +
                        " frames of diamond, graphite (300-2000 K) and liquid carbon (3000 K), "
                        "energies and forces, " +
                        std::to_string(o.training.epochs) + " epochs, seed " +
                        std::to_string(o.seed);
  write_nn_weights(student, o.out);
  if (!o.curve_csv.empty()) write_file(o.curve_csv, curve_csv(curve));
  if (!o.curve_svg.empty()) {
    write_file(o.curve_svg, curve_svg(curve, o.name + ": learning curve against " +
                                                 std::string("the DUNN teacher")));
  }

  // What md_bench runs: the exported network in float.
  NnPotential<float> exported(student);
  std::cout << "| held-out set | frames | energy MAE (meV/atom) | force RMSE (eV/A) | largest "
               "force error (eV/A) |\n|---|---|---|---|---|\n";
  for (auto& h : held) {
    const FrameAccuracy a = accuracy_against(exported, h.frames);
    std::cout << "| " << h.name << " | " << a.frames << " | " << figure(1e3 * a.energy_mae, "%.2f")
              << " | " << figure(a.force_rmse, "%.4f") << " | " << figure(a.force_max, "%.3f")
              << " |\n";
  }
  std::cout << "\n"
            << frames.size() << " training frames; sampling " << figure(sampling_s, "%.0f")
            << " s, training " << figure(training_s, "%.0f") << " s (" << o.training.threads
            << " thread" << (o.training.threads == 1 ? "" : "s") << "); weights in " << o.out
            << "\n";
  return 0;
}

}  // namespace
}  // namespace mdb::distill

int main(int argc, char** argv) {
  try {
    bool help = false;
    const auto options = mdb::distill::parse_distill_options(argc, argv, help);
    if (help) {
      std::cout << mdb::distill::distill_usage();
      return 0;
    }
    return mdb::distill::run(options);
  } catch (const std::exception& e) {
    std::cerr << "md_distill: " << e.what() << "\n";
    return 2;
  }
}
