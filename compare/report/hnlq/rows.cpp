#include "compare/report/hnlq/rows.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "compare/diff/printf_string.hpp"

namespace mdb::compare {
namespace {

constexpr double kNoMeasure = std::numeric_limits<double>::quiet_NaN();

// A positive decimal with nothing after it, at most `max`.
template <class Int>
bool positive(std::string_view text, Int max, Int& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && out > 0 && out <= max;
}

bool prefixed(std::string_view text, char prefix, int& out) {
  return text.size() > 1 && text[0] == prefix && positive(text.substr(1), 1 << 20, out);
}

double real_time(const BenchSummary* b) {
  return b->value("real_time");
}

}  // namespace

LatticeName parse_lattice_name(std::string_view name) {
  LatticeName n;
  n.label = short_label(name);
  const std::vector<std::string_view> p = split_name(n.label);
  if (p.size() != 7 || p[0] != "Quantize") return n;
  for (const auto part : p) {
    if (part.empty()) return n;
  }
  int q = 0, levels = 0;
  long long batch = 0;
  if (!prefixed(p[3], 'q', q) || !prefixed(p[4], 'M', levels) ||
      !positive(p[5], 1'000'000'000'000LL, batch))
    return n;
  n.valid = true;
  n.op = p[1];
  n.lattice = p[2];
  n.q = q;
  n.levels = levels;
  n.batch = batch;
  n.impl = p[6];
  n.config = n.op + " " + n.lattice + " q" + std::to_string(q) + " M" + std::to_string(levels);
  n.series = n.config + " " + n.impl;
  return n;
}

bool has_lattice_rows(const RunSummary& run) {
  return std::any_of(run.benchmarks.begin(), run.benchmarks.end(),
                     [](const BenchSummary& b) { return parse_lattice_name(b.name).valid; });
}

std::vector<LatticeSeries> lattice_series(const RunSummary& run) {
  std::vector<LatticeSeries> out;
  for (const auto& b : run.benchmarks) {
    if (b.error) continue;
    const LatticeName n = parse_lattice_name(b.name);
    if (!n.valid) continue;
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const LatticeSeries& s) { return s.name.series == n.series; });
    if (it == out.end()) {
      out.push_back({n, {}});
      it = out.end() - 1;
    }
    it->points.push_back({n.batch, &b});
  }
  for (auto& s : out) {
    std::stable_sort(
        s.points.begin(), s.points.end(),
        [](const LatticePoint& a, const LatticePoint& b) { return a.batch < b.batch; });
  }
  return out;
}

std::vector<std::string> lattice_ops(const RunSummary& run) {
  std::vector<std::string> ops;
  for (const auto& b : run.benchmarks) {
    const LatticeName n = parse_lattice_name(b.name);
    if (n.valid && std::find(ops.begin(), ops.end(), n.op) == ops.end()) ops.push_back(n.op);
  }
  return ops;
}

std::vector<LatticeSpeedup> lattice_speedups(const RunSummary& run) {
  const std::vector<LatticeSeries> series = lattice_series(run);
  std::vector<LatticeSpeedup> out;
  for (const auto& s : series) {
    if (s.name.impl == kLatticeReference) continue;
    const auto ref = std::find_if(series.begin(), series.end(), [&](const LatticeSeries& r) {
      return r.name.impl == kLatticeReference && r.name.config == s.name.config;
    });
    if (ref == series.end()) continue;
    for (const auto& p : s.points) {
      const auto match = std::find_if(ref->points.begin(), ref->points.end(),
                                      [&](const LatticePoint& r) { return r.batch == p.batch; });
      if (match == ref->points.end()) continue;
      const double t_ref = real_time(match->bench), t = real_time(p.bench);
      if (!(t_ref > 0) || !(t > 0)) continue;
      LatticeSpeedup sp{s.name, match->bench, p.bench, t_ref / t};
      sp.name.batch = p.batch;
      out.push_back(std::move(sp));
    }
  }
  return out;
}

std::string speedup_number(double ratio) {
  return printf_string("%.3g", ratio);
}

LatticeSpeedupTable lattice_speedup_table(const RunSummary& run) {
  LatticeSpeedupTable t;
  const std::vector<LatticeSpeedup> all = lattice_speedups(run);
  for (const auto& s : all) {
    if (std::find(t.impls.begin(), t.impls.end(), s.name.impl) == t.impls.end())
      t.impls.push_back(s.name.impl);
  }
  for (const auto& s : all) {
    auto row = std::find_if(t.rows.begin(), t.rows.end(), [&](const LatticeSpeedupTable::Row& r) {
      return r.config == s.name.config && r.batch == s.name.batch;
    });
    if (row == t.rows.end()) {
      t.rows.push_back({s.name.config, s.name.batch, s.reference,
                        std::vector<double>(t.impls.size(), kNoMeasure)});
      row = t.rows.end() - 1;
    }
    const auto column = std::find(t.impls.begin(), t.impls.end(), s.name.impl) - t.impls.begin();
    row->speedup[static_cast<std::size_t>(column)] = s.speedup;
  }
  // Configs in order of first appearance, batches ascending within each.
  std::vector<std::string> configs;
  for (const auto& r : t.rows) {
    if (std::find(configs.begin(), configs.end(), r.config) == configs.end())
      configs.push_back(r.config);
  }
  auto rank = [&](const std::string& c) {
    return std::find(configs.begin(), configs.end(), c) - configs.begin();
  };
  std::stable_sort(t.rows.begin(), t.rows.end(),
                   [&](const LatticeSpeedupTable::Row& a, const LatticeSpeedupTable::Row& b) {
                     if (a.config != b.config) return rank(a.config) < rank(b.config);
                     return a.batch < b.batch;
                   });
  return t;
}

}  // namespace mdb::compare
