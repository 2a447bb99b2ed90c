// md_distill: samples frames by MD with a teacher (DUNN carbon, SPC/Fw water), fits an ANI-style
// student to its energies and forces, and writes the student's weights, its learning curve and its
// held-out accuracy.
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "bench/distill/distill_options.hpp"
#include "bench/distill/distill_teachers.hpp"
#include "bench/distill/learning_curve.hpp"
#include "model/distill/frame_file.hpp"
#include "model/distill/frame_sampler.hpp"
#include "model/distill/student_sampling.hpp"
#include "model/distill/student_trainer.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_weights_json.hpp"

namespace mdb::distill {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

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

constexpr const char* kTrainingSet = "train";

// The training set first, then the teacher's held-out sets.
std::vector<FrameSet> sample_sets(const DistillOptions& o, const DistillTeacher& teacher) {
  std::vector<std::pair<std::string, std::vector<SamplingRun>>> plan = {
      {kTrainingSet, teacher.training_runs(o.frames, o.seed)}};
  plan.insert(plan.end(), teacher.held_out.begin(), teacher.held_out.end());
  std::vector<FrameSet> sets;
  for (const auto& [name, runs] : plan) {
    if (runs.empty()) continue;
    sets.push_back({name, {}});
    for (const auto& r : runs) {
      const auto t0 = Clock::now();
      auto got = sample_frames(teacher.make, r, o.sampling);
      std::cerr << "md_distill: sampled " << got.size() << " frames of " << r.phase << " at "
                << r.temperature << " K in " << figure(since(t0), "%.1f") << " s\n";
      for (auto& f : got) sets.back().frames.push_back(std::move(f));
    }
  }
  return sets;
}

std::vector<FrameSet> read_sets(const DistillOptions& o, const DistillTeacher& teacher) {
  FrameFile file = read_frame_file(o.frames_in);
  const std::string where = "frames file " + o.frames_in + ": ";
  if (file.labelled_by != teacher.labelled_by) {
    throw std::invalid_argument(where + "labelled by " + file.labelled_by + ", not " +
                                teacher.labelled_by +
                                " (give the same --teacher, --member, --phases)");
  }
  if (file.sets.empty() || file.sets.front().name != kTrainingSet) {
    throw std::invalid_argument(where + "its first set must be '" + kTrainingSet + "'");
  }
  for (const FrameSet& set : file.sets) {
    if (set.frames.empty()) throw std::invalid_argument(where + "set '" + set.name + "' is empty");
  }
  return std::move(file.sets);
}

int run(const DistillOptions& o) {
  const DistillTeacher teacher = make_distill_teacher(o);
  auto labeller = teacher.make();  // checks --member against the model's ensemble before sampling

  const auto t_sample = Clock::now();
  std::vector<FrameSet> sets =
      o.frames_in.empty() ? sample_sets(o, teacher) : read_sets(o, teacher);
  double sampling_s = since(t_sample);
  // Kept at once, so minutes of sampling survive a fit that fails; again after the rounds.
  const auto keep_frames = [&] {
    if (!o.frames_out.empty()) write_frame_file(o.frames_out, {teacher.labelled_by, sets});
  };
  keep_frames();
  std::vector<LabelledFrame>& frames = sets.front().frames;
  const std::vector<FrameSet> held(sets.begin() + 1, sets.end());

  NnSpec spec;
  spec.name = o.name;
  spec.species = teacher.species;
  spec.celu_alpha = o.celu_alpha;
  spec.aev = AevParams::ani_like(o.radial_shifts, o.angle_shifts, o.angular_radial_shifts,
                                 o.radial_cutoff, o.angular_cutoff);
  LearningCurve curve;
  for (const auto& h : held) curve.sets.push_back(h.name);
  const auto t_train = Clock::now();
  double student_md_s = 0.0;
  int epochs_done = 0;
  // One fit: from `start` (fresh or trained) over the current training frames.
  const auto fit = [&](NnSpec start, TrainingSettings settings) {
    settings.seed += static_cast<std::uint64_t>(epochs_done);
    StudentTrainer trainer(std::move(start), frames, settings);
    for (int e = 1; e <= settings.epochs; ++e) {
      const EpochFigures fig = trainer.run_epoch();
      const int epoch = ++epochs_done;
      if (e % o.evaluate_every != 0 && e != 1 && e != settings.epochs) continue;
      CurvePoint p{epoch, since(t_train) - student_md_s, fig.energy_mae, fig.force_rmse, {}, {}};
      for (const auto& h : held) {
        const FrameAccuracy a = trainer.evaluate(h.frames);
        p.energy_mae.push_back(a.energy_mae);
        p.force_rmse.push_back(a.force_rmse);
      }
      std::cerr << "md_distill: epoch " << epoch << ": train "
                << figure(1e3 * fig.energy_mae, "%.2f") << " meV/atom "
                << figure(fig.force_rmse, "%.3f") << " eV/A";
      if (!held.empty()) {
        std::cerr << "; held out " << held.front().name << " "
                  << figure(1e3 * p.energy_mae.front(), "%.2f") << " meV/atom "
                  << figure(p.force_rmse.front(), "%.3f") << " eV/A";
      }
      std::cerr << "\n";
      curve.points.push_back(std::move(p));
    }
    return trainer.student();
  };
  NnSpec student = fit(spec, o.training);
  for (int r = 1; r <= o.rounds; ++r) {
    const auto t0 = Clock::now();
    int added = 0, blew_up = 0;
    const auto runs = teacher.training_runs(o.round_frames, o.seed + 10007 * r);
    for (const SamplingRun& run : runs) {
      StudentMdFrames got = student_md_frames(student, *labeller, run, o.sampling);
      added += static_cast<int>(got.frames.size());
      blew_up += got.blew_up ? 1 : 0;
      for (auto& f : got.frames) frames.push_back(std::move(f));
    }
    student_md_s += since(t0);
    std::cerr << "md_distill: round " << r << ": " << added
              << " frames of the student's own MD labelled by the teacher (" << blew_up << " of "
              << runs.size() << " runs blew up) in " << figure(since(t0), "%.1f") << " s; "
              << frames.size() << " training frames\n";
    TrainingSettings refit = o.training;
    refit.epochs = o.round_epochs;
    refit.learning_rate = o.round_learning_rate;
    student = fit(std::move(student), refit);
  }
  const double training_s = since(t_train) - student_md_s;
  sampling_s += student_md_s;
  if (o.rounds > 0) keep_frames();

  student.description =
      "distilled by md_distill from " + teacher.described + " on " + std::to_string(frames.size()) +
      " frames of " + teacher.sampled_what +
      (o.rounds > 0 ? ", " + std::to_string(o.rounds) + " rounds of its own MD," : std::string()) +
      " energies and forces, " + std::to_string(epochs_done) + " epochs, seed " +
      std::to_string(o.seed);
  write_nn_weights(student, o.out);
  if (!o.curve_csv.empty()) write_file(o.curve_csv, curve_csv(curve));
  if (!o.curve_svg.empty()) {
    write_file(o.curve_svg,
               curve_svg(curve, o.name + ": learning curve against " + teacher.curve_title));
  }

  // What md_bench runs: the exported network in float.
  NnPotential<float> exported(student);
  std::cout << "| held-out set | frames | energy MAE (meV/atom) | force RMSE (eV/A) | largest "
               "force error (eV/A), on |\n|---|---|---|---|---|\n";
  for (const auto& h : held) {
    const FrameAccuracy a = accuracy_against(exported, h.frames);
    std::cout << "| " << h.name << " | " << a.frames << " | " << figure(1e3 * a.energy_mae, "%.2f")
              << " | " << figure(a.force_rmse, "%.4f") << " | " << figure(a.force_max, "%.3f")
              << ", " << a.force_max_source << " |\n";
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
