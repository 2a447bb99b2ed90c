// Active learning's data: frames of the student's own MD carry the teacher's labels, and a
// student that blows up ends its run with the frames before the blow-up instead of an error.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "model/distill/carbon_structures.hpp"
#include "model/distill/frame_sampler.hpp"
#include "model/distill/student_sampling.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "tests/model/distill/carbon_sw.hpp"

namespace mdb {
namespace {

SamplingSettings short_runs() {
  SamplingSettings s;
  s.equilibration_steps = 4;
  s.stride = 3;
  return s;
}

double energy_of(ForceField& model, const System& s) {
  return label_frame(s, model, "probe").energy;
}

TEST(StudentSampling, FramesFollowTheStudentAndCarryTheTeachersLabels) {
  const NnSpec student = make_nn_preset("nn-student", {"C"}, 11, 0.02);
  NnPotential<double> student_model(student);
  StillingerWeber teacher = test::carbon_sw();
  const SamplingRun run = carbon_run(CarbonPhase::Diamond, 300.0, 3, 5);
  const StudentMdFrames got = student_md_frames(student, teacher, run, short_runs());
  ASSERT_EQ(got.frames.size(), 3u);
  EXPECT_FALSE(got.blew_up);
  // The same run with the student as its own sampler visits the same coordinates (up to a
  // periodic wrap: labelling builds a list, which wraps atoms into the box).
  const auto visited = sample_frames([&] { return std::make_unique<NnPotential<double>>(student); },
                                     run, short_runs());
  ASSERT_EQ(visited.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    const LabelledFrame& f = got.frames[k];
    EXPECT_EQ(f.source, "diamond 300 K student MD");
    const double lx = f.system.box().length(0);
    for (std::size_t i = 0; i < f.system.size(); ++i) {
      const double dx = f.system.x()[i] - visited[k].system.x()[i];
      ASSERT_NEAR(dx - lx * std::round(dx / lx), 0.0, 1e-12) << "atom " << i;
    }
    const double teacher_energy = energy_of(teacher, f.system);
    EXPECT_EQ(f.energy, teacher_energy);
    EXPECT_NE(f.energy, visited[k].energy);  // the student's own label, which is not kept
    EXPECT_GT(std::abs(f.energy - energy_of(student_model, f.system)), 1e-3);
  }
}

TEST(StudentSampling, ABlowUpEndsTheRunWithoutAnError) {
  // Atomic energies of ~100 eV on random weights: forces of hundreds of eV/A heat the crystal
  // past 5 x 300 K within a few steps.
  const NnSpec wild = make_nn_preset("nn-student", {"C"}, 11, 100.0);
  StillingerWeber teacher = test::carbon_sw();
  const SamplingRun run = carbon_run(CarbonPhase::Diamond, 300.0, 20, 5);
  const StudentMdFrames got = student_md_frames(wild, teacher, run, short_runs());
  EXPECT_TRUE(got.blew_up);
  EXPECT_LT(got.frames.size(), 20u);
  EXPECT_THROW(
      sample_frames([&] { return std::make_unique<NnPotential<double>>(wild); }, run, short_runs()),
      std::runtime_error);
  // A melt that blows up before its first frame gives none.
  SamplingSettings melt = short_runs();
  melt.melt_steps = 20;
  const StudentMdFrames molten =
      student_md_frames(wild, teacher, carbon_run(CarbonPhase::Liquid, 3000.0, 5, 5), melt);
  EXPECT_TRUE(molten.blew_up);
  EXPECT_TRUE(molten.frames.empty());
}

}  // namespace
}  // namespace mdb
