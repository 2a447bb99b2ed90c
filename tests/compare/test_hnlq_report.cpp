// md_report on lattice_bench's JSON: names parsed, series and speed-ups formed from medians, the
// charts drawn where their axes say, and the page and Markdown summary carry the section.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

#include "compare/diff/gbench_json.hpp"
#include "compare/report/hnlq/rows.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_page.hpp"
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

TEST(LatticeName, ParsesEveryPart) {
  const LatticeName n = parse_lattice_name("Quantize/RoundTrip/E8/q16/M3/10000/cuda/manual_time");
  ASSERT_TRUE(n.valid);
  EXPECT_EQ(n.op, "RoundTrip");
  EXPECT_EQ(n.lattice, "E8");
  EXPECT_EQ(n.q, 16);
  EXPECT_EQ(n.levels, 3);
  EXPECT_EQ(n.batch, 10000);
  EXPECT_EQ(n.impl, "cuda");
  EXPECT_EQ(n.label, "Quantize/RoundTrip/E8/q16/M3/10000/cuda");
  EXPECT_EQ(n.config, "RoundTrip E8 q16 M3");
  EXPECT_EQ(n.series, "RoundTrip E8 q16 M3 cuda");
  const LatticeName cpu = parse_lattice_name("Quantize/Encode/D4/q4/M2/1/cpu");
  ASSERT_TRUE(cpu.valid);
  EXPECT_EQ(cpu.batch, 1);
  EXPECT_EQ(cpu.impl, "cpu");
}

TEST(LatticeName, RejectsOtherNames) {
  for (const char* name :
       {"Step/NVE/64/lj-ar/cpu/manual_time", "Quantize/Encode/D4/q4/M2/1",
        "Quantize/Encode/D4/4/M2/1/cpu", "Quantize/Encode/D4/q4/2/1/cpu",
        "Quantize/Encode/D4/q0/M2/1/cpu", "Quantize/Encode/D4/q4/M2/0/cpu",
        "Quantize/Encode/D4/q4/M2/1e3/cpu", "Quantize/Encode/D4/q4/M2/100/cpu/extra",
        "Quantize//D4/q4/M2/100/cpu", "Quantise/Encode/D4/q4/M2/100/cpu", "BM_Foo", ""}) {
    const LatticeName n = parse_lattice_name(name);
    EXPECT_FALSE(n.valid) << name;
    EXPECT_TRUE(n.op.empty()) << name;
  }
}

TEST(LatticeRows, RealFileGivesEverySeries) {
  const RunSummary run = load("hnlq_run.json");
  ASSERT_EQ(run.benchmarks.size(), 54u);
  for (const auto& b : run.benchmarks) EXPECT_TRUE(parse_lattice_name(b.name).valid) << b.name;
  EXPECT_EQ(lattice_ops(run), (std::vector<std::string>{"Encode", "Decode", "RoundTrip"}));
  const auto series = lattice_series(run);
  ASSERT_EQ(series.size(), 18u);  // 3 ops x 3 lattices x (reference, cpu)
  for (const auto& s : series) {
    ASSERT_EQ(s.points.size(), 3u) << s.name.series;
    EXPECT_EQ(s.points[0].batch, 1);
    EXPECT_EQ(s.points[1].batch, 100);
    EXPECT_EQ(s.points[2].batch, 10000);
  }
  // lattice_bench's rows are a family of their own on the page.
  const auto groups = group_by_family(run);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups.front().family, "Quantize");
}

