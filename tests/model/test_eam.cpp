// The EAM file reader, LAMMPS's spline and the Eam force field's own checks. Energies and forces
// against LAMMPS are in tests/bench/test_lammps_peer.cpp, against the KIM EAM_Dynamo driver in
// tests/model/kim/test_kim_eam.cpp, and the conformance suite (finite differences, strain
// virial, NVE, threads) in test_model_conformance.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "kernels/common/eam_terms.hpp"
#include "md/structure/lattice.hpp"
#include "model/eam.hpp"
#include "model/eam_file.hpp"
#include "model/eam_tables.hpp"
#include "tests/model/eam_test_files.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

using test::kSynthA;
using test::kSynthB;

// What parse_eam_file throws, as text; "" when it parses.
std::string parse_error(const std::string& text, EamFormat format) {
  try {
    parse_eam_file("bad.eam.alloy", text, format);
  } catch (const EamFileError& e) {
    return e.what();
  }
  return "";
}

TEST(EamFile, ReadsSetflFsAndFuncfl) {
  const EamFile setfl = test::synthetic_setfl({kSynthA, kSynthB});
  EXPECT_EQ(setfl.elements, (std::vector<std::string>{"Aa", "Bb"}));
  EXPECT_DOUBLE_EQ(setfl.masses[1], 58.69);
  EXPECT_EQ(setfl.nrho, 2001);
  EXPECT_EQ(setfl.nr, 2000);
  EXPECT_EQ(setfl.rhor.size(), 2u);
  EXPECT_EQ(setfl.z2r.size(), 3u);
  // The last pair table is Bb-Bb; its value at knot 1000 (r = 3 A) is r phi there.
  const test::SyntheticGrid g;
  EXPECT_NEAR(setfl.z2r[2][1000], 3.0 * test::synthetic_phi(kSynthB, kSynthB, g, 3.0), 1e-14);
  const EamFile fs = test::synthetic_fs({kSynthA, kSynthB});
  ASSERT_EQ(fs.rhor.size(), 4u);
  EXPECT_NEAR(fs.rhor[1][500], 1.1 * test::synthetic_rho(kSynthA, g, 1.5), 1e-14);
  const EamFile funcfl = test::synthetic_funcfl(kSynthA);
  EXPECT_TRUE(funcfl.elements.empty());
  EXPECT_EQ(funcfl.masses.size(), 1u);
  EXPECT_EQ(funcfl.frho[0].size(), 2001u);
}

TEST(EamFile, FormatFromTheName) {
  EXPECT_EQ(eam_format_of("Al_EA.eam.alloy"), EamFormat::Setfl);
  EXPECT_EQ(eam_format_of("x/NiAl.setfl"), EamFormat::Setfl);
  EXPECT_EQ(eam_format_of("Fe_2.eam.fs"), EamFormat::Fs);
  EXPECT_EQ(eam_format_of("Cu_u3.eam"), EamFormat::Funcfl);
  EXPECT_THROW(eam_format_of("Si.sw"), EamFileError);
  EXPECT_EQ(eam_pair_style(EamFormat::Fs), "eam/fs");
}

TEST(EamFile, ErrorsNameTheFileAndLine) {
  const std::string good = test::synthetic_setfl_text({kSynthA}, false);
  EXPECT_EQ(parse_error(good, EamFormat::Setfl), "");
  // Line 4 names two elements but says one.
  std::string two_names = good;
  two_names.replace(two_names.find("1 Aa"), 4, "1 Aa Bb");
  EXPECT_EQ(parse_error(two_names, EamFormat::Setfl),
            "bad.eam.alloy:4: the element line names 2 elements, expected 1");
  // A grid line with four values.
  std::string short_grid = good;
  short_grid.replace(short_grid.find("2001 "), 5, "");
  EXPECT_NE(parse_error(short_grid, EamFormat::Setfl).find("bad.eam.alloy:5: the grid line"),
            std::string::npos);
  // A value that is not a number, on line 7 (the first line of F).
  std::string nan_value = good;
  const std::size_t line7 = [&] {
    std::size_t at = 0;
    for (int k = 0; k < 6; ++k) at = nan_value.find('\n', at) + 1;
    return at;
  }();
  nan_value.replace(line7, 1, "x");
  EXPECT_NE(parse_error(nan_value, EamFormat::Setfl).find("bad.eam.alloy:7: '"), std::string::npos)
      << parse_error(nan_value, EamFormat::Setfl);
  // Cut short: the message says which table ran out and on which line.
  const std::string cut_short = good.substr(0, good.size() / 2);
  const std::string why = parse_error(cut_short, EamFormat::Setfl);
  EXPECT_NE(why.find("unexpected end of file: rho(r) of Aa has "), std::string::npos) << why;
  // Extra text at the end.
  EXPECT_NE(parse_error(good + "1.0\n", EamFormat::Setfl).find("unexpected text after the last"),
            std::string::npos);
  EXPECT_EQ(parse_error(good + "\n  \n", EamFormat::Setfl), "");
  // A missing file.
  try {
    read_eam_file("/nonexistent/Al.eam.alloy");
    FAIL() << "no error";
  } catch (const EamFileError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/Al.eam.alloy: cannot open");
  }
}

