#include "model/distill/student_sampling.hpp"

#include "model/nnp/nn_potential.hpp"

namespace mdb {

StudentMdFrames student_md_frames(const NnSpec& student, ForceField& teacher,
                                  const SamplingRun& run, SamplingSettings settings) {
  settings.stop_at_blow_up = true;
  settings.threads = 1;  // the student runs on one thread (and takes ~2 ms a step)
  const auto model = [&]() -> std::unique_ptr<ForceField> {
    return std::make_unique<NnPotential<double>>(student);
  };
  StudentMdFrames out;
  auto visited = sample_frames(model, run, settings);
  out.blew_up = static_cast<int>(visited.size()) < run.frames;
  out.frames.reserve(visited.size());
  for (auto& f : visited) {
    out.frames.push_back(label_frame(std::move(f.system), teacher, f.source + " student MD"));
  }
  return out;
}

}  // namespace mdb
