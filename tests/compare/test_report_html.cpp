#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/report/hotspots.hpp"
#include "compare/report/report_data.hpp"
#include "compare/report/report_page.hpp"
#include "compare/report/run_summary.hpp"
#include "tests/compare/compare_test_data.hpp"
#include "xml_check.hpp"

namespace mdb::compare {
namespace {

using testing::parse_xml;
using testing::XmlNode;

std::string data(const char* file) {
  return (kData / file).string();
}

std::string html_of(const ReportRequest& r) {
  std::ostringstream out;
  write_report_html(out, build_report_data(r));
  return out.str();
}

std::string md_of(const ReportRequest& r) {
  std::ostringstream out;
  write_report_markdown(out, build_report_data(r));
  return out.str();
}

std::set<std::string> section_ids(const XmlNode& page) {
  std::set<std::string> ids;
  for (const XmlNode* h : page.find_all("h2")) ids.insert(h->attrs.at("id"));
  return ids;
}

// Every "http" in the page is the SVG namespace name, which browsers never fetch.
void expect_self_contained(const std::string& html) {
  EXPECT_FALSE(has(html, "<script"));
  EXPECT_FALSE(has(html, " src="));
  EXPECT_FALSE(has(html, "<link"));
  EXPECT_FALSE(has(html, "@import"));
  EXPECT_FALSE(has(html, "url("));
  std::size_t http = 0, xmlns = 0;
  for (auto p = html.find("http"); p != std::string::npos; p = html.find("http", p + 1)) ++http;
  const std::string ns = "xmlns=\"http://www.w3.org/2000/svg\"";
  for (auto p = html.find(ns); p != std::string::npos; p = html.find(ns, p + 1)) ++xmlns;
  EXPECT_EQ(http, xmlns);
}

TEST(ReportHtml, SingleRunPageIsWellFormedAndSelfContained) {
  ReportRequest r;
  r.new_files = {data("report_run.json")};
  r.samples_file = data("report_samples.json");
  const std::string html = html_of(r);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  const XmlNode page = parse_xml(html);  // throws on anything not well-formed
  EXPECT_EQ(page.name, "html");
  expect_self_contained(html);
  EXPECT_EQ(section_ids(page),
            (std::set<std::string>{"scaling", "pairs", "batched", "latency", "histograms", "phases",
                                   "hotspots", "numbers"}));
  // Every navigation link has its target, and every chart is an inline <svg>.
  const auto ids = section_ids(page);
  for (const XmlNode* a : page.find_all("a")) {
    const std::string href = a->attrs.at("href");
    ASSERT_EQ(href[0], '#') << href;
    EXPECT_TRUE(ids.count(href.substr(1))) << href;
  }
  const auto svgs = page.find_all("svg");
  EXPECT_GE(svgs.size(), 19u + 5);  // a histogram per benchmark plus the big charts
  for (const XmlNode* s : svgs) EXPECT_GT(s->number("width"), 0);
  EXPECT_TRUE(has(html, "How") || has(html, "class=\"how\""));
  EXPECT_TRUE(has(html, "<code>nn-student</code> is "));  // the glance names the speed-up
}

TEST(ReportHtml, ComparisonSectionUsesComparesVerdict) {
  ReportRequest r;
  r.old_files = {data("base.json")};
  r.new_files = {data("slow20.json")};
  const ReportData d = build_report_data(r);
  ASSERT_TRUE(d.comparison.has_value());
  EXPECT_TRUE(d.comparison->failed);
  std::ostringstream out;
  write_report_html(out, d);
  const XmlNode page = parse_xml(out.str());
  EXPECT_EQ(page.find_all("h2").front()->attrs.at("id"), "comparison");
  EXPECT_TRUE(has(page.all_text(), summary_line(*d.comparison)));
  EXPECT_TRUE(has(page.all_text(), "REGRESSED"));
  // No histograms were asked for, and the page says how to get them.
  EXPECT_FALSE(section_ids(page).count("histograms"));
  EXPECT_TRUE(has(page.all_text(), "--md_samples_out"));
}

TEST(ReportHtml, ErrorRunsAreListedNotPlotted) {
  ReportRequest r;
  r.new_files = {data("errors.json")};
  const std::string html = html_of(r);
  const XmlNode page = parse_xml(html);
  EXPECT_TRUE(section_ids(page).count("errors"));
  bool listed = false;
  for (const XmlNode* td : page.find_all("td")) {
    listed =
        listed || (has(td->all_text(), "Step/NVE/256/lj-ar/cpu") && td->attrs.count("class") == 0);
  }
  EXPECT_TRUE(listed);
  for (const XmlNode* svg : page.find_all("svg")) {
    for (const XmlNode* t : svg->find_all("title")) {
      EXPECT_FALSE(has(t->text, "Step/NVE/256/lj-ar/cpu:")) << t->text;
    }
  }
}

TEST(ReportHtml, RunWhereEverythingFailed) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("mdb_report_failed_" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << R"({"context": {}, "benchmarks": [
      {"name": "Step/NVE/64/lj-ar/cpu/manual_time", "run_type": "iteration",
       "error_occurred": true, "error_message": "force check failed: <F_x> & more"}]})";
  ReportRequest r;
  r.new_files = {path.string()};
  const std::string html = html_of(r);
  std::filesystem::remove(path);
  const XmlNode page = parse_xml(html);
  EXPECT_EQ(section_ids(page), (std::set<std::string>{"hotspots", "errors", "numbers"}));
  EXPECT_TRUE(has(page.all_text(), "force check failed: <F_x> & more"));
  EXPECT_TRUE(page.find_all("svg").empty());
}

