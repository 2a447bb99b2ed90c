// The shipped water student (bench/data/water-nn-student.json) as MD uses it, from a liquid its
// teacher equilibrated: in NVE the total energy's error is velocity Verlet's (it shrinks with
// dt^2, which forces that are not -dE/dx would not do), at a quarter femtosecond it does not
// drift beyond the NN cases' bound, and every molecule stays whole. A student with a hole in its
// energy surface (an O-H pair that may part, two molecules that may merge) heats up and breaks
// bonds.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "bench/cases.hpp"
#include "bench/stats.hpp"
#include "bench/student_weights.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/velocities.hpp"
#include "model/nnp/nn_potential.hpp"

namespace mdb::bench {
namespace {

double bond_length(const System& s, const Bond& b) {
  double d[3] = {s.x()[b.i] - s.x()[b.j], s.y()[b.i] - s.y()[b.j], s.z()[b.i] - s.z()[b.j]};
  s.box().minimum_image(d[0], d[1], d[2]);
  return std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

struct NveRun {
  LinearFit fit;       // total energy per atom (meV) against time (ps)
  double rms = 0.0;    // meV/atom about the fit
  double t_max = 0.0;  // K
  System end;
};

// 0.5 ps of NVE with the student from `start`, the total energy every 10 steps.
NveRun nve(const System& start, const CaseSpec& c, double dt) {
  Simulation sim(start, std::make_unique<NnPotential<float>>(water_nn_student_spec()),
                 std::make_unique<VelocityVerlet>(dt), c.neighbor, false);
  const double n = static_cast<double>(start.size());
  std::vector<double> t, e;
  NveRun out{{}, 0.0, 0.0, start};
  const long steps = std::lround(0.5 / dt);
  for (long k = 0; k <= steps; k += 10) {
    if (k > 0) sim.run(10);
    const Thermo th = sim.thermo();
    t.push_back(th.time);
    e.push_back(1e3 * th.total / n);
    out.t_max = std::max(out.t_max, th.temperature);
  }
  out.fit = least_squares(t, e);
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double r = e[k] - out.fit.intercept - out.fit.slope * t[k];
    out.rms += r * r / static_cast<double>(t.size());
  }
  out.rms = std::sqrt(out.rms);
  out.end = sim.system();
  return out;
}

TEST(WaterStudent, NveEnergyErrorIsVelocityVerletsAndTheMoleculesStayWhole) {
  const CaseSpec* student = find_case("water-nn-student");
  const CaseSpec* teacher = find_case("water-spcfw");
  if (student == nullptr || teacher == nullptr) {
    GTEST_SKIP() << "md_bench was built without FFTW: no water cases";
  }
  // 64 molecules as md_bench builds them, melted by the teacher (0.5 ps at 300 K), then 0.1 ps
  // of the student's own Langevin MD (it settles into its own liquid).
  System s = student->builder(192, 17);
  assign_maxwell_boltzmann(s, 300.0, 17);
  Simulation warm(std::move(s), teacher->recipe.make(),
                  std::make_unique<LangevinIntegrator>(0.0005, ThermostatSettings{300.0, 10.0, 17}),
                  teacher->neighbor, false);
  warm.run(1000);
  Simulation settle(
      warm.system(), std::make_unique<NnPotential<float>>(water_nn_student_spec()),
      std::make_unique<LangevinIntegrator>(0.0005, ThermostatSettings{300.0, 10.0, 18}),
      student->neighbor, false);
  settle.run(200);
  const NveRun half = nve(settle.system(), *student, 0.0005);  // the case's step
  const NveRun quarter = nve(settle.system(), *student, 0.00025);
  ::testing::Test::RecordProperty("rms_half_fs_mev", std::to_string(half.rms));
  ::testing::Test::RecordProperty("rms_quarter_fs_mev", std::to_string(quarter.rms));
  ::testing::Test::RecordProperty("drift_half_fs_mev_per_ps", std::to_string(half.fit.slope));
  ::testing::Test::RecordProperty("drift_quarter_fs_mev_per_ps", std::to_string(quarter.fit.slope));
  // Velocity Verlet's energy error goes as dt^2: halving the step divides it by 4 (a first-order
  // error would divide it by 2). Across 16 liquids (seeds 17-24, two random generators) the
  // ratio ran from 3.3 to 4.6.
  EXPECT_NEAR(half.rms / quarter.rms, 4.0, 1.5);
  // At 0.25 fs no slope beyond what 0.5 ps of oscillation reads as one: across the same 16
  // liquids the slope had a standard deviation of 0.022 meV/atom/ps about -0.003 (at most
  // 0.062), so 0.1 is 4.5 of them. At the case's 0.5 fs the slope over a few ps is ~0.02
  // (docs/MODELS.md), which 0.5 ps cannot tell from the oscillation.
  EXPECT_LT(std::abs(quarter.fit.slope), 0.1);
  // A 300 K liquid in NVE stays near 300 K; a hole releasing energy heats it far past that.
  EXPECT_LT(half.t_max, 400.0);
  // SPC/Fw's bonds are 1.012 A and swing by ~0.1 A at 300 K: a bond past 1.3 A has broken.
  for (const Bond& b : half.end.topology().bonds) {
    ASSERT_LT(bond_length(half.end, b), 1.3) << "bond " << b.i << "-" << b.j;
  }
}

}  // namespace
}  // namespace mdb::bench
