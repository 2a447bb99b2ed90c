#include "compare/report/report_charts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>

#include "compare/diff/policy.hpp"
#include "compare/report/svg_scale.hpp"
#include "svg_probe.hpp"
#include "tests/compare/report_test_data.hpp"
#include "xml_check.hpp"

namespace mdb::compare {
namespace {

using testing::log_px;
using testing::parse_xml;
using testing::tick_px;
using testing::tip;
using testing::XmlNode;

std::vector<const BenchSummary*> all(const RunSummary& run) {
  std::vector<const BenchSummary*> out;
  for (const auto& b : run.benchmarks) out.push_back(&b);
  return out;
}

TEST(ScalingChart, PointsSitWhereTheAxesSay) {
  const RunSummary run = load("report_run.json");
  const XmlNode svg = parse_xml(scaling_chart(run));
  const double x50 = tick_px(svg, "50", "middle"), x100 = tick_px(svg, "100", "middle");
  const double y100 = tick_px(svg, "100 ns", "end"), y200 = tick_px(svg, "200 ns", "end");
  int checked = 0;
  for (const XmlNode* c : svg.find_all("circle")) {
    const std::string t = tip(*c);
    if (t.empty()) continue;  // legend markers have no tooltip
    for (const auto& b : run.benchmarks) {
      if (b.parts.family != "Scaling" || t.rfind(b.parts.label + ":", 0) != 0) continue;
      EXPECT_NEAR(c->number("cx"), log_px(b.parts.atoms, 50, x50, 100, x100), 0.02) << t;
      const double us = b.value("us_per_atom");
      EXPECT_NEAR(c->number("cy"), log_px(us * 1e3, 100, y100, 200, y200), 0.02) << t;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4);  // the four Scaling sizes of the fixture
  // The O(N) fit is drawn (dashed) and named in the legend with its RMS.
  bool dashed = false;
  for (const XmlNode* p : svg.find_all("polyline"))
    dashed = dashed || p->attrs.count("stroke-dasharray");
  EXPECT_TRUE(dashed);
  EXPECT_NE(svg.all_text().find("fit O(N), RMS"), std::string::npos);
  EXPECT_NE(svg.all_text().find("atoms (log scale)"), std::string::npos);
}

BenchSummary step_row(int atoms, double us_per_atom, bool error = false) {
  BenchSummary b;
  b.name = "Step/NVE/" + std::to_string(atoms) + "/lj-ar/cpu/manual_time";
  b.parts = parse_bench_name(b.name);
  b.medians["us_per_atom"] = us_per_atom;
  b.error = error;
  return b;
}

TEST(ScalingChart, FallsBackToStepSizesAndSkipsErrors) {
  RunSummary run;
  run.benchmarks = {step_row(64, 0.2), step_row(256, 0.18), step_row(1024, 0.5, true)};
  const XmlNode svg = parse_xml(scaling_chart(run));
  EXPECT_NE(svg.all_text().find("Step NVE lj-ar cpu"), std::string::npos);
  std::size_t points = 0;
  for (const XmlNode* c : svg.find_all("circle")) {
    points += !tip(*c).empty();
    EXPECT_EQ(tip(*c).find("1024"), std::string::npos) << "an error run is not plotted";
  }
  EXPECT_EQ(points, 2u);
  run.benchmarks.pop_back();
  run.benchmarks.pop_back();  // one size is no line
  EXPECT_EQ(scaling_chart(run), "");
  EXPECT_EQ(scaling_chart(load("complexity.json")), "");  // not md_bench names
}

TEST(BatchedChart, OneSeriesPerCaseWithIdealScaling) {
  const RunSummary run = load("report_run.json");
  const XmlNode svg = parse_xml(batched_chart(run));
  std::size_t solid = 0, dashed = 0;
  for (const XmlNode* p : svg.find_all("polyline"))
    (p->attrs.count("stroke-dasharray") ? dashed : solid)++;
  EXPECT_EQ(solid, 3u);  // lj-ar, nn-teacher, nn-student at 64 atoms
  EXPECT_EQ(dashed, 3u);
  EXPECT_NE(svg.all_text().find("perfect scaling up to 2 hardware threads"), std::string::npos);
  // Replica counts are the x ticks.
  for (const char* r : {"1", "2", "4"}) EXPECT_NO_THROW(tick_px(svg, r, "middle")) << r;
}

TEST(LatencyChart, MarkersInOrderOnEachRow) {
  const RunSummary run = load("report_run.json");
  const XmlNode svg = parse_xml(latency_chart(all(run), "latency"));
  const double x10 = tick_px(svg, "10 µs", "middle"), x100 = tick_px(svg, "100 µs", "middle");
  const BenchSummary* b = run.find("Step/NVE/64/lj-ar/cpu/manual_time");
  bool found = false;
  for (const XmlNode* c : svg.find_all("circle")) {
    if (tip(*c).rfind("Step/NVE/64/lj-ar/cpu: p50", 0) != 0) continue;
    EXPECT_NEAR(c->number("cx"), log_px(b->value("p50_us"), 10, x10, 100, x100), 0.02);
    found = true;
  }
  EXPECT_TRUE(found);
  EXPECT_NE(svg.all_text().find("p99"), std::string::npos);  // legend
  // One row label per benchmark with latencies (all 19 of the fixture).
  std::size_t labels = 0;
  for (const XmlNode* t : svg.find_all("text")) labels += t->text.rfind("Trajectory/", 0) == 0;
  EXPECT_EQ(labels, 3u);
}

TEST(PhaseChart, SegmentWidthsAreTheShares) {
  const RunSummary run = load("report_run.json");
  const BenchSummary* b = run.find("Step/NVE/64/lj-ar/cpu/manual_time");
  const XmlNode svg = parse_xml(phase_chart({b}, "phases"));
  const double x0 = tick_px(svg, "0 %", "middle"), x1 = tick_px(svg, "100 %", "middle");
  double force_w = -1;
  for (const XmlNode* r : svg.find_all("rect")) {
    if (tip(*r).find(": force ") != std::string::npos) force_w = r->number("width");
  }
  EXPECT_NEAR(force_w, (x1 - x0) * b->value("frac_force"), 0.02);
}

TEST(NnStageChart, OnlyNnBenchmarks) {
  const RunSummary run = load("report_run.json");
  const XmlNode svg = parse_xml(nn_stage_chart(all(run)));
  std::size_t rows = 0;
  for (const XmlNode* t : svg.find_all("text")) rows += t->text.find("si-nn-") != std::string::npos;
  EXPECT_EQ(rows, 10u);  // teacher and student: Step, Trajectory, Batched x3
  EXPECT_EQ(nn_stage_chart({run.find("Step/NVE/64/lj-ar/cpu/manual_time")}), "");
}

TEST(HistogramChart, BarsAddUpToTheSamples) {
  const RunSummary run = load("report_run.json");
  const StepSamples s = load_step_samples(kData / "report_samples.json");
  const std::string name = "Step/NVE/64/lj-ar/cpu/manual_time";
  const XmlNode svg = parse_xml(histogram_chart(name, *s.find(name), run.find(name)));
  std::size_t steps = 0;
  for (const XmlNode* r : svg.find_all("rect")) {
    const std::string t = tip(*r);
    const auto colon = t.rfind(": ");
    if (colon != std::string::npos) steps += std::stoul(t.substr(colon + 2));
  }
  EXPECT_EQ(steps, 300u);
  for (const char* p : {"p50", "p95", "p99"}) {
    EXPECT_NE(svg.all_text().find(p), std::string::npos) << p;
  }
  EXPECT_EQ(histogram_chart(name, {}, nullptr), "");
}

TEST(SpeedupChart, TeacherOverStudent) {
  const SampleSet all_samples = collect_samples({load_benchmark_json(kData / "report_run.json")});
  const std::string label = "[nn-teacher vs nn-student]";
  const Comparison c = compare_samples(select_group(all_samples, "nn-teacher", label),
                                       select_group(all_samples, "nn-student", label), Policy{});
  const XmlNode svg = parse_xml(speedup_chart(c, "nn-teacher", "nn-student"));
  const double x1 = tick_px(svg, "1×", "middle"), x10 = tick_px(svg, "10×", "middle");
  std::size_t bars = 0;
  for (const XmlNode* r : svg.find_all("rect")) {
    const std::string t = tip(*r);
    if (t.empty()) continue;
    const BenchmarkDiff* row = nullptr;
    for (const auto& d : c.rows) {
      if (t.rfind(short_label(d.name) + ":", 0) == 0) row = &d;
    }
    ASSERT_NE(row, nullptr) << t;
    EXPECT_GT(row->speedup, 1);  // the student is the cheap one
    EXPECT_NEAR(r->number("x"), x1, 0.02);
    EXPECT_NEAR(r->number("x") + r->number("width"), log_px(row->speedup, 1, x1, 10, x10), 0.02);
    ++bars;
  }
  EXPECT_EQ(bars, 5u);  // Step, Trajectory, Batched x3
  // One repetition per row: the U test cannot confirm even a 10x change, so it is "likely".
  EXPECT_NE(svg.all_text().find("nn-student likely faster"), std::string::npos);
}

// The accuracy chart of accuracy_run.json (make_fixtures.py): c-dunn teaches c-nn-student and
// c-dunn-kim at 64 atoms; the left panel is force RMSE, the right energy MAE.
AccuracyGroup group_of(const std::vector<AccuracyGroup>& groups, const std::string& teacher,
                       long long atoms) {
  for (const auto& g : groups) {
    if (g.teacher_case == teacher && g.atoms == atoms) return g;
  }
  throw std::runtime_error("no group of " + teacher);
}

// A polygon's vertical extent (the teacher's triangle), from its points attribute.
std::pair<double, double> y_extent(const XmlNode& polygon) {
  std::istringstream in(polygon.attrs.at("points"));
  double lo = 1e300, hi = -1e300, x = 0, y = 0;
  char comma = 0;
  while (in >> x >> comma >> y) lo = std::min(lo, y), hi = std::max(hi, y);
  return {lo, hi};
}

TEST(AccuracyChart, StudentsSitWhereTheAxesSayAtTheirMedians) {
  const RunSummary run = load("accuracy_run.json");
  const AccuracyGroup g = group_of(accuracy_groups(run), "c-dunn", 64);
  const XmlNode svg = parse_xml(accuracy_chart(g));
  const BenchSummary* student = run.find("Step/NVE/64/c-nn-student/cpu/manual_time");
  // The median of 0.12, 0.5 and 0.11, not their mean (0.243).
  ASSERT_DOUBLE_EQ(student->value("force_rmse"), 0.12);
  const double us = student->value("us_per_atom");
  // Panel 0 (force): x ticks first in the document; panel 1 (energy) repeats them.
  const double fx1 = tick_px(svg, "1 µs", "middle", 0), fx10 = tick_px(svg, "10 µs", "middle", 0);
  const double ex1 = tick_px(svg, "1 µs", "middle", 1), ex10 = tick_px(svg, "10 µs", "middle", 1);
  const double f01 = tick_px(svg, "0.1", "end"), f001 = tick_px(svg, "0.01", "end");
  const double e2 = tick_px(svg, "2", "end"), e5 = tick_px(svg, "5", "end");
  std::set<std::string> seen;
  for (const XmlNode* c : svg.find_all("circle")) {
    const std::string t = tip(*c);
    if (t.rfind("Step/NVE/64/c-nn-student/cpu: force RMSE 0.12 eV/Å against c-dunn", 0) == 0) {
      EXPECT_NEAR(c->number("cx"), log_px(us, 1, fx1, 10, fx10), 0.02);
      EXPECT_NEAR(c->number("cy"), log_px(0.12, 0.1, f01, 0.01, f001), 0.02);
      seen.insert("force");
    } else if (t.rfind("Step/NVE/64/c-nn-student/cpu: energy MAE 4.1 meV/atom", 0) == 0) {
      EXPECT_NEAR(c->number("cx"), log_px(us, 1, ex1, 10, ex10), 0.02);
      EXPECT_NEAR(c->number("cy"), log_px(4.1, 2, e2, 5, e5), 0.02);
      seen.insert("energy");
    }
    if (!t.empty()) {
      EXPECT_NE(t.find("10× faster than the teacher"), std::string::npos) << t;
    }
  }
  EXPECT_EQ(seen, (std::set<std::string>{"force", "energy"}));
  // Each student once per panel, labelled with its case name; nothing else has a benchmark tip.
  std::size_t points = 0;
  for (const char* element : {"circle", "rect", "polygon", "path"}) {
    for (const XmlNode* e : svg.find_all(element)) points += tip(*e).rfind("Step/", 0) == 0;
  }
  EXPECT_EQ(points, 4u);
  const std::vector<const XmlNode*> texts = svg.find_all("text");
  for (const char* name : {"c-nn-student", "c-dunn-kim"}) {
    // Beside its point in each panel, and in the legend.
    EXPECT_EQ(std::count_if(texts.begin(), texts.end(),
                            [&](const XmlNode* t) { return t->text == name; }),
              3)
        << name;
  }
}

TEST(AccuracyChart, TheTeacherIsAReferenceNotANumber) {
  const RunSummary run = load("accuracy_run.json");
  const AccuracyGroup g = group_of(accuracy_groups(run), "c-dunn", 64);
  const XmlNode svg = parse_xml(accuracy_chart(g));
  const double x1 = tick_px(svg, "1 µs", "middle"), x10 = tick_px(svg, "10 µs", "middle");
  const double teacher_x = log_px(g.teacher->value("us_per_atom"), 1, x1, 10, x10);
  // A dashed black line at the teacher's speed, from the top of the panel to its x axis.
  std::vector<const XmlNode*> refs;
  for (const XmlNode* l : svg.find_all("line")) {
    if (l->attrs.count("stroke-dasharray") && l->attrs.at("stroke") == "#000000" &&
        l->number("x1") == l->number("x2") && l->number("y2") > l->number("y1") + 100)
      refs.push_back(l);
  }
  ASSERT_EQ(refs.size(), 2u);  // one per panel
  EXPECT_NEAR(refs[0]->number("x1"), teacher_x, 0.02);
  const double bottom = refs[0]->number("y2");
  // Its marker is a triangle centred on that bottom edge, whose tooltip gives its speed and no
  // error figure; the label says what it is.
  std::size_t markers = 0;
  for (const XmlNode* p : svg.find_all("polygon")) {
    const std::string t = tip(*p);
    if (t.rfind("c-dunn (teacher, reference): ", 0) != 0) continue;
    EXPECT_NEAR(y_extent(*p).second, refs[markers]->number("y2") + 5.5, 0.02) << t;
    EXPECT_EQ(t.find("eV/Å"), std::string::npos) << t;
    EXPECT_EQ(t.find("meV/atom"), std::string::npos) << t;
    ++markers;
  }
  EXPECT_EQ(markers, 2u);
  EXPECT_NE(svg.all_text().find("c-dunn (teacher, reference)"), std::string::npos);
  // c-dunn-kim's energy MAE is exactly 0: it also sits on the edge, as itself, not as the teacher.
  bool zero = false;
  for (const XmlNode* r : svg.find_all("rect")) {
    const std::string t = tip(*r);
    if (t.rfind("Step/NVE/64/c-dunn-kim/cpu: energy MAE 0 meV/atom", 0) != 0) continue;
    EXPECT_NEAR(r->number("y") + r->number("height") / 2, bottom, 0.02);
    zero = true;
  }
  EXPECT_TRUE(zero);
}

TEST(AccuracyChart, WithoutATeacherRowThereIsNoReference) {
  const RunSummary run = load("accuracy_run.json");
  const AccuracyGroup g = group_of(accuracy_groups(run), "c-dunn", 256);
  ASSERT_EQ(g.teacher, nullptr);
  const XmlNode svg = parse_xml(accuracy_chart(g));
  EXPECT_NE(svg.all_text().find("c-dunn (teacher) has no row here"), std::string::npos);
  EXPECT_EQ(svg.all_text().find("(teacher, reference)"), std::string::npos);
  for (const XmlNode* l : svg.find_all("line")) EXPECT_NE(l->attrs.at("stroke"), "#000000");
  // Nothing to draw without a speed; and a run without the counters has no group at all.
  AccuracyGroup bare = g;
  BenchSummary no_speed = *g.students.front().student;
  no_speed.medians.erase("us_per_atom");
  bare.students = {{&no_speed}};
  EXPECT_EQ(accuracy_chart(bare), "");
  EXPECT_TRUE(accuracy_groups(load("report_run.json")).empty());
}

TEST(ComparisonChart, RegressionsFirstWithCompareVerdicts) {
  const Comparison c =
      compare_samples(collect_samples({load_benchmark_json(kData / "base.json")}),
                      collect_samples({load_benchmark_json(kData / "slow20.json")}), Policy{});
  const std::vector<const BenchmarkDiff*> order = comparison_order(c);
  ASSERT_FALSE(order.empty());
  EXPECT_TRUE(order.front()->regressed());
  for (std::size_t i = 1; i < order.size(); ++i) {
    EXPECT_FALSE(!order[i - 1]->regressed() && order[i]->regressed()) << "regressions first";
  }
  const XmlNode svg = parse_xml(comparison_chart(c));
  const std::string text = svg.all_text();
  EXPECT_NE(text.find("REGRESSED"), std::string::npos);
  // The first row label is the first benchmark in that order.
  for (const XmlNode* t : svg.find_all("text")) {
    const auto a = t->attrs.find("text-anchor");
    if (a != t->attrs.end() && a->second == "end" && t->text.find('/') != std::string::npos) {
      EXPECT_EQ(t->text, short_label(order.front()->name));
      break;
    }
  }
  // A bar to the right of zero for a slower benchmark.
  const double zero = tick_px(svg, "0", "middle");
  for (const XmlNode* r : svg.find_all("rect")) {
    if (tip(*r).find("REGRESSED") != std::string::npos) {
      EXPECT_NEAR(r->number("x"), zero, 0.02);
    }
  }
}

TEST(ComparisonChart, StatusRowsAreListedNotDrawn) {
  const Comparison c =
      compare_samples(collect_samples({load_benchmark_json(kData / "base.json")}),
                      collect_samples({load_benchmark_json(kData / "errors.json")}), Policy{});
  const XmlNode svg = parse_xml(comparison_chart(c));
  EXPECT_NE(svg.all_text().find("error in NEW"), std::string::npos);
  EXPECT_EQ(comparison_order(c).front()->status, RowStatus::kErrorNew);
  for (const XmlNode* r : svg.find_all("rect")) {
    EXPECT_EQ(tip(*r).find("Step/NVE/256/lj-ar/cpu:"), std::string::npos) << "errors are not bars";
  }
}

}  // namespace
}  // namespace mdb::compare