TEST(ReportHtml, OtherProgramsJsonStillGetsAPage) {
  ReportRequest r;
  r.new_files = {data("iterations.json")};
  const XmlNode page = parse_xml(html_of(r));
  EXPECT_TRUE(section_ids(page).count("numbers"));
  EXPECT_FALSE(section_ids(page).count("scaling"));
}

// The accuracy section: charts and the table of students against teachers (accuracy_run.json).
TEST(ReportHtml, AccuracySectionAndTable) {
  ReportRequest r;
  r.new_files = {data("accuracy_run.json")};
  const std::string html = html_of(r);
  const XmlNode page = parse_xml(html);
  expect_self_contained(html);
  EXPECT_TRUE(section_ids(page).count("accuracy"));
  // Three charts (two teachers at 64 atoms, c-dunn at 256), each with an accessible name.
  std::size_t charts = 0;
  for (const XmlNode* svg : page.find_all("svg")) {
    for (const auto& c : svg->children)
      charts += c.name == "title" && c.text.rfind("Accuracy against speed", 0) == 0;
  }
  EXPECT_EQ(charts, 3u);
  // The table: one row per student; speed-up is the teacher's time over the student's.
  std::map<std::string, std::vector<std::string>> rows;  // "size student" -> cells
  for (const XmlNode* tr : page.find_all("tr")) {
    std::vector<std::string> cells;
    for (const auto& td : tr->children) cells.push_back(td.all_text());
    if (cells.size() == 8 && tr->children.front().name == "td")
      rows[cells[0] + " " + cells[1]] = cells;
  }
  ASSERT_EQ(rows.size(), 4u);
  const auto& c = rows.at("Step NVE, 64 atoms, cpu c-nn-student");
  EXPECT_EQ(c[2], "c-dunn");
  EXPECT_EQ(c[3], "1.000 us");  // student
  EXPECT_EQ(c[4], "10.00 us");  // teacher
  EXPECT_EQ(c[5], "10×");       // 10 us / 1 us
  EXPECT_EQ(c[6], "4.1");       // energy MAE, meV/atom
  EXPECT_EQ(c[7], "0.12");      // force RMSE, eV/Å: the median
  EXPECT_EQ(rows.at("Step NVE, 64 atoms, cpu c-dunn-kim")[5], "0.5×");
  const auto& lone = rows.at("Step NVE, 256 atoms, cpu c-nn-student");
  EXPECT_EQ(lone[4], "");  // c-dunn did not run at 256 atoms: no time, no speed-up
  EXPECT_EQ(lone[5], "");

  const std::string md = md_of(r);
  EXPECT_TRUE(has(md, "#### Students against their teachers"));
  EXPECT_TRUE(has(md,
                  "| Step NVE, 64 atoms, cpu | `c-nn-student` | `c-dunn` | 1.000 us | "
                  "10.00 us | 10x | 4.1 | 0.12 |"))
      << md;
}

