// The page's lattice_bench section: throughput and speed-up charts per operation, the speed-up
// table, the lattice findings and every lattice row's numbers.
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/hnlq/findings.hpp"
#include "compare/report/hnlq/rows.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_html_parts.hpp"

namespace mdb::compare::html {
namespace {

const char* const kHowLattice =
    "Rows of <code>lattice_bench</code>: hierarchical nested-lattice quantization on Z2, D4 and "
    "E8 (<code>docs/LATTICE.md</code>). One call encodes, decodes or round-trips a whole batch "
    "of vectors; the reference is the plain scalar loop, <code>cpu</code> the batched SIMD "
    "loops, <code>cuda</code> the GPU including its copies. Numbers are medians over "
    "repetitions.";
const char* const kHowThroughput =
    "Vectors per second against the batch, log–log; higher is faster. Colour is the lattice "
    "with its q and M, the marker and dash the implementation (circle and dashed: reference; "
    "square: cpu; triangle and dotted: cuda). A batched path rises while fixed costs per call "
    "are amortised and flattens where the machine's compute or memory sets the pace; a drop at "
    "large batches means the data left the caches.";
const char* const kHowSpeedup =
    "Each implementation's median time per call divided into the reference's, at the same batch "
    "in the same run: above the 1× line it is faster. Below 1× at small batches is the cost of "
    "batching (tiles, a kernel launch, copies); the findings name the batch from which it pays.";
const char* const kHowFindings =
    "Rules over whole series (every threshold and its reason is in <code>docs/REPORT.md</code>): "
    "speed-ups below 1×, copies that outlast the kernel, throughput that stops growing with the "
    "batch, vectors left overloaded, and Coset's targets for D4, q = 4, M = 2.";

std::string cell(const BenchSummary& b, const char* metric, const std::string& unit) {
  return b.has(metric) ? format_value(b.value(metric), unit) : "";
}

void findings_table(std::ostream& out, const RunSummary& run) {
  const std::vector<LatticeFinding> findings = find_lattice_findings(run);
  out << "<h3 id=\"lattice-findings\">Findings</h3>\n";
  how(out, kHowFindings);
  if (findings.empty()) {
    out << "<p class=\"ok\">No lattice rule fired.</p>\n";
    return;
  }
  out << "<table><tr><th>Rule</th><th>Severity</th><th>About</th><th>What the numbers say, "
         "and what to try</th></tr>\n";
  for (const auto& [subject, f] : findings) {
    out << "<tr><td><code>" << esc(f.rule) << "</code></td><td><span class=\"tag "
        << to_string(f.severity) << "\">" << to_string(f.severity) << "</span></td><td>"
        << esc(subject) << "</td><td>" << esc(f.observation) << "<br/><i>Try:</i> "
        << esc(f.recommendation) << "</td></tr>\n";
  }
  out << "</table>\n";
}

void speedup_table(std::ostream& out, const LatticeSpeedupTable& t) {
  out << "<details><summary>Speed-up table (" << t.rows.size()
      << " rows)</summary>\n<table><tr><th>Operation, lattice, q, M</th><th>batch</th>"
         "<th>reference ns/vector</th>";
  for (const auto& impl : t.impls) out << "<th>" << esc(impl) << " speed-up</th>";
  out << "</tr>\n";
  for (const auto& r : t.rows) {
    out << "<tr><td>" << esc(r.config) << "</td><td class=\"n\">" << r.batch
        << "</td><td class=\"n\">" << esc(cell(*r.reference, "ns_per_vector", "")) << "</td>";
    for (const double s : r.speedup) {
      const bool slower = s < 1;
      out << "<td class=\"n" << (slower ? " warn" : "") << "\">"
          << (std::isnan(s) ? "" : esc(speedup_number(s)) + "×") << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table></details>\n";
}

void rows_table(std::ostream& out, const RunSummary& run) {
  std::size_t n = 0;
  for (const auto& b : run.benchmarks) n += parse_lattice_name(b.name).valid ? 1 : 0;
  out << "<details><summary>Every lattice row (" << n
      << ")</summary>\n<table><tr><th>Benchmark</th><th>reps</th><th>time/call</th>"
         "<th>vectors/s</th><th>ns/vector</th><th>GB/s</th><th>bits/dim</th><th>ratio</th>"
         "<th>overloaded</th><th>mse/dim</th><th>transfer</th><th>kernel</th><th>kernel GB/s</th>"
         "<th>of DRAM peak</th></tr>\n";
  for (const auto& b : run.benchmarks) {
    if (!parse_lattice_name(b.name).valid) continue;
    out << "<tr><td><code>" << esc(short_label(b.name)) << "</code></td>";
    if (b.error) {
      out << "<td colspan=\"13\" class=\"bad\">error: " << esc(b.error_message) << "</td></tr>\n";
      continue;
    }
    out << "<td class=\"n\">" << b.repetitions << "</td>";
    for (const auto& [metric, unit] : {std::pair{"real_time", "ns"},
                                       {"vectors_per_s", "1/s"},
                                       {"ns_per_vector", ""},
                                       {"GB_per_s", ""},
                                       {"bits_per_dim", ""},
                                       {"compression_ratio", ""},
                                       {"overloaded_fraction", ""},
                                       {"mse_per_dim", ""},
                                       {"transfer_us", "us"},
                                       {"kernel_us", "us"},
                                       {"kernel_GB_per_s", ""},
                                       {"peak_bandwidth_frac", ""}}) {
      out << "<td class=\"n\">" << esc(cell(b, metric, unit)) << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table></details>\n";
}

}  // namespace

void lattice_section(std::ostream& out, const RunSummary& run) {
  if (!has_lattice_rows(run)) return;
  section_head(out, "lattice", "Lattice quantizers: throughput, speed-ups, findings");
  how(out, kHowLattice);
  const std::vector<std::string> ops = lattice_ops(run);
  out << "<h3>Throughput against batch size</h3>\n";
  how(out, kHowThroughput);
  bool first = true;
  for (const auto& op : ops) {
    const std::string svg = lattice_throughput_chart(run, op);
    if (svg.empty()) continue;
    out << "<details" << (first ? " open=\"open\"" : "") << "><summary>" << esc(op)
        << "</summary>\n"
        << svg << "\n</details>\n";
    first = false;
  }
  const LatticeSpeedupTable table = lattice_speedup_table(run);
  if (!table.rows.empty()) {
    out << "<h3>Speed-up over the reference</h3>\n";
    how(out, kHowSpeedup);
    first = true;
    for (const auto& op : ops) {
      const std::string svg = lattice_speedup_chart(run, op);
      if (svg.empty()) continue;
      out << "<details" << (first ? " open=\"open\"" : "") << "><summary>" << esc(op)
          << "</summary>\n"
          << svg << "\n</details>\n";
      first = false;
    }
    speedup_table(out, table);
  }
  findings_table(out, run);
  rows_table(out, run);
}

}  // namespace mdb::compare::html