// Every EAM file LAMMPS ships in the three formats parses (Debian's lammps-data).
TEST(EamFile, ReadsLammpsPotentials) {
  const std::filesystem::path dir = "/usr/share/lammps/potentials";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " not installed";
  int read = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const bool eam =
        name.ends_with(".eam") || name.ends_with(".eam.alloy") || name.ends_with(".eam.fs");
    if (!eam) continue;
    EXPECT_NO_THROW(read_eam_file(entry.path().string())) << name;
    ++read;
  }
  EXPECT_GT(read, 10);
}

// LAMMPS's slope estimates are exact for a cubic (fourth order inside, second order next to the
// ends), so its spline reproduces a cubic and its derivative exactly on rows whose both knots
// have interior estimates.
TEST(EamSpline, ReproducesACubicInside) {
  const int n = 40;
  const double delta = 0.25;
  auto f = [](double x) { return ((0.3 * x - 1.2) * x + 0.7) * x - 2.0; };
  auto df = [](double x) { return (0.9 * x - 2.4) * x + 0.7; };
  std::vector<double> values(n);
  for (int k = 0; k < n; ++k) values[k] = f(k * delta);
  std::vector<double> rows(static_cast<std::size_t>(n) * kEamRowStride);
  eam_spline(values.data(), n, delta, rows.data());
  for (int k = 0; k < n; ++k) EXPECT_EQ(eam_value(&rows[k * kEamRowStride], 0.0), values[k]);
  for (int k = 2; k <= n - 4; ++k) {
    for (double p : {0.0, 0.3, 0.71, 1.0}) {
      const double x = (k + p) * delta;
      const EamKnot knot = eam_r_knot(x, 1.0 / delta, n);
      const double* row = &rows[static_cast<std::size_t>(knot.row) * kEamRowStride];
      EXPECT_NEAR(eam_value(row, knot.p), f(x), 1e-12) << x;
      EXPECT_NEAR(eam_derivative(row, knot.p), df(x), 1e-12) << x;
    }
  }
}

// Past the tables: r beyond the last knot reads its value, rho beyond rhomax extends F linearly.
TEST(EamSpline, Clamps) {
  const EamKnot far = eam_r_knot(100.0, 10.0, 50);
  EXPECT_EQ(far.row, 48);
  EXPECT_EQ(far.p, 1.0);
  const EamKnot low = eam_rho_knot(0.0, 10.0, 50);
  EXPECT_EQ(low.row, 0);
  EXPECT_EQ(low.p, 0.0);
}

TEST(EamTables, FuncflPairTermIsTheChargeProduct) {
  const EamFile file = test::synthetic_funcfl(kSynthA);
  const EamTables t = eam_tables({{"Aa", file}});
  // LAMMPS's grid: the range (nr - 1) dr over dr knots, so one fewer than the file's.
  EXPECT_EQ(t.nr, file.nr - 1);
  EXPECT_EQ(t.nrho, file.nrho - 1);
  EXPECT_DOUBLE_EQ(t.rhomax, (file.nrho - 1) * file.drho);
  for (int k : {10, 700, 1500}) {
    const double z = file.z2r[0][static_cast<std::size_t>(k)];
    EXPECT_NEAR(eam_value(t.z2r_table(0, 0) + k * kEamRowStride, 0.0), 27.2 * 0.529 * z * z,
                1e-12 * (1.0 + z * z));
  }
}

TEST(Eam, BindNamesAMissingElement) {
  Eam eam(test::synthetic_setfl({kSynthA, kSynthB}));
  const System s = build_lattice({LatticeKind::Fcc, 4.05, 2, 2, 2}, {"Cu", 63.5}, kMetalUnits);
  try {
    eam.bind(s);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "Eam: the potential has no element 'Cu' (it covers Aa, Bb)");
  }
}

// A perfect crystal: every atom has the same density, F'(rho), energy and no force; the energy
// per atom does not depend on the supercell.
TEST(Eam, PerfectCrystalIsUniform) {
  Eam eam(test::synthetic_setfl({kSynthA}));
  double per_atom = 0.0;
  for (int cells : {2, 3}) {
    const System s =
        build_lattice({LatticeKind::Fcc, 4.05, cells, cells, cells}, {"Aa", 26.98}, kMetalUnits);
    const auto e = test::evaluate(eam, s);
    const double here = e.result.energy / static_cast<double>(s.size());
    if (cells == 3) {
      EXPECT_NEAR(here, per_atom, 1e-12);
    }
    per_atom = here;
    for (std::size_t i = 0; i < s.size(); ++i) {
      EXPECT_NEAR(e.fx[i], 0.0, 1e-12);
      EXPECT_NEAR(eam.density(static_cast<int>(i)), eam.density(0), 1e-12);
    }
  }
  EXPECT_LT(per_atom, 0.0);
}

}  // namespace
}  // namespace mdb
