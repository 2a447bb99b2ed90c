#include "compare/report/step_samples.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "compare/diff/gbench_json.hpp"

namespace mdb::compare {

const std::vector<double>* StepSamples::find(const std::string& name) const {
  const auto it = us.find(name);
  return it == us.end() ? nullptr : &it->second;
}

StepSamples read_step_samples(std::string_view text, std::string source) {
  nlohmann::json root;
  try {
    root = parse_tolerant_json(text);
  } catch (const JsonError& e) {
    throw JsonError(source + ": " + e.what());
  }
  auto fail = [&](const std::string& what) -> void {
    throw JsonError(source + ": not an md_bench step-samples file (" + what + ")");
  };
  if (!root.is_object()) fail("top level is not an object");
  if (const auto unit = root.find("unit"); unit != root.end() && *unit != "us")
    fail("unit is not \"us\"");
  const auto benchmarks = root.find("benchmarks");
  if (benchmarks == root.end() || !benchmarks->is_object()) fail("no \"benchmarks\" object");
  StepSamples out;
  out.source = source;
  for (const auto& [name, values] : benchmarks->items()) {
    if (!values.is_array()) fail("\"" + name + "\" is not an array");
    std::vector<double>& v = out.us[name];
    v.reserve(values.size());
    for (const auto& x : values) {
      // A latency is a duration: NaN, infinite or negative means a broken writer.
      if (!x.is_number() || !std::isfinite(x.get<double>()) || x.get<double>() < 0)
        fail("\"" + name + "\" holds " + x.dump() + ", not a latency");
      v.push_back(x.get<double>());
    }
  }
  return out;
}

StepSamples load_step_samples(const std::filesystem::path& path) {
  return read_step_samples(read_text_file(path), path.string());
}

std::size_t Histogram::total() const {
  std::size_t n = non_positive;
  for (const auto c : counts) n += c;
  return n;
}

Histogram log_histogram(const std::vector<double>& values, std::size_t bins) {
  Histogram h;
  double lo = 0, hi = 0;
  for (const double v : values) {
    if (!(v > 0)) {
      ++h.non_positive;
      continue;
    }
    lo = lo == 0 ? v : std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (lo == 0 || bins == 0) return h;
  if (hi == lo) bins = 1;
  const double log_lo = std::log10(lo), log_hi = std::log10(hi);
  h.edges.resize(bins + 1);
  for (std::size_t i = 0; i <= bins; ++i) {
    h.edges[i] = std::pow(
        10.0, log_lo + (log_hi - log_lo) * static_cast<double>(i) / static_cast<double>(bins));
  }
  h.edges.front() = lo;  // exact ends: pow(10, log10(x)) need not give x back
  h.edges.back() = hi;
  if (bins == 1) h.edges.back() = hi * (1 + 1e-12);
  h.counts.assign(bins, 0);
  for (const double v : values) {
    if (!(v > 0)) continue;
    // upper_bound finds the first edge above v; the bin is the one before it.
    const auto it = std::upper_bound(h.edges.begin(), h.edges.end(), v);
    std::size_t i = static_cast<std::size_t>(it - h.edges.begin());
    i = i == 0 ? 0 : std::min(i - 1, bins - 1);
    ++h.counts[i];
  }
  return h;
}

}  // namespace mdb::compare
