#include "compare/report/report_cli.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "compare/diff/cli.hpp"
#include "compare/diff/cli_args.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/diff/policy.hpp"
#include "compare/report/profile_json.hpp"
#include "compare/report/report_csv.hpp"
#include "compare/report/report_data.hpp"
#include "compare/report/report_page.hpp"

namespace mdb::compare {
namespace {

struct Options {
  ReportRequest request;
  std::vector<std::string> positional;
  std::string output, format = "html";
  std::string csv;          // --csv FILE: the table as well as the page
  std::string profile_dir;  // --profile-json DIR: MLFF profile files as well as the page
  bool output_given = false;
};

Options parse(const std::vector<std::string>& args) {
  Options o;
  ReportRequest& r = o.request;
  ArgCursor cursor(args);
  while (cursor.next()) {
    const std::string& arg = cursor.flag();
    const bool has_inline = cursor.has_inline();
    auto take = [&] { return cursor.value(); };
    if (arg == "-o" || arg == "--output") {
      o.output = take();
      o.output_given = true;
    } else if (arg == "--format") {
      o.format = take();
      if (o.format != "html" && o.format != "md" && o.format != "csv")
        throw UsageError("--format must be html, md or csv, got \"" + o.format + "\"");
    } else if (arg == "--csv") {
      o.csv = take();
      if (o.csv.empty()) throw UsageError("--csv needs a file name");
    } else if (arg == "--samples") {
      r.samples_file = take();
    } else if (arg == "--profile-json") {
      o.profile_dir = take();
      if (o.profile_dir.empty()) throw UsageError("--profile-json needs a directory");
    } else if (arg == "--policy") {
      r.policy_file = take();
    } else if (arg == "--alpha") {
      r.alpha = parse_nonnegative(arg, take());
      if (!(*r.alpha > 0 && *r.alpha < 1)) throw UsageError("--alpha must lie in (0, 1)");
    } else if (arg == "--threshold") {
      r.threshold = parse_nonnegative(arg, take());
    } else if (arg == "--history") {
      r.history_store = take();
      if (r.history_store.empty()) throw UsageError("--history needs a store (file or URL)");
    } else if (arg == "--since") {
      r.history_since = take();
    } else if (arg == "--history-metric") {
      r.history_metric = take();
    } else if (arg == "--old") {
      r.old_files.push_back(take());
    } else if (arg == "--new") {
      r.new_files.push_back(take());
    } else if (arg == "--pair" && !has_inline) {
      const auto ab = cursor.following(2, "--pair needs two patterns: --pair A B");
      r.pairs.emplace_back(ab[0], ab[1]);
    } else if (arg.size() > 1 && arg[0] == '-') {
      throw UsageError("unknown option " + cursor.raw());
    } else {
      o.positional.push_back(arg);
    }
  }
  if (!r.old_files.empty() || !r.new_files.empty()) {
    if (r.new_files.empty() || !o.positional.empty())
      throw UsageError("give --new FILE... (and --old FILE...), or one or two files");
  } else if (o.positional.size() == 1) {
    r.new_files = o.positional;
  } else if (o.positional.size() == 2) {
    r.old_files = {o.positional[0]};
    r.new_files = {o.positional[1]};
  } else {
    throw UsageError("expected RUN.json, or OLD.json NEW.json (got " +
                     std::to_string(o.positional.size()) + " file arguments)");
  }
  if (r.history_store.empty() && (!r.history_since.empty() || r.history_metric != "real_time"))
    throw UsageError("--since and --history-metric go with --history STORE");
  if (!o.profile_dir.empty() && r.samples_file.empty())
    throw UsageError(
        "--profile-json needs --samples FILE (md_bench --md_samples_out=FILE): a "
        "profile lists every step's latency");
  if (!o.output_given) o.output = o.format == "html" ? "report.html" : "-";
  return o;
}

// Writes `text` to `path` ("-": `out`); says so on `err` for a file.
void emit(const std::string& path, const std::string& text, std::size_t benchmarks,
          std::ostream& out, std::ostream& err) {
  if (path == "-") {
    out << text;
    out.flush();
    return;
  }
  errno = 0;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) file << text;
  if (file) file.close();
  if (!file) {
    const int e = errno;
    throw UsageError("cannot write " + path + (e ? ": " + std::string(std::strerror(e)) : ""));
  }
  err << "md_report: wrote " << path << " (" << benchmarks << " benchmarks)\n";
}

int run(const Options& o, std::ostream& out, std::ostream& err) {
  const ReportData data = build_report_data(o.request);
  const std::size_t n = data.run.benchmarks.size();
  std::ostringstream page;
  if (o.format == "md") {
    write_report_markdown(page, data);
  } else if (o.format == "csv") {
    write_report_csv(page, data.run);
  } else {
    write_report_html(page, data);
  }
  emit(o.output, page.str(), n, out, err);
  if (!o.csv.empty()) {
    std::ostringstream table;
    write_report_csv(table, data.run);
    emit(o.csv, table.str(), n, out, err);
  }
  if (!o.profile_dir.empty() && data.samples) {
    const auto files = write_profiles(o.profile_dir, data.run, *data.samples);
    err << "md_report: wrote " << files.size() << " profiles into " << o.profile_dir << "\n";
  }
  return kExitOk;
}

}  // namespace

