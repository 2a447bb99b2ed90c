// The page's chart sections and hotspots, each with a "how to read" paragraph for a reader who
// has not seen docs/REPORT.md.
#include <cmath>

#include "compare/report/hnlq/rows.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_html_parts.hpp"

namespace mdb::compare::html {
namespace {

const char* const kHowScaling =
    "Each line is one case (ensemble, model, backend) measured at several system sizes: what one "
    "atom costs for one MD step, on log–log axes; lower is faster. A flat line is linear scaling "
    "(O(N), what a cell list promises). Falling at small sizes is fixed per-step overhead being "
    "spread over more atoms; rising at large sizes means the cost per atom grows (caches "
    "overflow, or worse than O(N)). Dashed lines are Google Benchmark's complexity fit of each "
    "family; its RMS says how far the points sit from the fit. Hover over a point for its value.";
const char* const kHowPairs =
    "Each bar is one benchmark run with both models at the same size: the first model's median "
    "time divided by the second's, so right of 1× the second is faster. The label is "
    "<code>compare</code>'s verdict on the difference (threshold and U test), the same as "
    "<code>compare --filters FILE A B</code>.";
const char* const kHowBatched =
    "Independent replicas advanced together, spread over the machine's threads. Up is total "
    "throughput (atom-steps per second over all replicas). Ideally it grows in proportion to "
    "the replicas until every hardware thread is busy (dashed), then stays flat; a solid line "
    "below the dashed one is what waiting, memory bandwidth or clock drops cost.";
const char* const kHowLatency =
    "One row per benchmark, time per MD step on a log axis: blue dot the median step, orange "
    "triangle p95 (one step in 20 is slower), red square p99 (one in 100), black cross the "
    "slowest step, green diamond the mean. A tight cluster is steady timing. A p99 far right of "
    "the median means rare slow steps, usually neighbour-list rebuilds; in parallel MD every "
    "rank waits for them. A Batched step advances every replica.";
const char* const kHowHistograms =
    "How step times are distributed, from the per-step samples md_bench wrote "
    "(<code>--md_samples_out</code>). Bins are log-spaced and counts are on a log axis, so a few "
    "slow steps stay visible next to thousands of ordinary ones. Dashed lines: p50, p95, p99. "
    "Two humps usually are ordinary steps and neighbour-rebuild steps.";
const char* const kHowPhases =
    "Where each step's thread time goes, from md_bench's phase timer: the force field (blue), "
    "neighbour-list builds (orange), integration (green) and the rest (grey: thermo output, the "
    "harness, threads waiting). In a healthy MD code the forces take most of it, typically "
    "60–80 %. A large orange share means rebuilds are too frequent or too slow; a large grey "
    "share in Batched rows means threads wait for each other.";
const char* const kHowNn =
    "Inside the NN force fields: the physical baseline (Stillinger–Weber), the atomic "
    "environment descriptors, the networks' forward pass and the backward pass that turns "
    "energies into forces.";
const char* const kHowHotspots =
    "md_report applies fixed rules to each benchmark's counters; every threshold and its reason "
    "is in <code>docs/REPORT.md</code>. <span class=\"bad\">Problems</span> are failures, leaks "
    "and broken energy conservation; <span class=\"warn\">warnings</span> cost time or make the "
    "timing less trustworthy; notes explain what is expected. The table counts each rule over "
    "the run; below it, one block per benchmark names where its time goes and what to try.";

// A family's block: open when it is the first, or when asked.
void open_details(std::ostream& out, const std::string& summary, bool open) {
  out << "<details" << (open ? " open=\"open\"" : "") << "><summary>" << esc(summary)
      << "</summary>\n";
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Per family, the chart `make` draws for its benchmarks (the first family open).
template <class Make>
bool per_family(std::ostream& out, const RunSummary& run, Make make) {
  bool any = false;
  for (const auto& g : group_by_family(run)) {
    const std::string svg = make(g);
    if (svg.empty()) continue;
    open_details(out, g.family + " (" + plural(g.benchmarks.size(), "benchmark") + ")", !any);
    out << svg << "\n</details>\n";
    any = true;
  }
  return any;
}

bool has_latency(const RunSummary& run) {
  for (const auto& b : run.benchmarks) {
    if (!b.error && b.value("p50_us") > 0) return true;
  }
  return false;
}

bool has_phases(const RunSummary& run) {
  for (const auto& b : run.benchmarks) {
    if (!b.error && b.has("frac_force")) return true;
  }
  return false;
}

bool has_histograms(const ReportData& d) {
  if (!d.samples) return false;
  for (const auto& b : d.run.benchmarks) {
    const auto* s = d.samples->find(b.name);
    if (!b.error && s && !s->empty()) return true;
  }
  return false;
}

bool has_pairs(const ReportData& d) {
  for (const auto& p : d.pairs) {
    if (!speedup_chart(p.comparison, p.a, p.b).empty()) return true;
  }
  return false;
}

void hotspot_block(std::ostream& out, const BenchSummary& b, const Hotspots& h) {
  out << "<div class=\"hot " << to_string(h.worst()) << "\"><h4><code>" << esc(short_label(b.name))
      << "</code></h4>";
  if (!h.dominant_phase.empty()) {
    out << "<p>Most time: <b>" << esc(h.dominant_phase) << "</b> ("
        << std::lround(h.dominant_share * 100) << " % of thread time).</p>";
  }
  if (h.findings.empty()) out << "<p>No hotspot rule fired.</p>";
  for (const auto& f : h.findings) {
    out << "<p><span class=\"tag " << to_string(f.severity) << "\">" << esc(f.rule) << "</span>"
        << esc(f.observation) << "<br/><i>Try:</i> " << esc(f.recommendation) << "</p>";
  }
  out << "</div>\n";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> present_sections(const ReportData& d) {
  std::vector<std::pair<std::string, std::string>> s;
  if (d.comparison) s.push_back({"comparison", "Comparison"});
  if (d.history) s.push_back({"history", "History"});
  if (!scaling_chart(d.run).empty()) s.push_back({"scaling", "Scaling"});
  if (has_pairs(d)) s.push_back({"pairs", "Speed-ups"});
  if (!accuracy_groups(d.run).empty()) s.push_back({"accuracy", "Accuracy vs speed"});
  if (!batched_chart(d.run).empty()) s.push_back({"batched", "Batched"});
  if (has_latency(d.run)) s.push_back({"latency", "Step latency"});
  if (has_histograms(d)) s.push_back({"histograms", "Histograms"});
  if (has_phases(d.run)) s.push_back({"phases", "Time per phase"});
  if (has_lattice_rows(d.run)) s.push_back({"lattice", "Lattice quantizers"});
  s.push_back({"hotspots", "Hotspots"});
  if (d.run.errors() > 0) s.push_back({"errors", "Errors"});
  s.push_back({"numbers", "All numbers"});
  return s;
}

void chart_sections(std::ostream& out, const ReportData& d) {
  const RunSummary& run = d.run;
  if (const std::string svg = scaling_chart(run); !svg.empty()) {
    section_head(out, "scaling", "Scaling: cost per atom against system size");
    how(out, kHowScaling);
    out << svg << "\n";
  }
  if (has_pairs(d)) {
    section_head(out, "pairs", "Speed-ups: one model against another");
    how(out, kHowPairs);
    for (const auto& p : d.pairs) {
      const std::string svg = speedup_chart(p.comparison, p.a, p.b);
      if (svg.empty()) continue;
      out << "<h3><code>" << esc(p.b) << "</code> against <code>" << esc(p.a) << "</code></h3>\n"
          << svg << "\n";
    }
  }
  accuracy_section(out, run);
  if (const std::string svg = batched_chart(run); !svg.empty()) {
    section_head(out, "batched", "Batched MD: throughput against replicas");
    how(out, kHowBatched);
    out << svg << "\n";
  }
  if (has_latency(run)) {
    section_head(out, "latency", "Step latency: median, tail and slowest step");
    how(out, kHowLatency);
    per_family(out, run, [](const FamilyGroup& g) {
      return latency_chart(g.benchmarks, g.family + ": step latency percentiles");
    });
    if (!d.samples) {
      out << "<p class=\"sub\">Histograms of every step need the samples: run md_bench with "
             "<code>--md_samples_out=samples.json</code> and pass <code>--samples "
             "samples.json</code> to md_report.</p>\n";
    }
  }
  if (has_histograms(d)) {
    section_head(out, "histograms", "Step-time histograms");
    how(out, kHowHistograms);
    per_family(out, run, [&](const FamilyGroup& g) {
      std::string grid;
      for (const BenchSummary* b : g.benchmarks) {
        const auto* s = d.samples->find(b->name);
        if (b->error || !s) continue;
        grid += histogram_chart(b->name, *s, b);
      }
      return grid.empty() ? grid : "<div class=\"grid\">" + grid + "</div>";
    });
  }
  if (has_phases(run)) {
    section_head(out, "phases", "Time per phase");
    how(out, kHowPhases);
    per_family(out, run, [](const FamilyGroup& g) {
      return phase_chart(g.benchmarks, g.family + ": share of thread time per phase");
    });
    std::vector<const BenchSummary*> all;
    for (const auto& b : run.benchmarks) all.push_back(&b);
    if (const std::string svg = nn_stage_chart(all); !svg.empty()) {
      out << "<h3>NN force-field stages</h3>\n";
      how(out, kHowNn);
      out << svg << "\n";
    }
  }
}

void hotspot_section(std::ostream& out, const RunSummary& run) {
  const RunNoise noise = run_noise(run.benchmarks);  // one floor for every rule and row
  section_head(out, "hotspots", "Hotspots and recommendations");
  how(out, kHowHotspots);
  const std::vector<RuleTally> tallies = tally_findings(run);
  if (tallies.empty()) {
    out << "<p class=\"ok\">No rule fired on any benchmark.</p>\n";
  } else {
    out << "<table><tr><th>Rule</th><th>Severity</th><th>Benchmarks</th><th>Example</th>"
           "</tr>\n";
    for (const auto& t : tallies) {
      out << "<tr><td><code>" << esc(t.rule) << "</code></td><td><span class=\"tag "
          << to_string(t.severity) << "\">" << to_string(t.severity)
          << "</span></td><td class=\"n\">" << t.benchmarks.size()
          << (t.milder > 0 ? " (+" + std::to_string(t.milder) + " info)" : "") << "</td><td><code>"
          << esc(short_label(t.example_benchmark)) << "</code>: " << esc(t.example)
          << "</td></tr>\n";
    }
    out << "</table>\n";
  }
  for (const auto& g : group_by_family(run)) {
    std::vector<std::pair<const BenchSummary*, Hotspots>> blocks;
    std::size_t flagged = 0;
    bool problem = false;
    for (const BenchSummary* b : g.benchmarks) {
      blocks.emplace_back(b, find_hotspots(*b, noise));
      flagged += blocks.back().second.worst() >= Severity::kWarning ? 1 : 0;
      problem = problem || blocks.back().second.worst() == Severity::kProblem;
    }
    open_details(out,
                 g.family + ": " + plural(g.benchmarks.size(), "benchmark") + ", " +
                     std::to_string(flagged) + " with warnings or problems",
                 problem);
    for (const auto& [b, h] : blocks) hotspot_block(out, *b, h);
    out << "</details>\n";
  }
}

}  // namespace mdb::compare::html
