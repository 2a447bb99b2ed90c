#include "compare/report/run_summary.hpp"

#include <charconv>
#include <cmath>

namespace mdb::compare {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::string_view kManual = "/manual_time";

bool to_number(std::string_view text, long long& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && out > 0;
}

// The fits' time unit is the row's; compare works in ns.
double ns_per(const std::string& unit) {
  try {
    return seconds_per_time_unit(unit) * 1e9;
  } catch (const JsonError&) {
    return kNaN;
  }
}

double finite_median(const std::vector<double>& values) {
  std::vector<double> kept;
  for (const double v : values) {
    if (!std::isnan(v)) kept.push_back(v);
  }
  return median(kept);
}

// Google Benchmark appends the options set per benchmark (min_time:0.050, repeats:3, ...) before
// "/manual_time". They say how a row was measured, not what, so the parts are read without them.
bool is_run_option(std::string_view part) {
  for (const std::string_view option :
       {"min_time:", "min_warmup_time:", "iterations:", "repeats:"}) {
    if (part.starts_with(option)) return true;
  }
  return false;
}

double cv_of(const std::vector<double>& values) {
  if (values.size() < 3) return kNaN;
  double sum = 0;
  for (const double v : values) sum += v;
  const double mean = sum / static_cast<double>(values.size());
  double ss = 0;
  for (const double v : values) ss += (v - mean) * (v - mean);
  const double sd = std::sqrt(ss / static_cast<double>(values.size() - 1));
  return mean > 0 ? sd / mean : kNaN;
}

}  // namespace

std::string short_label(std::string_view name) {
  if (name.ends_with(kManual)) name.remove_suffix(kManual.size());
  return std::string(name);
}

std::vector<std::string_view> split_name(std::string_view name) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = name.find('/', start);
    parts.push_back(name.substr(start, slash - start));
    if (slash == std::string_view::npos) return parts;
    start = slash + 1;
  }
}

BenchName parse_bench_name(std::string_view name) {
  BenchName b;
  b.label = short_label(name);
  std::vector<std::string_view> p = split_name(b.label);
  while (!p.empty() && is_run_option(p.back())) p.pop_back();
  if (p.size() < 5 || !name.ends_with(kManual)) return b;
  const std::string_view family = p[0];
  long long atoms = 0;
  if ((family == "Step" || family == "Trajectory") && p.size() == 5 && to_number(p[2], atoms)) {
    b.case_name = p[3];
    b.backend = p[4];
  } else if (family == "Scaling" && p.size() == 5 && to_number(p[4], atoms)) {
    b.case_name = p[2];
    b.backend = p[3];
  } else if (family == "Batched" && p.size() == 6 && to_number(p[2], atoms) &&
             p[5].starts_with("replicas:")) {
    long long r = 0;
    if (!to_number(p[5].substr(9), r) || r > 1'000'000) return b;
    b.case_name = p[3];
    b.backend = p[4];
    b.replicas = static_cast<int>(r);
  } else {
    return b;
  }
  if (p[1].empty() || b.case_name.empty() || b.backend.empty()) {
    BenchName plain;
    plain.label = b.label;
    return plain;
  }
  b.md_bench = true;
  b.family = family;
  b.ensemble = p[1];
  b.atoms = atoms;
  b.series = b.ensemble + " " + b.case_name + " " + b.backend;
  if (family == "Batched") b.series += ", " + std::to_string(atoms) + " atoms";
  return b;
}

double BenchSummary::value(std::string_view metric) const {
  const auto it = medians.find(std::string(metric));
  return it == medians.end() ? kNaN : it->second;
}

bool BenchSummary::has(std::string_view metric) const {
  return !std::isnan(value(metric));
}

double ComplexityFit::fitted_ns(double n) const {
  const double c = real_coefficient_ns;
  if (big_o == "1") return c;
  if (big_o == "N") return c * n;
  if (big_o == "N^2") return c * n * n;
  if (big_o == "N^3") return c * n * n * n;
  if (big_o == "lgN") return c * std::log2(n);
  if (big_o == "NlgN") return c * n * std::log2(n);
  return kNaN;
}

const BenchSummary* RunSummary::find(std::string_view name) const {
  for (const auto& b : benchmarks) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

std::size_t RunSummary::errors() const {
  std::size_t n = 0;
  for (const auto& b : benchmarks) n += b.error ? 1 : 0;
  return n;
}

RunSummary summarize_run(const std::vector<BenchmarkFile>& files) {
  RunSummary run;
  const SampleSet set = collect_samples(files);
  run.sources = set.sources;
  if (!set.contexts.empty()) run.context = set.contexts.front();
  for (const auto& s : set.benchmarks) {
    BenchSummary b;
    b.name = s.name;
    b.parts = parse_bench_name(s.name);
    b.error = s.error;
    b.error_message = s.error_message;
    b.from_aggregate = s.from_aggregate;
    for (const auto& [metric, values] : s.metrics) b.medians[metric] = finite_median(values);
    if (const auto it = s.metrics.find("real_time"); it != s.metrics.end()) {
      b.repetitions = it->second.size();
      b.repetition_cv = cv_of(it->second);
    }
    run.benchmarks.push_back(std::move(b));
  }
  for (const auto& file : files) {
    for (const auto& r : file.runs) {
      if (r.aggregate_name != "BigO") continue;
      ComplexityFit fit;
      fit.family = short_label(r.run_name);
      bool seen = false;
      for (const auto& f : run.fits) seen = seen || f.family == fit.family;
      if (seen) continue;  // several files: the first file's fit stands
      fit.big_o = r.big_o;
      if (const auto c = r.counters.find("real_coefficient"); c != r.counters.end())
        fit.real_coefficient_ns = c->second * ns_per(r.time_unit);
      for (const auto& rms : file.runs) {
        if (rms.aggregate_name == "RMS" && rms.run_name == r.run_name) {
          if (const auto v = rms.counters.find("rms"); v != rms.counters.end()) fit.rms = v->second;
        }
      }
      run.fits.push_back(std::move(fit));
    }
  }
  if (run.benchmarks.empty())
    throw JsonError("no benchmark runs to report (only complexity fits or nothing at all)");
  return run;
}

}  // namespace mdb::compare