std::string md_report_usage() {
  return R"(usage: md_report [options] RUN.json [-o report.html]
       md_report [options] OLD.json NEW.json [-o report.html]
       md_report [options] --old A.json [--old A2.json ...] --new B.json [--new B2.json ...]

Writes one self-contained HTML page (inline SVG charts, no script or network) from md_bench's
or lattice_bench's Google Benchmark JSON: scaling with system size, step latency, time per
phase, batched throughput, model-against-model speed-ups and rule-based hotspots with
recommendations; for lattice_bench, throughput and speed-up over the reference against batch
size with its own findings. With OLD and NEW it adds the comparison view, judged exactly as
`compare` judges (same statistics, same --policy).

  -o, --output FILE     where to write (default report.html; "-" for stdout)
  --format html|md|csv  html (default), a Markdown summary for $GITHUB_STEP_SUMMARY, or the
                        CSV table (md and csv to stdout unless -o is given)
  --csv FILE            also write the CSV table: one row per benchmark, parsed name parts,
                        median times and every counter's median ("-" for stdout)
  --profile-json DIR    also write each Step and Trajectory row with samples as one JSON file
                        in the MLFF Distiller profiler's MDProfileResult schema (needs --samples)
  --samples FILE        per-step latencies from md_bench --md_samples_out=FILE: histograms
  --pair A B            speed-up bars of the benchmarks matching regex A against those matching
                        B, paired by name as compare --filters does (repeatable; default: the
                        nn-teacher/nn-student pair when the run has both)
  --old FILE, --new FILE  several runs per side, pooled
  --policy FILE, --alpha X, --threshold X   as for compare
  --history STORE       trend charts of this run's benchmarks from `history`'s results store
                        (an SQLite file or a postgresql:// URL), change points marked, and a
                        table of the recent change points (docs/HISTORY.md)
  --since T             with --history: only runs at or after T (ISO 8601, e.g. 2026-01-01)
  --history-metric M    with --history: the metric charted (default real_time)

Exit: 0 report written (whatever the comparison found: compare is the gate), 2 bad usage or
input. docs/REPORT.md explains every chart and hotspot rule.
)";
}

int run_md_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  for (const auto& a : args) {
    if (a == "-h" || a == "--help") {
      out << md_report_usage();
      return kExitOk;
    }
  }
  try {
    return run(parse(args), out, err);
  } catch (const UsageError& e) {
    err << "md_report: " << e.what() << " (see md_report --help)\n";
  } catch (const ReportInputError& e) {
    err << "md_report: " << e.what() << " (see md_report --help)\n";
  } catch (const std::exception& e) {
    // JsonError, PolicyError and the rest: each says which file and what is wrong in one line.
    err << "md_report: " << e.what() << "\n";
  }
  return kExitBadInput;
}

}  // namespace mdb::compare