TEST(LatticeRows, SpeedupIsTheReferenceTimeOverTheImplementations) {
  const RunSummary run = load("hnlq_run.json");
  const auto speedups = lattice_speedups(run);
  ASSERT_EQ(speedups.size(), 27u);  // every cpu row has its reference
  for (const auto& s : speedups) {
    const LatticeName ref = parse_lattice_name(s.reference->name);
    const LatticeName opt = parse_lattice_name(s.optimised->name);
    EXPECT_EQ(ref.impl, "reference");
    EXPECT_EQ(opt.impl, "cpu");
    EXPECT_EQ(ref.config, opt.config);
    EXPECT_EQ(ref.batch, opt.batch);
    EXPECT_DOUBLE_EQ(s.speedup, s.reference->value("real_time") / s.optimised->value("real_time"));
  }
  const LatticeSpeedupTable t = lattice_speedup_table(run);
  EXPECT_EQ(t.impls, (std::vector<std::string>{"cpu"}));
  ASSERT_EQ(t.rows.size(), 27u);
  EXPECT_EQ(t.rows[0].config, "Encode Z2 q4 M2");
  EXPECT_EQ(t.rows[0].batch, 1);
  EXPECT_EQ(t.rows[2].batch, 10000);
}

BenchSummary summary(const std::string& name, double real_time_ns, double vectors_per_s = 0) {
  BenchSummary b;
  b.name = name;
  b.medians["real_time"] = real_time_ns;
  if (vectors_per_s > 0) b.medians["vectors_per_s"] = vectors_per_s;
  return b;
}

