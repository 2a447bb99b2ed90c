// The per-thread PME bodies the CUDA kernels launch (kernels/common/pme_thread_bodies.hpp), run
// here in loops ("emulated launches": one iteration per GPU thread, in an order no GPU would
// keep) around FFTW, against model/pme's Pme on the same charges. The CPU loops fold, solve and
// unfold by planes and rows; these by single points: the same numbers to rounding, or an index
// is wrong. Where a GPU is lent, tests/kernels/test_device_pme_cuda.cpp runs the kernels.
#include "kernels/common/pme_thread_bodies.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "model/pme/fft_r2c_3d.hpp"
#include "model/pme/pme.hpp"
#include "tests/model/pme/ewald_reference.hpp"
#include "tests/model/pme/pme_test_support.hpp"

namespace mdb::testing {
namespace {

// The device pipeline, step by step, with every launch a loop over its threads (the thread
// order reversed, so nothing depends on it).
template <int P>
EwaldPart emulated_pipeline(const PmeParams& params, const Box& box, const Charges& c) {
  const PmeGridShape g{params.grid[0], params.grid[1], params.grid[2], params.order};
  const OrthoBoxView view = box.view();
  const int n = static_cast<int>(c.size());
  std::vector<double> ext(static_cast<std::size_t>(g.extended_points()), 0.0);
  for (int i = n - 1; i >= 0; --i) {
    pme_spread_atom<P>(i, view, c.x.data(), c.y.data(), c.z.data(), c.q.data(), g, ext.data());
  }
  FftR2c3d fft(g.nx, g.ny, g.nz, FftPlanning::Estimate);
  for (long long k = g.periodic_points() - 1; k >= 0; --k) {
    pme_fold_point(k, g, ext.data(), fft.real_data());
  }
  fft.forward();
  std::vector<double> axis_m, axis_factor;
  for (int a = 0; a < 3; ++a) {
    const std::vector<double> moduli = pme_bspline_moduli(params.grid[a], params.order);
    for (int i = 0; i < params.grid[a]; ++i) {
      double m, f;
      pme_axis_entry(i, params.grid[a], 1.0 / box.length(a), params.beta,
                     moduli[static_cast<std::size_t>(i)], m, f);
      axis_m.push_back(m);
      axis_factor.push_back(f);
    }
  }
  std::array<double, 7> acc{};
  const double ke_over_pi_v = params.coulomb_constant / (kPmePi * box.volume());
  for (long long k = g.complex_points() - 1; k >= 0; --k) {
    pme_solve_entry(k, g, fft.complex_data(), axis_m.data(), axis_factor.data(), ke_over_pi_v,
                    params.beta, true, acc.data());
  }
  fft.backward();
  for (long long k = g.extended_points() - 1; k >= 0; --k) {
    pme_unfold_point(k, g, fft.real_data(), ext.data());
  }
  EwaldPart out;
  out.fx.assign(c.size(), 0.0);
  out.fy.assign(c.size(), 0.0);
  out.fz.assign(c.size(), 0.0);
  for (int i = n - 1; i >= 0; --i) {
    pme_gather_atom<P>(i, view, c.x.data(), c.y.data(), c.z.data(), c.q.data(), g, ext.data(),
                       out.fx.data(), out.fy.data(), out.fz.data());
  }
  out.energy = acc[0];
  for (int k = 0; k < 6; ++k) out.virial[static_cast<std::size_t>(k)] = acc[1 + k];
  return out;
}

void expect_same(const EwaldPart& a, const EwaldPart& b) {
  EXPECT_NEAR(a.energy, b.energy, 1e-12 * std::abs(b.energy));
  double largest_w = 0.0;
  for (double w : b.virial) largest_w = std::max(largest_w, std::abs(w));
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(a.virial[static_cast<std::size_t>(k)], b.virial[static_cast<std::size_t>(k)],
                1e-12 * largest_w)
        << k;
  }
  EXPECT_LT(force_difference(a, b).relative(), 1e-12);
}

// An odd grid along one axis (its fold has no second image there), an even one with the
// Nyquist plane, a box whose origin is not 0 and atoms outside it.
TEST(PmeThreadBodies, EmulatedLaunchesGiveThePmesAnswer) {
  const std::array<double, 3> lengths{12.0, 13.0, 14.5};
  const Box box({-3.0, 1.5, 0.25}, lengths);
  Charges c = random_neutral_charges(40, lengths, 21);
  for (std::size_t i = 0; i < c.size(); i += 7) c.x[i] += 2.0 * lengths[0];  // an image away
  for (int order : {4, 5}) {
    PmeParams p = pme_params(0.32, 12, order);
    p.grid = {12, 15, 16};
    SCOPED_TRACE(order);
    const EwaldPart want = run_pme(p, box, c);
    pme_with_order(order, [&](auto o) {
      expect_same(emulated_pipeline<decltype(o)::value>(p, box, c), want);
    });
  }
}

// A charge near a face spreads over the wrapped halo of every axis: the fold must add each
// extended point into the periodic one it stands for exactly once.
TEST(PmeThreadBodies, FoldAndUnfoldAreEachOthersTranspose) {
  const PmeGridShape g{6, 7, 8, 4};
  std::vector<double> ext(static_cast<std::size_t>(g.extended_points()));
  for (std::size_t k = 0; k < ext.size(); ++k) ext[k] = std::sin(0.37 * static_cast<double>(k));
  std::vector<double> periodic(static_cast<std::size_t>(g.periodic_points()));
  for (long long k = 0; k < g.periodic_points(); ++k)
    pme_fold_point(k, g, ext.data(), periodic.data());
  std::vector<double> psi(periodic.size());
  for (std::size_t k = 0; k < psi.size(); ++k) psi[k] = std::cos(0.11 * static_cast<double>(k));
  std::vector<double> unfolded(ext.size());
  for (long long k = 0; k < g.extended_points(); ++k) {
    pme_unfold_point(k, g, psi.data(), unfolded.data());
  }
  // <fold(ext), psi> = <ext, unfold(psi)> for any ext and psi.
  double lhs = 0.0, rhs = 0.0;
  for (std::size_t k = 0; k < psi.size(); ++k) lhs += periodic[k] * psi[k];
  for (std::size_t k = 0; k < ext.size(); ++k) rhs += ext[k] * unfolded[k];
  EXPECT_NEAR(lhs, rhs, 1e-12 * std::abs(rhs));
  double total_ext = 0.0, total_periodic = 0.0;
  for (double v : ext) total_ext += v;
  for (double v : periodic) total_periodic += v;
  EXPECT_NEAR(total_periodic, total_ext, 1e-12 * std::abs(total_ext) + 1e-12);
}

}  // namespace
}  // namespace mdb::testing