TEST(ReportHtml, NoAccuracyCountersNoAccuracySection) {
  ReportRequest r;
  r.new_files = {data("report_run.json")};
  EXPECT_FALSE(section_ids(parse_xml(html_of(r))).count("accuracy"));
  EXPECT_FALSE(has(md_of(r), "Students against their teachers"));
}

// A malformed mdbench_teachers is md_bench's bug: the report is still written, the bad entries
// are left out and named in one note, and students left without a teacher are drawn alone.
TEST(ReportHtml, MalformedTeachersAreANoteNotAFailure) {
  nlohmann::json doc = nlohmann::json::parse(read_text_file(data("accuracy_run.json")));
  doc["context"]["mdbench_teachers"] = "c-nn-student:,si-nn-student,c-dunn-kim:c-dunn,:x";
  const auto path = std::filesystem::temp_directory_path() /
                    ("mdb_report_teachers_" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << doc.dump();
  ReportRequest r;
  r.new_files = {path.string()};
  const ReportData d = build_report_data(r);
  std::ostringstream html, md;
  write_report_html(html, d);
  write_report_markdown(md, d);
  std::filesystem::remove(path);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0],
            "mdbench_teachers: left out \"c-nn-student:\", \"si-nn-student\", \":x\" (each entry "
            "is student:teacher, two different case names, one teacher per student)");
  const XmlNode page = parse_xml(html.str());
  EXPECT_TRUE(has(page.all_text(), d.notes[0]));
  EXPECT_TRUE(has(md.str(), "> " + d.notes[0]));
  EXPECT_TRUE(has(page.all_text(), "c-dunn (teacher, reference)"));  // the good entry
  EXPECT_TRUE(has(page.all_text(), "No teacher named in the run's context"));
}

// step-cv is a note where rebuilds explain the spread and a warning where they do not: the
// tally shows the warning, with an example that is one.
TEST(ReportTally, KeepsTheWorstSeverityAndItsExample) {
  RunSummary run;
  for (const double neigh : {0.3, 0.01}) {
    BenchSummary b;
    b.name = "Step/NVE/" + std::to_string(neigh > 0.1 ? 64 : 128) + "/lj-ar/cpu/manual_time";
    b.parts = parse_bench_name(b.name);
    b.medians = {{"cv", 0.5}, {"frac_neigh", neigh}};
    run.benchmarks.push_back(b);
  }
  const std::vector<RuleTally> t = tally_findings(run);
  const auto cv =
      std::find_if(t.begin(), t.end(), [](const RuleTally& r) { return r.rule == "step-cv"; });
  ASSERT_NE(cv, t.end());
  EXPECT_EQ(cv->severity, Severity::kWarning);
  EXPECT_EQ(cv->benchmarks.size(), 1u);  // the warning; the note counts apart
  EXPECT_EQ(cv->milder, 1u);
  EXPECT_EQ(cv->example_benchmark, "Step/NVE/128/lj-ar/cpu/manual_time");
  EXPECT_TRUE(has(cv->example, "no neighbour rebuilds")) << cv->example;
}

// The rules' calibration: a healthy run of this machine (report_run.json: 19 benchmarks of
// md_bench: Step, Trajectory, Scaling and Batched of LJ and the NN teacher and student) shows few
// warnings and no problem, and the same run with problems planted in it shows each of them, at its
// severity, on the benchmark it was planted in.
struct Flagged {
  std::set<std::string> warnings, problems;  // "rule benchmark"
};

Flagged flagged(const RunSummary& run) {
  Flagged f;
  for (const auto& b : run.benchmarks) {
    for (const auto& x : find_hotspots(b).findings) {
      const std::string key = x.rule + " " + short_label(b.name);
      if (x.severity == Severity::kWarning) f.warnings.insert(key);
      if (x.severity == Severity::kProblem) f.problems.insert(key);
    }
  }
  return f;
}

