// c-dunn (native DUNN, the carbon student's teacher, on AB graphite) in NVE from md_bench's own
// prepared state: the model conserves energy, and its total energy's only error is velocity
// Verlet's bounded O(dt^2) oscillation (docs/MODELS.md, "Energy conservation": over 5 ps at
// 64 atoms no drift shows beyond its standard error). The default Trajectory row's -6.24
// meV/atom/ps was a slope through two samples 5 fs apart of that oscillation.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"
#include "bench/stats.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/velocity_verlet.hpp"

namespace mdb::bench {
namespace {

struct NveFit {
  LinearFit fit;     // E/N in meV/atom against t in ps
  double rms = 0.0;  // meV/atom about the fit
};

// NVE from `start` at time step dt for `window` ps, E/N sampled every `sample` ps.
NveFit run_nve(const CaseSpec& c, const System& start, double dt, double window, double sample) {
  Simulation sim(start, c.recipe.make(), std::make_unique<VelocityVerlet>(dt), c.neighbor);
  const long every = std::lround(sample / dt), steps = std::lround(window / dt);
  const double n = static_cast<double>(start.size());
  std::vector<double> t, e;
  for (long k = 0; k <= steps; k += every) {
    if (k > 0) {
      sim.run(every - 1);
      sim.step(true);  // energy with the step's forces: thermo() need not evaluate again
    }
    const Thermo th = sim.thermo();
    t.push_back(th.time);
    e.push_back(th.total / n * 1e3);
  }
  NveFit r;
  r.fit = least_squares(t, e);
  double ss = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const double d = e[i] - r.fit.intercept - r.fit.slope * t[i];
    ss += d * d;
  }
  r.rms = std::sqrt(ss / static_cast<double>(t.size()));
  return r;
}

// One 8-atom cell (the Batched rows' replica; neighbours through its periodic images) keeps this
// to seconds: ~5 ms a step, 600 steps. Measured there over 0.1 ps: RMS 0.039 meV/atom at 0.5 fs,
// 0.0097 at 0.25 fs (ratio 4.01), slopes -0.08 +- 0.13 and -0.023 +- 0.024 meV/atom/ps.
TEST(CarbonDunn, NveEnergyErrorIsVelocityVerletsAndDoesNotDrift) {
  const CaseSpec* c = find_case("c-dunn");
  if (c == nullptr) GTEST_SKIP() << "c-dunn needs the KIM API and the DUNN_WenTadmor_2019v1 model";
  const System& start = equilibrated_system(StateKey{c, Ensemble::NVE, 8, 2026, c->timestep});
  constexpr double kWindow = 0.1, kSample = 0.001;  // ps: md_report's shortest drift window
  const NveFit at_dt = run_nve(*c, start, c->timestep, kWindow, kSample);
  const NveFit at_half = run_nve(*c, start, c->timestep / 2, kWindow, kSample);
  // Forces that are -grad E integrated by a second-order method: the energy error goes as dt^2.
  // A force that is not the gradient (a missing term, a cutoff or dropout-mean inconsistency)
  // adds work that does not shrink with the step, and the ratio falls towards 1.
  EXPECT_NEAR(at_dt.rms / at_half.rms, 4.0, 0.5);
  // The case's time step holds the total energy to a few hundredths of a meV per atom: the
  // oscillation a short Trajectory row's fit reads, 30 % above what was measured.
  EXPECT_LT(at_dt.rms, 0.05) << "meV/atom";
  // No drift beyond the slope's own uncertainty at either step.
  for (const NveFit* f : {&at_dt, &at_half}) {
    EXPECT_LT(std::abs(f->fit.slope), 3.0 * f->fit.slope_se)
        << f->fit.slope << " +- " << f->fit.slope_se << " meV/atom/ps";
  }
}

}  // namespace
}  // namespace mdb::bench
