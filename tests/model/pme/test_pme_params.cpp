// PME parameters as grompp chooses them (model/pme/pme_params.hpp, kernels/common/
// pme_grid_size.hpp), and the clear errors for the ones that cannot work.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "kernels/common/ewald_terms.hpp"
#include "kernels/common/pme_grid_size.hpp"
#include "model/pme/pme_params.hpp"

namespace mdb {
namespace {

bool gromacs_allows(int n) {
  const int small[] = {6, 8, 10, 12, 14, 16, 20, 24, 25, 28, 32, 36, 40, 42, 44};
  for (int s : small) {
    if (n == s) return true;
  }
  if (n < 45 || n % 4 != 0 || n == 140) return false;
  const int base[] = {48, 50, 52, 54, 56, 60, 64, 70, 72, 75, 80, 81, 84};
  for (int b : base) {
    for (int f = 1; f * b <= n; f *= 2) {
      if (f * b == n) return true;
    }
  }
  return false;
}

TEST(PmeGridSize, IsTheSmallestAllowedSizeWithTheSpacing) {
  // Boxes from 1 to 40 nm (GROMACS's spacing 0.12 nm): the size is allowed, gives a spacing of
  // at most 0.12 nm (up to GROMACS's 0.1 % rounding), and no smaller allowed size does.
  for (double l = 10.0; l <= 400.0; l += 0.7) {
    const int n = pme_grid_size_for_spacing(l, 1.2, 4);
    ASSERT_TRUE(gromacs_allows(n)) << l << " -> " << n;
    EXPECT_LE(l / n, 1.2 * 1.001) << l;
    for (int m = 6; m < n; ++m) {
      if (gromacs_allows(m)) {
        EXPECT_GT(l / m, 1.2) << l << ": " << m << " would do";
      }
    }
  }
}

TEST(PmeGridSize, KnownSizes) {
  EXPECT_EQ(pme_grid_size_for_spacing(30.0, 1.2, 4), 25);    // 3 nm: exactly 25 points
  EXPECT_EQ(pme_grid_size_for_spacing(40.0, 1.2, 4), 36);    // 33.3 -> 34 -> 36
  EXPECT_EQ(pme_grid_size_for_spacing(60.0, 1.2, 4), 52);    // 50 is not divisible by 4
  EXPECT_EQ(pme_grid_size_for_spacing(100.0, 1.2, 4), 84);   // 83.3 -> 84
  EXPECT_EQ(pme_grid_size_for_spacing(101.0, 1.2, 4), 96);   // 84.2 -> 85 -> 2 x 48
  EXPECT_EQ(pme_grid_size_for_spacing(165.0, 1.2, 4), 144);  // 137.5 -> 138 -> not 140 -> 144
  EXPECT_EQ(pme_grid_size_for_spacing(12.4, 1.2, 4), 12);    // a 64-molecule water box
  EXPECT_EQ(pme_grid_size_for_spacing(5.0, 1.2, 4), 6);      // at least 2 (order - 1) points
  EXPECT_EQ(pme_grid_size_for_spacing(5.0, 1.2, 8), 14);
  EXPECT_EQ(pme_grid_size_for_spacing(10.0, 0.0, 4), -1);
  EXPECT_EQ(pme_grid_size_for_spacing(NAN, 1.2, 4), -1);
}

TEST(PmeParams, FromSettingsAsGrompp) {
  PmeSettings s;
  s.cutoff = 10.0;
  const PmeParams p = pme_params_from_settings(s, Box({0, 0, 0}, {31.0, 40.0, 60.0}));
  EXPECT_DOUBLE_EQ(p.beta, ewald_beta_for_rtol(10.0, 1e-5));
  EXPECT_EQ(p.grid, (std::array<int, 3>{28, 36, 52}));
  EXPECT_EQ(p.order, 4);
  EXPECT_EQ(p.cutoff, 10.0);
}

/// The message of the std::invalid_argument that f throws ("" if none).
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(PmeParams, BadSettingsSayWhatIsWrong) {
  const Box box = Box::cube(30.0);
  auto with = [&](auto change) {
    PmeSettings s;
    s.cutoff = 10.0;
    change(s);
    return error_of([&] { pme_params_from_settings(s, box); });
  };
  EXPECT_NE(with([](PmeSettings& s) { s.cutoff = NAN; }).find("cutoff"), std::string::npos);
  EXPECT_NE(with([](PmeSettings& s) { s.cutoff = -1.0; }).find("cutoff"), std::string::npos);
  EXPECT_NE(with([](PmeSettings& s) { s.ewald_rtol = 0.0; }).find("ewald_rtol"), std::string::npos);
  EXPECT_NE(with([](PmeSettings& s) { s.ewald_rtol = 2.0; }).find("ewald_rtol"), std::string::npos);
  EXPECT_NE(with([](PmeSettings& s) { s.fourier_spacing = 0.0; }).find("Fourier spacing"),
            std::string::npos);
  EXPECT_NE(with([](PmeSettings& s) { s.order = 2; }).find("order"), std::string::npos);
  EXPECT_NE(with([](PmeSettings& s) { s.order = 9; }).find("order"), std::string::npos);
  // A 3 Angstrom spacing for a 10 Angstrom cutoff at rtol 1e-5: the grid cannot reach it.
  const std::string coarse = with([](PmeSettings& s) { s.fourier_spacing = 3.0; });
  EXPECT_NE(coarse.find("too coarse"), std::string::npos) << coarse;
  EXPECT_EQ(with([](PmeSettings&) {}), "");
}

TEST(PmeParams, ReachIsTheEwaldBalance) {
  // At exactly the balance pi m_max/beta = beta rc, with m_max = K/(2L): the reciprocal
  // Gaussian at the grid's edge equals exp(-(beta rc)^2).
  const double beta = 0.3123, rc = 10.0, l = 25.0;
  const double k = pme_min_grid_points(l, beta, rc);
  const double m_max = k / (2.0 * l);
  EXPECT_NEAR(std::exp(-std::pow(std::numbers::pi * m_max / beta, 2)),
              std::exp(-beta * beta * rc * rc), 1e-15);
  PmeParams p;
  p.cutoff = rc;
  p.beta = beta;
  p.grid = {static_cast<int>(std::ceil(k)), 40, 40};
  EXPECT_NO_THROW(check_pme_reach(p, Box::cube(l)));
  p.grid[0] -= 1;
  EXPECT_NE(error_of([&] { check_pme_reach(p, Box::cube(l)); }).find("along x"), std::string::npos);
}

TEST(PmeParams, BadParamsSayWhatIsWrong) {
  auto with = [&](auto change) {
    PmeParams p;
    p.cutoff = 9.0;
    p.beta = 0.35;
    p.grid = {16, 16, 16};
    change(p);
    return error_of([&] { check_pme_params(p); });
  };
  EXPECT_EQ(with([](PmeParams&) {}), "");
  EXPECT_NE(with([](PmeParams& p) { p.beta = NAN; }).find("beta"), std::string::npos);
  EXPECT_NE(with([](PmeParams& p) { p.beta = 0.0; }).find("beta"), std::string::npos);
  EXPECT_NE(with([](PmeParams& p) { p.cutoff = INFINITY; }).find("cutoff"), std::string::npos);
  EXPECT_NE(with([](PmeParams& p) { p.coulomb_constant = 0.0; }).find("Coulomb"),
            std::string::npos);
  EXPECT_NE(with([](PmeParams& p) { p.order = 10; }).find("order"), std::string::npos);
  const std::string small = with([](PmeParams& p) { p.grid = {16, 5, 16}; });
  EXPECT_NE(small.find("at least 6 points"), std::string::npos) << small;
  EXPECT_NE(small.find("y has 5"), std::string::npos) << small;
  EXPECT_NE(with([](PmeParams& p) {
              p.grid = {2048, 2048, 2048};
            }).find("2^31"),
            std::string::npos);
}

}  // namespace
}  // namespace mdb
