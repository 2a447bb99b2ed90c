// md_report --history: the trend section is on the page, with a chart per series, the change
// point marked at the commit it came with, and the page still well-formed.
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "compare/report/report_cli.hpp"
#include "compare/report/report_history.hpp"
#include "history_fixtures.hpp"
#include "xml_check.hpp"

namespace mdb::history {
namespace {

using compare::testing::parse_xml;

class HistoryReport : public ::testing::Test {
 protected:
  void SetUp() override {
    loc_ = testing::fresh_store("sqlite",
                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
    if (!loc_.skip_reason.empty()) GTEST_SKIP() << loc_.skip_reason;
    auto store = open_store(loc_.where, Store::Open::kCreate);
    // The benchmark of md_bench_real.json, 30 runs, 8 % slower from run 20 on (8 sigma).
    std::mt19937_64 rng(9);
    std::normal_distribution<double> d(12000.0, 120.0);
    for (int i = 0; i < 30; ++i) {
      store->add_run(testing::point_run(kBench, d(rng) * (i >= 20 ? 1.08 : 1.0), i));
    }
  }
  static constexpr const char* kBench = "Step/NVE/64/lj-ar/cpu/manual_time";
  testing::StoreLocation loc_;
};

TEST_F(HistoryReport, TheChangePointIsMarkedAtItsCommit) {
  const auto view = compare::load_history_view(loc_.where, "", "real_time", {kBench});
  ASSERT_EQ(view.series.size(), 1u);
  ASSERT_EQ(view.report.changes.size(), 1u);
  std::vector<const SeriesChange*> changes = {&view.report.changes[0]};
  const auto svg = parse_xml(compare::trend_chart(view.series[0], changes));
  // One marker per run, each with its commit in the hover text.
  const auto circles = svg.find_all("circle");
  ASSERT_EQ(circles.size(), 30u);
  // The dashed change line lies between the markers of runs 19 and 20, labelled with c20.
  double dashed_x = -1;
  for (const auto* l : svg.find_all("line")) {
    if (l->attrs.count("stroke-dasharray")) dashed_x = l->number("x1");
  }
  EXPECT_GT(dashed_x, circles[19]->number("cx"));
  EXPECT_LT(dashed_x, circles[20]->number("cx"));
  EXPECT_NE(svg.all_text().find("c20 +"), std::string::npos) << svg.all_text();
}

TEST_F(HistoryReport, MdReportAddsTheSectionToThePage) {
  std::ostringstream out, err;
  const int rc = compare::run_md_report(
      {testing::data_path("md_bench_real.json"), "--history", loc_.where, "-o", "-"}, out, err);
  ASSERT_EQ(rc, 0) << err.str();
  const std::string page = out.str();
  EXPECT_NE(page.find("<h2 id=\"history\">"), std::string::npos);
  EXPECT_NE(page.find("href=\"#history\""), std::string::npos);
  EXPECT_NE(page.find("Recent change points"), std::string::npos);
  EXPECT_NO_THROW(parse_xml(page.substr(page.find("<html"))));
}

TEST_F(HistoryReport, SinceKeepsOnlyLaterRuns) {
  // Runs 25..29 only: five points, the step is before them.
  const auto view =
      compare::load_history_view(loc_.where, "2026-01-01T00:00:00.000025Z", "real_time", {kBench});
  ASSERT_EQ(view.series.size(), 1u);
  EXPECT_EQ(view.series[0].points.size(), 5u);
  EXPECT_TRUE(view.report.changes.empty());
}

TEST_F(HistoryReport, BadHistoryInputIsExit2InOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{testing::data_path("md_bench_real.json"), "--history",
                                 loc_.where + ".missing", "-o", "-"},
        std::vector<std::string>{testing::data_path("md_bench_real.json"), "--since", "2026", "-o",
                                 "-"}}) {
    std::ostringstream out, err;
    EXPECT_EQ(compare::run_md_report(args, out, err), 2);
    const std::string e = err.str();
    EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  }
}

}  // namespace
}  // namespace mdb::history
