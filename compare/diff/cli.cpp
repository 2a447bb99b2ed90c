#include "compare/diff/cli.hpp"

#include <cstdlib>
#include <optional>
#include <regex>
#include <stdexcept>

#include "compare/diff/baseline.hpp"
#include "compare/diff/cli_args.hpp"
#include "compare/diff/comparison_output.hpp"
#include "compare/diff/confirm.hpp"
#include "compare/diff/diff.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/diff/policy.hpp"
#include "compare/diff/samples.hpp"

namespace mdb::compare {
namespace {

struct Options {
  std::vector<std::string> positional, old_files, new_files;
  std::string policy, baseline, format = "text", color = "auto";
  std::optional<double> alpha, threshold;
  bool github = false, all = false, filters = false;
  std::string filter_file, filter_a, filter_b;
};

Options parse(const std::vector<std::string>& args) {
  Options o;
  ArgCursor cursor(args);
  while (cursor.next()) {
    const std::string& arg = cursor.flag();
    const bool has_inline = cursor.has_inline();
    auto take = [&] { return cursor.value(); };
    if (arg == "--policy") {
      o.policy = take();
    } else if (arg == "--alpha") {
      o.alpha = parse_nonnegative(arg, take());
      if (!(*o.alpha > 0 && *o.alpha < 1)) throw UsageError("--alpha must lie in (0, 1)");
    } else if (arg == "--threshold") {
      o.threshold = parse_nonnegative(arg, take());
    } else if (arg == "--format") {
      o.format = take();
      if (o.format != "text" && o.format != "md" && o.format != "json") {
        throw UsageError("--format must be text, md or json, got \"" + o.format + "\"");
      }
    } else if (arg == "--color") {
      o.color = take();
      if (o.color != "auto" && o.color != "always" && o.color != "never") {
        throw UsageError("--color must be auto, always or never, got \"" + o.color + "\"");
      }
    } else if (arg == "--no-color" && !has_inline) {
      o.color = "never";
    } else if (arg == "--github" && !has_inline) {
      o.github = true;
    } else if (arg == "--all" && !has_inline) {
      o.all = true;
    } else if (arg == "--old") {
      o.old_files.push_back(take());
    } else if (arg == "--new") {
      o.new_files.push_back(take());
    } else if (arg == "--baseline") {
      o.baseline = take();
    } else if (arg == "--filters" && !has_inline) {
      const auto f = cursor.following(3, "--filters needs FILE.json A_REGEX B_REGEX");
      o.filters = true;
      o.filter_file = f[0];
      o.filter_a = f[1];
      o.filter_b = f[2];
    } else if (arg.size() > 1 && arg[0] == '-') {
      throw UsageError("unknown option " + cursor.raw());
    } else {
      o.positional.push_back(arg);
    }
  }
  if (o.github && o.format == "json") {
    throw UsageError("--github prints annotations on stdout and would corrupt --format=json");
  }
  if (o.filters) {
    if (!o.positional.empty() || !o.old_files.empty() || !o.new_files.empty() ||
        !o.baseline.empty()) {
      throw UsageError("--filters takes one file and two patterns, and no other files");
    }
  } else if (!o.baseline.empty()) {
    if (!o.old_files.empty()) throw UsageError("--baseline replaces OLD: drop --old");
    o.new_files.insert(o.new_files.end(), o.positional.begin(), o.positional.end());
    o.positional.clear();
    if (o.new_files.empty()) throw UsageError("--baseline DIR needs NEW.json");
  } else if (!o.old_files.empty() || !o.new_files.empty()) {
    if (o.old_files.empty() || o.new_files.empty() || !o.positional.empty()) {
      throw UsageError("give --old FILE... and --new FILE..., or exactly OLD.json NEW.json");
    }
  } else {
    if (o.positional.size() != 2) {
      throw UsageError("expected OLD.json NEW.json (got " + std::to_string(o.positional.size()) +
                       " file arguments)");
    }
    o.old_files = {o.positional[0]};
    o.new_files = {o.positional[1]};
  }
  return o;
}

// After renaming, two benchmarks of one group must not share a name (their samples would be
// merged or lost), and no benchmark may sit in both groups (it would be compared with itself).
void check_groups(const SampleSet& all, const std::string& a, const std::string& b) {
  if (const std::string why = group_conflict(all, a, b); !why.empty())
    throw UsageError("--filters: " + why);
}

void check_unique(const SampleSet& group, const std::string& pattern) {
  if (const std::string why = duplicate_in_group(group, pattern); !why.empty())
    throw UsageError("--filters: " + why);
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// The program that wrote a side's files, as Google Benchmark records it, for the confirming
// commands; a placeholder when no context names one.
std::string program_of(const SampleSet& s) {
  for (const auto& context : s.contexts) {
    const auto it = context.is_object() ? context.find("executable") : context.end();
    if (it != context.end() && it->is_string() && !it->get<std::string>().empty()) return *it;
  }
  return "BENCHMARK_PROGRAM";
}

int run(const Options& o, std::ostream& out, bool out_is_tty) {
  Policy policy = o.policy.empty() ? Policy{} : load_policy(o.policy);
  if (o.alpha) policy.alpha = *o.alpha;
  if (o.threshold) policy.forced_time_threshold = *o.threshold;

  ReportOptions report;
  SampleSet old_set, new_set;
  if (o.filters) {
    const SampleSet all = collect_samples(load_benchmark_files({o.filter_file}));
    const std::string pair = "[" + o.filter_a + " vs " + o.filter_b + "]";
    try {
      old_set = select_group(all, o.filter_a, pair);
      new_set = select_group(all, o.filter_b, pair);
      check_groups(all, o.filter_a, o.filter_b);
    } catch (const std::regex_error& e) {
      throw UsageError(std::string("bad --filters pattern: ") + e.what());
    }
    if (old_set.benchmarks.empty())
      throw UsageError("no benchmark in " + o.filter_file + " matches \"" + o.filter_a + "\"");
    if (new_set.benchmarks.empty())
      throw UsageError("no benchmark in " + o.filter_file + " matches \"" + o.filter_b + "\"");
    check_unique(old_set, o.filter_a);
    check_unique(new_set, o.filter_b);
    report.old_label = o.filter_a;
    report.new_label = o.filter_b;
    report.old_sources = report.new_sources = {o.filter_file};
    report.show_speedup = true;
  } else {
    const std::vector<BenchmarkFile> new_files = load_benchmark_files(o.new_files);
    std::vector<std::string> old_paths = o.old_files;
    if (!o.baseline.empty()) {
      const BaselineChoice pick = select_baseline(o.baseline, new_files.front().context);
      old_paths = {pick.path.string()};
      std::string line = "baseline: " + pick.path.string() +
                         " (matched: " + (pick.matched.empty() ? "nothing" : join(pick.matched)) +
                         ")";
      if (!pick.mismatched.empty()) line += "; differs: " + join(pick.mismatched);
      report.header_lines.push_back(line);
    }
    old_set = collect_samples(load_benchmark_files(old_paths));
    new_set = collect_samples(new_files);
    report.old_sources = old_paths;
    report.new_sources = o.new_files;
  }
  if (!o.policy.empty()) report.header_lines.push_back("policy: " + o.policy);
  report.all_metrics = o.all;
  const char* no_color = std::getenv("NO_COLOR");
  report.color = o.color == "always" ||
                 (o.color == "auto" && out_is_tty && (no_color == nullptr || *no_color == '\0'));

  const Comparison c = compare_samples(old_set, new_set, policy);
  // --filters renames its groups' benchmarks, so no program knows them by those names.
  if (!o.filters)
    report.confirm_lines = confirm_commands(c, program_of(old_set), program_of(new_set));
  if (o.github) write_github_annotations(out, c);
  if (o.format == "md") {
    write_markdown(out, c, report);
  } else if (o.format == "json") {
    write_json(out, c, report);
  } else {
    write_text(out, c, report);
  }
  out.flush();
  return c.exit_code();
}

}  // namespace

std::string compare_usage() {
  return R"(usage: compare [options] OLD.json NEW.json
       compare [options] --old A.json [--old A2.json ...] --new B.json [--new B2.json ...]
       compare [options] --baseline DIR NEW.json [NEW2.json ...]
       compare [options] --filters FILE.json A_REGEX B_REGEX

Compares Google Benchmark JSON (md_bench output or any other) benchmark by benchmark: real_time,
cpu_time and every counter both sides have. A change is a regression when it is beyond the
metric's threshold AND significant by a two-sided Mann-Whitney U test over the repetitions
(--benchmark_repetitions); several files per side pool their repetitions. With too few
repetitions to test (under 4 per side), a timing change is only "likely" and does not fail; the
output prints the commands that would decide it.

  --old FILE, --new FILE  several runs per side (interleaved A/B runs)
  --baseline DIR          OLD = the file in DIR whose context best matches NEW's (CPU model, ISA...)
  --filters FILE A B      compare the benchmarks matching regex A against those matching B in one
                          file, paired by the name with the match removed; prints speed-ups
  --policy FILE           JSON policy: thresholds, directions, per-benchmark overrides, limits
  --alpha X               significance level (default 0.05)
  --threshold X           relative threshold of timing metrics (default 0.05 = 5 %)
  --format text|md|json   output (default text; md for GitHub summaries)
  --color auto|always|never, --no-color
  --github                also print ::error/::warning workflow annotations
  --all                   show every metric, not only times and what moved

Exit: 0 no regression, 1 regression (or broken limit, or an error run in NEW), 2 bad usage or
input. docs/COMPARE.md explains the statistics and the policy file.
)";
}

int run_compare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                bool out_is_tty) {
  for (const auto& a : args) {
    if (a == "-h" || a == "--help") {
      out << compare_usage();
      return kExitOk;
    }
  }
  try {
    return run(parse(args), out, out_is_tty);
  } catch (const UsageError& e) {
    err << "compare: " << e.what() << " (see compare --help)\n";
  } catch (const JsonError& e) {
    err << "compare: " << e.what() << "\n";
  } catch (const PolicyError& e) {
    err << "compare: " << e.what() << "\n";
  } catch (const std::filesystem::filesystem_error& e) {
    err << "compare: " << e.what() << "\n";
  } catch (const std::exception& e) {
    // E.g. nlohmann's type_error for a file path that is not UTF-8: still one line and exit 2.
    err << "compare: " << e.what() << "\n";
  }
  return kExitBadInput;
}

}  // namespace mdb::compare
