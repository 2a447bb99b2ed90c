#include "compare/report/hnlq/findings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/printf_string.hpp"
#include "compare/report/hnlq/rows.hpp"

namespace mdb::compare {
namespace {

namespace QL = hnlq_limits;

std::string times(double ratio) {
  return speedup_number(ratio) + "x";
}

std::string rate(double per_second) {
  return format_value(per_second, "1/s");
}

std::string batches(const std::vector<long long>& list) {
  std::string out;
  for (const long long b : list) out += (out.empty() ? "" : ", ") + std::to_string(b);
  return out;
}

void add(std::vector<LatticeFinding>& out, std::string subject, std::string rule, Severity s,
         std::string observation, std::string recommendation) {
  out.push_back({std::move(subject),
                 {std::move(rule), s, std::move(observation), std::move(recommendation)}});
}

bool on_gpu(const LatticeName& n) {
  return n.impl == "cuda";
}

// Speed-ups of one implementation's series against the reference: slower at the largest batch
// is a warning (the optimised path does not pay off); slower only below a crossover is the
// expected cost of batching, worth a dispatch rule.
void speedup_rules(const RunSummary& run, std::vector<LatticeFinding>& out) {
  std::map<std::string, std::vector<LatticeSpeedup>> by_series;
  std::vector<std::string> order;
  for (auto& s : lattice_speedups(run)) {
    if (!by_series.count(s.name.series)) order.push_back(s.name.series);
    by_series[s.name.series].push_back(std::move(s));
  }
  for (const auto& series : order) {
    const std::vector<LatticeSpeedup>& sp = by_series[series];  // by batch, ascending
    const LatticeName& n = sp.back().name;
    const LatticeSpeedup& largest = sp.back();
    if (largest.speedup < QL::kMinSpeedup) {
      add(out, series, "lattice-slower", Severity::kWarning,
          n.impl + " is slower than the reference even at the largest batch measured (" +
              std::to_string(largest.name.batch) + " vectors: " + times(largest.speedup) +
              "; rule: below 1x).",
          on_gpu(n) ? "The GPU path does not pay off at these sizes: measure larger batches, and "
                      "see the transfer rule; the copies usually dominate."
                    : "The optimised path loses to the scalar loop: check that it was built for "
                      "this CPU (-march, AVX2 lanes), then profile both on the same batch.");
      continue;
    }
    // The crossover: the smallest batch from which every measured batch is at least as fast.
    std::size_t from = sp.size() - 1;
    while (from > 0 && sp[from - 1].speedup >= QL::kMinSpeedup) --from;
    if (from == 0) continue;
    std::vector<long long> slow;
    double worst = 1e300;
    for (std::size_t i = 0; i < from; ++i) {
      if (sp[i].speedup < QL::kMinSpeedup) {
        slow.push_back(sp[i].name.batch);
        worst = std::min(worst, sp[i].speedup);
      }
    }
    const std::string crossover = std::to_string(sp[from].name.batch);
    add(out, series, "lattice-small-batch", Severity::kInfo,
        n.impl + " is slower than the reference at batch " + batches(slow) + " (down to " +
            times(worst) + "); from batch " + crossover + " on it is faster (" +
            times(sp[from].speedup) + " there, " + times(largest.speedup) + " at " +
            std::to_string(largest.name.batch) + ").",
        on_gpu(n) ? "Too few vectors to pay for a kernel launch and two copies: send batches "
                    "below " +
                        crossover + " to the CPU."
                  : "Too few vectors to amortise the batched path (SIMD tiles, the scalar tail): "
                    "use the reference below batch " +
                        crossover + ".");
  }
}

void transfer_rule(const std::vector<LatticeSeries>& series, std::vector<LatticeFinding>& out) {
  for (const auto& s : series) {
    std::vector<long long> bound;
    const LatticePoint* worst = nullptr;
    double worst_ratio = 0;
    for (const auto& p : s.points) {
      const double transfer = p.bench->value("transfer_us"), kernel = p.bench->value("kernel_us");
      if (!(kernel > 0) || !(transfer > QL::kTransferOverKernel * kernel)) continue;
      bound.push_back(p.batch);
      if (transfer / kernel > worst_ratio) worst_ratio = transfer / kernel, worst = &p;
    }
    if (worst == nullptr) continue;
    const BenchSummary& b = *worst->bench;
    const double transfer = b.value("transfer_us"), kernel = b.value("kernel_us");
    const double row_us = b.value("real_time") / 1e3;
    std::string share;
    if (row_us > 0)
      share = ", " + printf_string("%.0f %%", 100 * transfer / row_us) + " of the row time";
    add(out, s.name.series, "lattice-transfer-bound", Severity::kWarning,
        "Host-device copies take longer than the kernel at batch " + batches(bound) + " (at " +
            std::to_string(worst->batch) + ": transfer " + format_value(transfer, "us") +
            ", kernel " + format_value(kernel, "us") + " per call, " + times(worst_ratio) + share +
            "; rule: transfer above the kernel).",
        "Transfer-bound: keep the data on the device between calls (quantize where the tensors "
        "already live), pin the host buffers (cudaHostAlloc; lattice_bench does unless "
        "--lq_host_memory=pageable) for faster asynchronous copies, and batch more vectors per "
        "call.");
  }
}

// A cuda kernel's bytes against the device's DRAM peak, at the largest batch that reports it:
// at half the peak or more the kernel is bandwidth-bound (only fewer bytes make it faster);
// below half with a batch large enough to fill the GPU, arithmetic or latency holds it back.
void device_bandwidth_rule(const std::vector<LatticeSeries>& series,
                           std::vector<LatticeFinding>& out) {
  for (const auto& s : series) {
    if (!on_gpu(s.name)) continue;
    const LatticePoint* last = nullptr;
    for (const auto& p : s.points) {
      if (p.bench->value("peak_bandwidth_frac") > 0) last = &p;
    }
    if (last == nullptr) continue;
    const double frac = last->bench->value("peak_bandwidth_frac");
    const double gbps = last->bench->value("kernel_GB_per_s");
    const std::string at = "At batch " + std::to_string(last->batch) + " the kernel moves " +
                           format_value(gbps, "GB/s") + ", " +
                           printf_string("%.0f %%", 100 * frac) + " of the device's DRAM peak";
    if (frac >= QL::kBandwidthBound) {
      add(out, s.name.series, "lattice-device-bandwidth", Severity::kInfo,
          at + " (rule: " + printf_string("%.0f %%", 100 * QL::kBandwidthBound) + " or more).",
          "Bandwidth-bound: a faster kernel must move fewer bytes (fuse encode and decode as "
          "RoundTrip does, pack codes below a byte, read half-precision inputs).");
    } else if (last->batch >= QL::kGpuFillingBatch) {
      add(out, s.name.series, "lattice-device-bandwidth", Severity::kWarning,
          at + " (rule: under " + printf_string("%.0f %%", 100 * QL::kBandwidthBound) +
              " from batch " + std::to_string(QL::kGpuFillingBatch) + ").",
          "Not bandwidth-bound although the batch fills the GPU: arithmetic, divergence or "
          "latency holds the kernel back. Profile it (ncu --section SpeedOfLight, "
          "docs/PROFILING.md).");
    }
  }
}

// A cuda kernel's time per vector against its best in the series: more than twice the best
// means fewer vectors than the GPU has threads to run them at once (the launch's fixed cost and
// a partly idle chip). Names the smallest batch from which every batch up to the best is within
// 2x.
void underfilled_rule(const std::vector<LatticeSeries>& series, std::vector<LatticeFinding>& out) {
  for (const auto& s : series) {
    if (!on_gpu(s.name)) continue;
    std::vector<std::pair<long long, double>> per_vector;  // batch, kernel ns per vector
    for (const auto& p : s.points) {
      const double kernel_us = p.bench->value("kernel_us");
      if (kernel_us > 0) per_vector.emplace_back(p.batch, 1e3 * kernel_us / p.batch);
    }
    if (per_vector.size() < 2) continue;
    std::size_t best = 0;
    for (std::size_t k = 1; k < per_vector.size(); ++k) {
      if (per_vector[k].second < per_vector[best].second) best = k;
    }
    const auto [best_batch, best_ns] = per_vector[best];
    // Up to the best batch (larger ones can lose for other reasons, e.g. the caches): the
    // smallest batch from which every one up to the best stays within the limit.
    std::size_t from = best;
    while (from > 0 && per_vector[from - 1].second <= QL::kUnderfilled * best_ns) --from;
    if (from == 0) continue;
    std::vector<long long> small;
    for (std::size_t k = 0; k < from; ++k) small.push_back(per_vector[k].first);
    const auto& [worst_batch, worst_ns] = per_vector.front();
    const std::string fills = std::to_string(per_vector[from].first);
    add(out, s.name.series, "lattice-gpu-underfilled", Severity::kInfo,
        "At batch " + batches(small) + " the kernel takes more than " + times(QL::kUnderfilled) +
            " its best time per vector (at " + std::to_string(worst_batch) + ": " +
            format_value(worst_ns, "ns") + ", against " + format_value(best_ns, "ns") + " at " +
            std::to_string(best_batch) + "; rule: over " + times(QL::kUnderfilled) + " the best).",
        "Too few vectors to fill the GPU: gather requests into batches of " + fills +
            " or more per call, or keep small batches on the CPU (see lattice-small-batch).");
  }
}

// Throughput that stops growing with the batch: the fixed costs are amortised and the loop runs
// at what the machine gives it. Only batched implementations: the reference handles one vector
// at a time, so it is flat by construction.
void plateau_rule(const std::vector<LatticeSeries>& series, std::vector<LatticeFinding>& out) {
  for (const auto& s : series) {
    if (s.name.impl == kLatticeReference) continue;
    std::vector<LatticePoint> pts;
    for (const auto& p : s.points) {
      if (p.bench->value("vectors_per_s") > 0) pts.push_back(p);
    }
    if (pts.size() < 2) continue;
    const LatticePoint& last = pts.back();
    const double last_rate = last.bench->value("vectors_per_s");
    // The smallest batch from which every later one, and one at least 10x larger, gains < 10 %.
    std::size_t k = pts.size();
    for (std::size_t i = pts.size() - 1; i-- > 0;) {
      if (static_cast<double>(last.batch) <
          QL::kPlateauBatchRatio * static_cast<double>(pts[i].batch))
        continue;
      const double base = pts[i].bench->value("vectors_per_s");
      bool flat = true;
      for (std::size_t j = i + 1; j < pts.size(); ++j)
        flat = flat && pts[j].bench->value("vectors_per_s") < (1 + QL::kPlateauGain) * base;
      if (flat) k = i;
    }
    if (k == pts.size()) continue;
    const double base = pts[k].bench->value("vectors_per_s");
    const double gbps = last.bench->value("GB_per_s");
    std::string bytes;
    if (gbps > 0)
      bytes = " Each vector moves " + printf_string("%.0f", gbps * 1e9 / last_rate) +
              " bytes (read and written), " + format_value(gbps, "GB/s") + " at the largest batch.";
    std::string why;
    if (gbps > 0 && gbps < QL::kComputeBoundGBps) {
      why = "At " + format_value(gbps, "GB/s") +
            " it is compute-bound, not bandwidth-bound (one core streams 10 GB/s or more): make "
            "the nearest-point maps and level passes cheaper, or split the batch over threads.";
    } else {
      why =
          "Compare GB_per_s with the machine's memory bandwidth (STREAM): near it the loop is "
          "bandwidth-bound (move fewer bytes: pack codes below a byte, fuse encode and decode "
          "as RoundTrip does); far below it, compute-bound.";
    }
    if (last_rate < (1 - QL::kPlateauGain) * base)
      why += " The drop at the largest batch means the working set left the caches.";
    add(out, s.name.series, "lattice-plateau", Severity::kInfo,
        "Throughput stops growing from batch " + std::to_string(pts[k].batch) + ": " + rate(base) +
            " there, " + rate(last_rate) + " at batch " + std::to_string(last.batch) + " (" +
            format_change(last_rate / base - 1) + "; rule: a batch 10x larger gains under " +
            printf_string("%.0f %%", 100 * QL::kPlateauGain) + ")." + bytes,
        why);
  }
}

// The overloaded share depends on the data, beta, the lattice, q and M, not on the operation or
// implementation: one finding per lattice and parameters, at its worst row.
void overload_rule(const RunSummary& run, const std::vector<LatticeSeries>& series,
                   std::vector<LatticeFinding>& out) {
  std::vector<std::pair<std::string, const LatticePoint*>> worst;
  for (const auto& s : series) {
    const std::string key =
        s.name.lattice + " q" + std::to_string(s.name.q) + " M" + std::to_string(s.name.levels);
    auto it =
        std::find_if(worst.begin(), worst.end(), [&](const auto& w) { return w.first == key; });
    for (const auto& p : s.points) {
      if (!(p.bench->value("overloaded_fraction") > QL::kOverloaded)) continue;
      if (it == worst.end()) {
        worst.emplace_back(key, &p);
        it = worst.end() - 1;
      } else if (p.bench->value("overloaded_fraction") >
                 it->second->bench->value("overloaded_fraction")) {
        it->second = &p;
      }
    }
  }
  const auto flag = run.context.find("lq_overload");
  const bool protection_on =
      flag != run.context.end() && flag->is_string() && flag->get<std::string>() == "on";
  for (const auto& [key, p] : worst) {
    add(out, key, "lattice-overload", Severity::kWarning,
        printf_string("%.1f %%", 100 * p->bench->value("overloaded_fraction")) +
            " of the vectors stay overloaded after encoding (worst: " +
            short_label(p->bench->name) + "; rule: above " +
            printf_string("%.0f %%", 100 * QL::kOverloaded) + ").",
        protection_on
            ? "Overload protection ran out of rounds: beta is too small for the data; raise it "
              "(--lq_beta)."
            : "beta is too small for the data: overloaded vectors decode far from their inputs. "
              "Raise beta (--lq_beta) or enable overload protection (--lq_overload=on), which "
              "rescales those vectors by 2^alpha until they fit.");
  }
}

// Coset's profilers asked for more than 1e5 encodes/s and 2e5 decodes/s for D4, q = 4, M = 2.
void target_rule(const std::vector<LatticeSeries>& series, std::vector<LatticeFinding>& out) {
  for (const auto& s : series) {
    const LatticeName& n = s.name;
    if (n.lattice != "D4" || n.q != 4 || n.levels != 2) continue;
    const bool encode = n.op == "Encode";
    if (!encode && n.op != "Decode") continue;
    const double target = encode ? QL::kEncodeTarget : QL::kDecodeTarget;
    const LatticePoint* best = nullptr;
    for (const auto& p : s.points) {
      const double v = p.bench->value("vectors_per_s");
      if (v > 0 && (!best || v > best->bench->value("vectors_per_s"))) best = &p;
    }
    if (best == nullptr) continue;
    const double v = best->bench->value("vectors_per_s");
    const std::string what = encode ? "encodes/s" : "decodes/s";
    const std::string reach = n.impl + " reaches " + rate(v) + " at batch " +
                              std::to_string(best->batch) +
                              " (its best): Coset's target of more "
                              "than " +
                              format_value(target, "") + " " + what;
    if (v > target) {
      add(out, n.series, "lattice-target", Severity::kInfo, reach + " is met.",
          "Nothing to do: the target is Coset's, for its reference configuration "
          "(docs/LATTICE.md).");
    } else {
      add(out, n.series, "lattice-target", Severity::kWarning, reach + " is missed.",
          "Use the batched path with batches of 100 or more (see the speed-up table), build for "
          "this CPU (-march), or move large batches to the GPU.");
    }
  }
}

}  // namespace

std::vector<LatticeFinding> find_lattice_findings(const RunSummary& run) {
  std::vector<LatticeFinding> out;
  const std::vector<LatticeSeries> series = lattice_series(run);
  if (series.empty()) return out;
  speedup_rules(run, out);
  transfer_rule(series, out);
  device_bandwidth_rule(series, out);
  underfilled_rule(series, out);
  plateau_rule(series, out);
  overload_rule(run, series, out);
  target_rule(series, out);
  std::stable_sort(out.begin(), out.end(), [](const LatticeFinding& x, const LatticeFinding& y) {
    return x.finding.severity > y.finding.severity;
  });
  return out;
}

const std::vector<HotspotRule>& lattice_rules() {
  using S = Severity;
  static const std::vector<HotspotRule> rules = {
      {"lattice-slower", "real_time of the implementation and the reference",
       "speed-up < 1x at the largest batch", S::kWarning},
      {"lattice-small-batch", "real_time of the implementation and the reference",
       "speed-up < 1x below a batch from which it is >= 1x", S::kInfo},
      {"lattice-transfer-bound", "transfer_us, kernel_us", "transfer_us > kernel_us", S::kWarning},
      {"lattice-device-bandwidth", "peak_bandwidth_frac, kernel_GB_per_s",
       "cuda, largest batch: peak_bandwidth_frac >= 0.5 (info), or < 0.5 from batch 1e6 (warning)",
       S::kWarning},
      {"lattice-gpu-underfilled", "kernel_us", "cuda: kernel time per vector > 2x the series' best",
       S::kInfo},
      {"lattice-plateau", "vectors_per_s, GB_per_s",
       "a batch >= 10x larger gains < 10 % vectors_per_s", S::kInfo},
      {"lattice-overload", "overloaded_fraction", "overloaded_fraction > 1 %", S::kWarning},
      {"lattice-target", "vectors_per_s", "D4 q4 M2: best encodes/s <= 1e5 or decodes/s <= 2e5",
       S::kWarning},
  };
  return rules;
}

}  // namespace mdb::compare