TEST(HotspotCalibration, AHealthyRunIsQuietAndPlantedProblemsAreFound) {
  const BenchmarkFile healthy_file = load_benchmark_json(data("report_run.json"));
  const Flagged healthy = flagged(summarize_run({healthy_file}));
  EXPECT_TRUE(healthy.problems.empty()) << *healthy.problems.begin();
  // Two real ones: a Scaling size whose repetitions disagree by 7 %, and Batched teacher replicas
  // waiting for each other (48 % outside the phases).
  EXPECT_LE(healthy.warnings.size(), 3u);

  nlohmann::json doc = nlohmann::json::parse(read_text_file(data("report_run.json")));
  const auto plant = [&](const std::string& label, const char* metric, double value) {
    bool found = false;
    for (auto& row : doc["benchmarks"]) {
      if (row["name"].get<std::string>().rfind(label + "/manual_time", 0) == 0) {
        row[metric] = value;
        found = true;
      }
    }
    ASSERT_TRUE(found) << label;
  };
  plant("Batched/NVE/64/lj-ar/cpu/replicas:2", "mem_delta_MB", 40);  // a leak
  plant("Trajectory/NVE/64/lj-ar/cpu", "energy_drift", 2.0);         // broken physics
  plant("Step/NVE/64/si-nn-student/cpu", "allocs_per_step", 3);      // allocating in the step
  plant("Step/NVE/64/si-nn-teacher/cpu", "cv", 0.6);                 // steps spread in the body,
  plant("Step/NVE/64/si-nn-teacher/cpu", "p95_us", 2.5e3);           // not only in a tail
  const Flagged planted = flagged(summarize_run({read_benchmark_json(doc.dump())}));
  EXPECT_EQ(planted.problems,
            (std::set<std::string>{"mem-growth Batched/NVE/64/lj-ar/cpu/replicas:2",
                                   "energy-drift Trajectory/NVE/64/lj-ar/cpu"}));
  std::set<std::string> new_warnings;
  std::set_difference(planted.warnings.begin(), planted.warnings.end(), healthy.warnings.begin(),
                      healthy.warnings.end(), std::inserter(new_warnings, new_warnings.end()));
  EXPECT_EQ(new_warnings, (std::set<std::string>{"allocs Step/NVE/64/si-nn-student/cpu",
                                                 "step-cv Step/NVE/64/si-nn-teacher/cpu",
                                                 "p95-tail Step/NVE/64/si-nn-teacher/cpu"}));
}

TEST(ReportMarkdown, SummaryForTheJobPage) {
  ReportRequest r;
  r.new_files = {data("report_run.json")};
  const std::string md = md_of(r);
  EXPECT_EQ(md.rfind("### mdbench report: 19 benchmark(s)", 0), 0u) << md.substr(0, 80);
  EXPECT_TRUE(has(md, "| `Step/NVE/64/lj-ar/cpu` |"));
  // lj-ar's rebuild spikes are what a Verlet list costs: a note on its page, not a warning here.
  EXPECT_FALSE(has(md, "`p99-tail`"));
  EXPECT_TRUE(has(md, "`repetition-cv`"));
  EXPECT_TRUE(has(md, "`nn-student` against `nn-teacher`"));
  EXPECT_FALSE(has(md, "<svg"));
  EXPECT_FALSE(has(md, "Compared with OLD"));
}

TEST(ReportMarkdown, ComparisonRegressionsFirst) {
  ReportRequest r;
  r.old_files = {data("base.json")};
  r.new_files = {data("slow20.json")};
  const std::string md = md_of(r);
  const auto section = md.find("#### Compared with OLD");
  ASSERT_NE(section, std::string::npos);
  EXPECT_TRUE(has(md, ":x: REGRESSION:"));
  const auto first_row = md.find("| `", md.find("|---|", section));
  EXPECT_TRUE(has(md.substr(first_row, md.find('\n', first_row) - first_row), "**REGRESSED"));
}

}  // namespace
}  // namespace mdb::compare
