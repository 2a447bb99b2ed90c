#include "compare/report/hotspots.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/printf_string.hpp"
#include "compare/report/drift_verdict.hpp"
#include "compare/report/rebuild_tails.hpp"

namespace mdb::compare {
namespace {

namespace HL = hotspot_limits;

std::string us(double v) {
  return format_value(v, "us");
}

void add(std::vector<Finding>& out, std::string rule, Severity s, std::string observation,
         std::string recommendation) {
  out.push_back({std::move(rule), s, std::move(observation), std::move(recommendation)});
}

// Mean step time in µs: md_bench's steps_per_s counts each (batched) step once, over the same
// wall time as the latencies.
double mean_step_us(const BenchSummary& b) {
  const double rate = b.value("steps_per_s");
  return rate > 0 ? 1e6 / rate : std::nan("");
}

// A Peer row measures LAMMPS: its lists and allocations are LAMMPS's, nothing to change here.
bool measures_a_peer(const BenchSummary& b) {
  return b.name.rfind("Peer/", 0) == 0;
}

// md_bench's KIM cases are named after the model with "-kim" (si-sw-kim, al-eam-kim, ...;
// docs/BENCHMARKS.md): the force field is a third-party driver behind the KIM API.
bool runs_a_kim_model(const BenchSummary& b) {
  const std::string& c = b.parts.case_name;
  return c.size() > 4 && c.compare(c.size() - 4, 4, "-kim") == 0;
}

// Step times spread in the body of the distribution, not only in a tail the tail rules cover:
// a CV above the rule with one step in 20 well above the median. On a shared machine a few
// interrupted steps alone push the CV of microsecond steps past any fixed bound.
bool body_varies(const BenchSummary& b, double cv) {
  if (!(cv > HL::kStepCv)) return false;
  const double p50 = b.value("p50_us"), p95 = b.value("p95_us");
  if (!(p50 > 0) || !std::isfinite(p95)) return true;  // no quantiles: the CV alone
  return p95 > HL::kP95OverP50 * p50;
}

// Within the run's own noise floor (RunNoise): as much as the machine makes the run's other rows
// vary, so nothing this row does to act on. Without a floor, nothing is within it.
bool within_floor(double value, double fence) {
  return std::isfinite(fence) && !(value > fence);
}

// Where a Batched row's threads lose time depends on whether they share the replicas evenly.
std::string other_share_advice(const BenchSummary& b) {
  if (b.parts.family != "Batched") {
    return "That is thermo output, the harness or synchronisation: sample thermodynamics less "
           "often, and check that nothing else runs inside the step.";
  }
  const double threads = b.value("worker_threads");
  const int replicas = b.parts.replicas;
  if (!(threads > 1) || replicas % static_cast<int>(threads) != 0) {
    return "Threads wait for the slowest replica: give each thread the same number of replicas "
           "(R a multiple of the thread count) and keep replicas the same size.";
  }
  return "Each of the " + printf_string("%.0f", threads) + " threads already has " +
         std::to_string(replicas / static_cast<int>(threads)) +
         " replica(s), so they wait at the barrier between steps because one ran slower: "
         "uneven slow-downs (a KIM driver's allocations, other load on this machine; compare "
         "real_time with cpu_time) or, for steps of a few microseconds, the barrier itself (a "
         "step here: " +
         us(1e6 / b.value("steps_per_s")) +
         "). Run such small systems with fewer threads, or give each replica more atoms.";
}

// Atoms per replica: from md_bench's name, else the natoms counter; NaN when neither says.
double atoms_per_replica(const BenchSummary& b) {
  if (b.parts.atoms > 0) return static_cast<double>(b.parts.atoms);
  return b.value("natoms");
}

// A small periodic system's list build bins and searches a halo of images many times its own
// size (lj-melt's images within its 2.8 sigma list range: 11.5 per atom at 64 atoms, 1.4 at
// 4,096), while the forces cost the same per atom at any size: a larger share is expected there
// (lj-melt 27 % at 32 atoms, 17 % at 4,096; LAMMPS's own list 30 % at 64). Between the two
// bounds it is a note; beyond the small systems' bound rebuilds are too frequent or too slow
// whatever the size.
void neighbor_rule(const BenchSummary& b, double neigh, std::vector<Finding>& out) {
  if (!(neigh > HL::kNeighborShare)) return;
  const double atoms = atoms_per_replica(b);
  const bool small = atoms < HL::kSmallSystemAtoms;
  const std::string observation =
      "The neighbour list takes " + percent_string(neigh) + " of the step (rule: above " +
      percent_string(HL::kNeighborShare) + ", " + percent_string(HL::kNeighborShareSmall) +
      " below " + printf_string("%.0f", HL::kSmallSystemAtoms) + " atoms).";
  if (measures_a_peer(b)) {
    add(out, "neighbor-share", Severity::kInfo, observation,
        "LAMMPS's own list with the case's skin and rebuild policy: compare the engine's row of "
        "the same state, whose list this suite controls.");
  } else if (small && !(neigh > HL::kNeighborShareSmall)) {
    add(out, "neighbor-share", Severity::kInfo,
        observation + " Expected at " + printf_string("%.0f", atoms) +
            " atoms: each rebuild bins and searches periodic images many times the system's "
            "size, while the forces cost the same per atom at any size.",
        "Nothing to change in the list for a system this small; measure a larger size "
        "(Scaling rows) to see the share the list takes in production.");
  } else {
    add(out, "neighbor-share", Severity::kWarning, observation,
        "Rebuild less often: a larger skin lets atoms move further between rebuilds (at the "
        "cost of more pairs per step), or rebuild every N steps instead of checking every step. "
        "If rebuilds are already rare, make each one cheaper (cell sorting, a parallel build).");
  }
}

void phase_rules(const BenchSummary& b, const RunNoise& noise, std::vector<Finding>& out) {
  const double neigh = b.value("frac_neigh"), force = b.value("frac_force");
  const double integrate = b.value("frac_integrate"), other = b.value("frac_other");
  neighbor_rule(b, neigh, out);
  // When another phase rule fired, it already says where the force field's share went.
  const bool explained =
      neigh > HL::kNeighborShare || other > HL::kOtherShare || integrate > HL::kIntegrateShare;
  if (force < HL::kForceShareLow && !explained) {
    add(out, "force-share-low", Severity::kInfo,
        "The force field takes only " + percent_string(force) +
            " of the step (MD codes usually spend "
            "60-80 % there).",
        "The rest is overhead: at small sizes the fixed per-step cost dominates. Measure a larger "
        "system before optimising the force kernel, and look at the other phases first.");
  }
  if (other > HL::kOtherShare) {
    const bool threaded_batch = b.parts.family == "Batched" && b.value("worker_threads") > 1;
    const bool machine = threaded_batch && within_floor(other, noise.batched_wait_fence);
    add(out, "other-share", machine ? Severity::kInfo : Severity::kWarning,
        percent_string(other) +
            " of the thread time is outside force, neighbour list and integration." +
            (machine ? " The run's other threaded Batched rows wait up to " +
                           percent_string(noise.batched_wait_fence) +
                           " (Tukey's fence over them): the machine's load, not this row's."
                     : ""),
        other_share_advice(b));
  }
  if (integrate > HL::kIntegrateShare) {
    // A thermostat draws random numbers for every atom each step, which costs about what a
    // cheap pair potential does (lj-ar NVT: 36 % at 64 atoms and 38 % at 512): a large share
    // is then the force field's cheapness, at any size. Only an update that costs as much as
    // the force field itself does more than stream arrays and draw noise.
    const bool costs_more_than_forces = !(integrate < force);
    add(out, "integrate-share", costs_more_than_forces ? Severity::kWarning : Severity::kInfo,
        "Integration takes " + percent_string(integrate) + " of the step" +
            (costs_more_than_forces
                 ? ", as much as the force field (" + percent_string(force) + ")."
                 : " (the force field " + percent_string(force) + ")."),
        costs_more_than_forces
            ? "An integrator streams the arrays once per step and should cost a fraction of the "
              "forces: look for allocation, a per-step reduction or expensive random numbers "
              "(thermostat noise) in the update."
            : "Expected when the force field is cheap per atom (a pair potential) next to a "
              "thermostat's random numbers, whatever the size: nothing to fix in the integrator; "
              "an NVE row of the same case shows the bare update.");
  }
}

std::string floor_note(const char* what, double fence) {
  return " This run's rows reach " + printf_string("%.2f", fence) + " " + what +
         " (Tukey's fence over its rows): the machine's noise, not this row's.";
}

void timing_rules(const BenchSummary& b, const RunNoise& noise, std::vector<Finding>& out) {
  const bool rebuilds = rebuilds_explain_spread(b);
  if (const double cv = b.value("cv"); body_varies(b, cv)) {
    if (!rebuilds && within_floor(cv, noise.cv_fence)) {
      add(out, "step-cv", Severity::kInfo,
          "Step times vary (CV " + printf_string("%.2f", cv) + ")." +
              floor_note("CV", noise.cv_fence),
          "To measure finer, quiet the machine (performance governor, no other load, taskset) "
          "and add repetitions; a row above the fence is worth a look.");
    } else if (rebuilds) {
      add(out, "step-cv", Severity::kInfo,
          "Step times vary (CV " + printf_string("%.2f", cv) + "), and " +
              percent_string(b.value("frac_neigh")) +
              " of the time is in the neighbour list: rebuild steps are much slower than others.",
          "Expected with a Verlet list. To narrow it, make rebuilds rarer or cheaper (see the "
          "neighbour rule); judge machine noise by the run-to-run variation instead.");
    } else {
      add(out, "step-cv", Severity::kWarning,
          "Step times vary (CV " + printf_string("%.2f", cv) + ", rule: above " +
              printf_string("%.2f", HL::kStepCv) + ", one step in 20 beyond " +
              printf_string("%.1f", HL::kP95OverP50) +
              "x the median) with no neighbour rebuilds to "
              "explain it.",
          "Unstable timing: set the CPU governor to performance (no frequency scaling), stop other "
          "load on the machine, and pin the benchmark to a core (taskset).");
    }
  }
  if (b.repetition_cv > HL::kRepetitionCv) {
    add(out, "repetition-cv", Severity::kWarning,
        "Repetitions disagree: real_time varies " + percent_string(b.repetition_cv) +
            " from one repetition to the next (rule: above " + percent_string(HL::kRepetitionCv) +
            ").",
        "A 5 % regression cannot be seen through that: quiet the machine, run longer "
        "(--benchmark_min_time) or add repetitions, and compare interleaved runs.");
  }
  const double mean = mean_step_us(b);
  if (!(mean > 0)) return;
  // Rebuild steps in the tail are what a Verlet list costs, not a fault, and a tail within the
  // run's floor is the machine's: worth knowing only.
  auto tail_rule = [&](const char* id, double r, double quantile, double limit, double fence,
                       const std::string& what, const char* advice_prefix) {
    if (!(r > limit)) return;
    const bool from_rebuilds = rebuilds_explain_tail(b, r, quantile);
    const bool machine = !from_rebuilds && within_floor(r, fence);
    const std::string note = from_rebuilds ? " " + rebuild_note(b, r, quantile)
                             : machine     ? floor_note("x the mean", fence)
                                           : "";
    const char* advice = from_rebuilds
                             ? "What a Verlet list costs: rarer rebuilds (a larger skin) or a "
                               "cheaper build shorten the tail."
                             : "Find what the slow steps do: page faults, allocations, interrupts, "
                               "another process; pin the thread and pre-fault memory.";
    add(out, id, from_rebuilds || machine ? Severity::kInfo : Severity::kWarning, what + note,
        advice_prefix + std::string(advice));
  };
  if (const double p95 = b.value("p95_us"); p95 > 0) {
    const double r = p95 / mean;
    tail_rule("p95-tail", r, 0.95, HL::kP95OverMean, noise.p95_over_mean_fence,
              "One step in 20 takes more than " + printf_string("%.1f", r) + "x the mean (p95 " +
                  us(p95) + ", mean " + us(mean) + "; rule: above 2x).",
              "");
  }
  if (const double p99 = b.value("p99_us"); p99 > 0) {
    const double r = p99 / mean;
    tail_rule("p99-tail", r, 0.99, HL::kP99OverMean, noise.p99_over_mean_fence,
              "Outliers: p99 is " + printf_string("%.1f", r) + "x the mean step (p99 " + us(p99) +
                  ", mean " + us(mean) + "; rule: above 3x).",
              "In parallel MD every rank waits for the slowest each step, so rare slow steps set "
              "the pace. ");
  }
}

// A drift beyond `bound` is a problem only when its fit can show one (judge_drift): otherwise a
// note that says what the window and the standard error allow, and how to measure it.
void drift_rule(const BenchSummary& b, const char* id, const char* metric, double bound,
                const std::string& what, const char* unit_and_ensemble, const char* advice,
                std::vector<Finding>& out) {
  const DriftFit fit{b.value(metric), b.value("drift_window_ps"), b.value("drift_se")};
  const DriftVerdict v = judge_drift(fit, bound);
  if (v == DriftVerdict::kWithin) return;
  const std::string observation = what + printf_string("%.3g", fit.drift) + unit_and_ensemble +
                                  " (rule: |drift| above " + printf_string("%.2g", bound) + ")." +
                                  describe_drift_fit(fit);
  if (v == DriftVerdict::kDrift) {
    add(out, id, Severity::kProblem, observation, advice);
  } else {
    add(out, id, Severity::kInfo, observation,
        "Nothing measured to act on. To measure the drift, run a longer trajectory (--md_steps) "
        "so the fit spans 1 ps or more.");
  }
}

void memory_and_physics_rules(const BenchSummary& b, std::vector<Finding>& out) {
  if (const double mb = b.value("mem_delta_MB"); mb > HL::kMemGrowthMB) {
    add(out, "mem-growth", Severity::kProblem,
        "Memory grew " + printf_string("%.1f", mb) +
            " MB over the timed steps (rule: above 10 MB).",
        "A leak or unbounded buffer growth: a long run will run out of memory. Steps should reuse "
        "buffers sized once (grow-only storage); check caches that never evict.");
  }
  if (const double a = b.value("allocs_per_step"); a > HL::kAllocsPerStep) {
    const bool peer = measures_a_peer(b), kim = runs_a_kim_model(b);
    const std::string observation =
        printf_string("%.3g", a) +
        " heap allocations per step (rule: above 0.01, one in 100 steps).";
    if (peer) {
      add(out, "allocs", Severity::kInfo, observation,
          "LAMMPS's own allocations (its output and list bookkeeping): nothing in the engine to "
          "change.");
    } else if (kim) {
      add(out, "allocs", Severity::kInfo, observation,
          "The KIM model driver's or the KIM API's own: the engine's KIM adapter allocates "
          "nothing per step (test_md_allocations proves it), so only the model's authors can "
          "change this.");
    } else {
      add(out, "allocs", Severity::kWarning, observation,
          "Allocate buffers once and reuse them; an allocation in the step costs time, and its "
          "page faults show up as latency outliers.");
    }
  }
  drift_rule(b, "energy-drift", "energy_drift", HL::kEnergyDrift, "The total energy's slope is ",
             " meV/atom/ps in NVE",
             "Energy is not conserved: the time step is too large for this model, or the forces "
             "are not the gradient of the energy (check the force check, cutoff smoothing, "
             "precision).",
             out);
  drift_rule(b, "conserved-drift", "conserved_drift", HL::kConservedDrift,
             "The thermostat's conserved quantity's slope is ", " meV/atom/ps",
             "The integration is inaccurate: reduce the time step or check the thermostat/"
             "barostat bookkeeping.",
             out);
}

void nn_rules(const BenchSummary& b, std::vector<Finding>& out) {
  if (const double d = b.value("nn_descriptor_frac"); d > HL::kNnDescriptorShare) {
    add(out, "nn-descriptor", Severity::kInfo,
        "The descriptor (AEV) takes " + percent_string(d) + " of the force-field time.",
        "Vectorise the radial and angular terms over neighbours, reuse pair distances between "
        "them, or shrink the angular cutoff (the angular terms grow with neighbours squared).");
  }
  const double net = b.value("nn_network_frac") + b.value("nn_backward_frac");
  const double peak = b.value("nn_gemm_peak_frac");
  if (net > HL::kNnNetworkShare && peak < HL::kNnGemmPeak) {
    add(out, "nn-gemm", Severity::kWarning,
        "The networks take " + percent_string(net) + " of the force-field time but run at " +
            percent_string(peak) + " of this machine's matrix-multiply peak.",
        "The layers run as thin products: batch all atoms of a species into one matrix per "
        "layer (and replicas together), so each product is large enough to reach the GEMM rate.");
  }
}

}  // namespace

Severity Hotspots::worst() const {
  Severity s = Severity::kInfo;
  for (const auto& f : findings) s = std::max(s, f.severity);
  return s;
}

Hotspots find_hotspots(const BenchSummary& b, const RunNoise& noise) {
  Hotspots h;
  if (b.error) {
    add(h.findings, "error", Severity::kProblem,
        "The run failed: " + one_line(b.error_message.empty() ? "no message" : b.error_message),
        "Nothing was measured. A failed force check or a blow-up is a bug in the model or "
        "the set-up, not a performance problem; fix it first.");
    return h;
  }
  const std::pair<const char*, const char*> phases[] = {{"frac_force", "force"},
                                                        {"frac_neigh", "neighbour list"},
                                                        {"frac_integrate", "integration"},
                                                        {"frac_other", "other"}};
  for (const auto& [metric, label] : phases) {
    if (const double v = b.value(metric); v > h.dominant_share) {
      h.dominant_share = v;
      h.dominant_phase = label;
    }
  }
  phase_rules(b, noise, h.findings);
  timing_rules(b, noise, h.findings);
  memory_and_physics_rules(b, h.findings);
  nn_rules(b, h.findings);
  std::stable_sort(h.findings.begin(), h.findings.end(),
                   [](const Finding& x, const Finding& y) { return x.severity > y.severity; });
  return h;
}

std::string_view to_string(Severity s) {
  switch (s) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kProblem:
      return "problem";
  }
  return "info";
}

}  // namespace mdb::compare