TEST(LatticeRows, TableHasAColumnPerImplementationAndLeavesGaps) {
  RunSummary run;
  run.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/100/reference", 800));
  run.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/100/cpu", 200));
  run.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/1000/reference", 8000));
  run.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/1000/cuda/manual_time", 1000));
  run.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/1000/cpu", 1600));
  // No reference at this batch: no speed-up either.
  run.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/5000/cpu", 1e4));
  BenchSummary failed = summary("Quantize/Encode/D4/q4/M2/5000/reference", 1e4);
  failed.error = true;
  run.benchmarks.push_back(failed);
  const LatticeSpeedupTable t = lattice_speedup_table(run);
  EXPECT_EQ(t.impls, (std::vector<std::string>{"cpu", "cuda"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0].batch, 100);
  EXPECT_DOUBLE_EQ(t.rows[0].speedup[0], 4);
  EXPECT_TRUE(std::isnan(t.rows[0].speedup[1]));
  EXPECT_EQ(t.rows[1].batch, 1000);
  EXPECT_DOUBLE_EQ(t.rows[1].speedup[0], 5);
  EXPECT_DOUBLE_EQ(t.rows[1].speedup[1], 8);
  EXPECT_EQ(speedup_number(0.7453), "0.745");
  EXPECT_EQ(speedup_number(12.34), "12.3");
}

TEST(LatticeCharts, ThroughputPointsSitWhereTheAxesSay) {
  const RunSummary run = load("hnlq_run.json");
  const XmlNode svg = parse_xml(lattice_throughput_chart(run, "Encode"));
  const double x1 = tick_px(svg, "1", "middle"), x100 = tick_px(svg, "100", "middle");
  const double y10M = tick_px(svg, "10M", "end"), y100M = tick_px(svg, "100M", "end");
  int checked = 0;
  for (const XmlNode* c : svg.find_all("circle")) {  // the reference's markers
    const std::string t = tip(*c);
    if (t.empty()) continue;  // legend
    const BenchSummary* b = run.find(t.substr(0, t.find(':')));
    ASSERT_NE(b, nullptr) << t;
    const LatticeName n = parse_lattice_name(b->name);
    EXPECT_EQ(n.op, "Encode");
    EXPECT_EQ(n.impl, "reference");
    EXPECT_NEAR(c->number("cx"), log_px(static_cast<double>(n.batch), 1, x1, 100, x100), 0.02);
    EXPECT_NEAR(c->number("cy"), log_px(b->value("vectors_per_s"), 1e7, y10M, 1e8, y100M), 0.02);
    ++checked;
  }
  EXPECT_EQ(checked, 9);  // 3 lattices x 3 batches
  std::size_t cpu_markers = 0;
  for (const XmlNode* r : svg.find_all("rect")) cpu_markers += tip(*r).empty() ? 0 : 1;
  EXPECT_EQ(cpu_markers, 9u);
  for (const char* label : {"Z2 q4 M2 reference", "D4 q4 M2 cpu", "E8 q4 M2 cpu"})
    EXPECT_TRUE(has(svg.all_text(), label)) << label;
  EXPECT_FALSE(has(svg.all_text(), "Decode"));
}

TEST(LatticeCharts, SpeedupBarsAgainstTheOneTimesLine) {
  const RunSummary run = load("hnlq_run.json");
  const XmlNode svg = parse_xml(lattice_speedup_chart(run, "Decode"));
  const double y1 = tick_px(svg, "1×", "end"), y2 = tick_px(svg, "2×", "end");
  bool unity = false;
  for (const XmlNode* l : svg.find_all("line")) {
    unity = unity || (std::abs(l->number("y1") - y1) < 0.02 &&
                      std::abs(l->number("y2") - y1) < 0.02 && l->attrs.at("stroke") == "#333");
  }
  EXPECT_TRUE(unity);
  int checked = 0;
  for (const auto& s : lattice_speedups(run)) {
    if (s.name.op != "Decode") continue;
    for (const XmlNode* r : svg.find_all("rect")) {
      const std::string t = tip(*r);
      if (t.rfind(short_label(s.optimised->name) + ":", 0) != 0) continue;
      const double cy = r->number("y") + r->number("height") / 2;
      EXPECT_NEAR(cy, log_px(s.speedup, 1, y1, 2, y2), 0.02) << t;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 9);
}

TEST(LatticeCharts, NothingToDrawGivesNoChart) {
  const RunSummary md = load("report_run.json");
  EXPECT_TRUE(lattice_throughput_chart(md, "Encode").empty());
  EXPECT_TRUE(lattice_speedup_chart(md, "Encode").empty());
  EXPECT_FALSE(has_lattice_rows(md));
  const RunSummary lq = load("hnlq_run.json");
  EXPECT_TRUE(lattice_throughput_chart(lq, "Transcode").empty());
  // Reference rows only: throughput, but no speed-up.
  RunSummary ref;
  ref.benchmarks.push_back(summary("Quantize/Encode/D4/q4/M2/100/reference", 800, 1.25e8));
  EXPECT_FALSE(lattice_throughput_chart(ref, "Encode").empty());
  EXPECT_TRUE(lattice_speedup_chart(ref, "Encode").empty());
}

ReportData lattice_data() {
  ReportData d;
  d.run = load("hnlq_run.json");
  d.new_sources = {"hnlq_run.json"};
  return d;
}

TEST(LatticePage, SectionIsWellFormedAndLinked) {
  std::ostringstream out;
  write_report_html(out, lattice_data());
  const std::string html = out.str();
  const XmlNode page = parse_xml(html);
  std::set<std::string> ids;
  for (const XmlNode* h : page.find_all("h2")) ids.insert(h->attrs.at("id"));
  EXPECT_TRUE(ids.count("lattice"));
  // md_bench's charts have nothing to show here.
  EXPECT_FALSE(ids.count("scaling"));
  EXPECT_FALSE(ids.count("phases"));
  bool linked = false;
  for (const XmlNode* a : page.find_all("a")) linked = linked || a->attrs.at("href") == "#lattice";
  EXPECT_TRUE(linked);
  // Three throughput and three speed-up charts, and a findings table.
  std::size_t lattice_charts = 0;
  for (const XmlNode* svg : page.find_all("svg")) {
    for (const auto& c : svg->children) {
      if (c.name == "title" && c.text.rfind("Quantize ", 0) == 0) ++lattice_charts;
    }
  }
  EXPECT_EQ(lattice_charts, 6u);
  EXPECT_TRUE(has(page.all_text(), "lattice-target"));
  EXPECT_TRUE(has(page.all_text(), "Speed-up table (27 rows)"));
  EXPECT_FALSE(has(html, "<script"));
}

// A cuda row's kernel bandwidth and its share of the DRAM peak are in the rows table, each row
// as wide as the header.
TEST(LatticePage, RowsTableShowsTheKernelsBandwidth) {
  ReportData d = lattice_data();
  BenchSummary gpu = summary("Quantize/Encode/D4/q4/M2/10000000/cuda/manual_time", 2e5, 5e10);
  gpu.medians["kernel_GB_per_s"] = 1234.5;
  gpu.medians["peak_bandwidth_frac"] = 0.375;
  d.run.benchmarks.push_back(gpu);
  std::ostringstream out;
  write_report_html(out, d);
  const XmlNode page = parse_xml(out.str());
  const XmlNode* table = nullptr;
  for (const XmlNode* t : page.find_all("table")) {
    for (const XmlNode* th : t->find_all("th")) {
      if (th->all_text() == "of DRAM peak") table = t;
    }
  }
  ASSERT_NE(table, nullptr);
  const std::size_t columns = table->find_all("th").size();
  bool found = false;
  for (const XmlNode* tr : table->find_all("tr")) {
    const auto cells = tr->find_all("td");
    if (cells.empty()) continue;
    EXPECT_EQ(cells.size(), columns) << tr->all_text();
    if (!has(cells.front()->all_text(), "10000000")) continue;
    found = true;
    EXPECT_EQ(cells[columns - 2]->all_text(), "1234");
    EXPECT_EQ(cells[columns - 1]->all_text(), "0.375");
  }
  EXPECT_TRUE(found);
}

TEST(LatticePage, MdBenchPageHasNoLatticeSection) {
  ReportData d;
  d.run = load("report_run.json");
  std::ostringstream html, md;
  write_report_html(html, d);
  write_report_markdown(md, d);
  EXPECT_FALSE(has(html.str(), "id=\"lattice\""));
  EXPECT_FALSE(has(md.str(), "Lattice quantizers"));
}

TEST(LatticeMarkdown, FindingsAndSpeedupTable) {
  ReportData d = lattice_data();
  // A transfer-bound cuda row and its reference, so a warning is there to list.
  BenchSummary ref = summary("Quantize/Encode/D4/q4/M2/100000/reference", 8e6, 1.25e7);
  BenchSummary gpu = summary("Quantize/Encode/D4/q4/M2/100000/cuda/manual_time", 2e5, 5e8);
  gpu.medians["transfer_us"] = 150;
  gpu.medians["kernel_us"] = 20;
  d.run.benchmarks.push_back(ref);
  d.run.benchmarks.push_back(gpu);
  std::ostringstream out;
  write_report_markdown(out, d);
  const std::string md = out.str();
  EXPECT_TRUE(has(md, "#### Lattice quantizers")) << md;
  EXPECT_TRUE(has(md, "- **warning** `lattice-transfer-bound` Encode D4 q4 M2 cuda: ")) << md;
  EXPECT_TRUE(has(md, "| Operation, lattice, q, M | batch | reference ns/vector | cpu | cuda |"));
  // 27 speed-ups of the fixture plus the cuda row's batch (40x there).
  EXPECT_TRUE(has(md, "| Encode D4 q4 M2 | 100000 |")) << md;
  EXPECT_TRUE(has(md, " | 40x |")) << md;
  std::size_t table_rows = 0;
  for (auto p = md.find("\n| Encode "); p != std::string::npos; p = md.find("\n| Encode ", p + 1))
    ++table_rows;
  for (auto p = md.find("\n| Decode "); p != std::string::npos; p = md.find("\n| Decode ", p + 1))
    ++table_rows;
  for (auto p = md.find("\n| RoundTrip "); p != std::string::npos;
       p = md.find("\n| RoundTrip ", p + 1))
    ++table_rows;
  EXPECT_EQ(table_rows, 28u);
  // The md_bench table is left out when every row is lattice_bench's; the lattice rows have theirs.
  EXPECT_FALSE(has(md, "time/atom-step"));
  EXPECT_TRUE(has(md, "Every lattice row"));
}

}  // namespace
}  // namespace mdb::compare
