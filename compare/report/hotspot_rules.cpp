// The hotspot rules as docs/REPORT.md tables them: id, counters read and the condition that
// fires, in the order find_hotspots (hotspots.cpp) applies them. test_hotspots checks the two
// agree.
#include "compare/report/hotspots.hpp"

namespace mdb::compare {

const std::vector<HotspotRule>& hotspot_rules() {
  using S = Severity;
  static const std::vector<HotspotRule> rules = {
      {"error", "error_occurred", "the run failed", S::kProblem},
      {"neighbor-share", "frac_neigh, natoms",
       "frac_neigh > 25 % (below 1,000 atoms: > 35 %, a note from 25 %)", S::kWarning},
      {"force-share-low", "frac_force", "frac_force < 60 %", S::kInfo},
      {"other-share", "frac_other",
       "frac_other > 20 % (threaded Batched rows: and above the run's fence)", S::kWarning},
      {"integrate-share", "frac_integrate, frac_force",
       "frac_integrate > 20 % and not below frac_force", S::kWarning},
      {"step-cv", "cv, p50_us, p95_us, frac_neigh",
       "cv > 0.20, p95 > 1.5x p50 and cv above the run's fence", S::kWarning},
      {"repetition-cv", "real_time of each repetition", "CV over repetitions > 5 %", S::kWarning},
      {"p95-tail", "p95_us, steps_per_s, steps_per_build, frac_neigh",
       "p95 > 2x the mean step, above the run's fence and beyond what rebuilds explain",
       S::kWarning},
      {"p99-tail", "p99_us, steps_per_s, steps_per_build, frac_neigh",
       "p99 > 3x the mean step, above the run's fence and beyond what rebuilds explain",
       S::kWarning},
      {"mem-growth", "mem_delta_MB", "mem_delta_MB > 10", S::kProblem},
      {"allocs", "allocs_per_step", "allocs_per_step > 0.01 (not a Peer or KIM row)", S::kWarning},
      {"energy-drift", "energy_drift, drift_window_ps, drift_se",
       "|energy_drift| > 0.05 meV/atom/ps over ≥ 0.1 ps and beyond 3 standard errors (else a "
       "note)",
       S::kProblem},
      {"conserved-drift", "conserved_drift, drift_window_ps, drift_se",
       "|conserved_drift| > 0.5 meV/atom/ps over ≥ 0.1 ps and beyond 3 standard errors (else a "
       "note)",
       S::kProblem},
      {"nn-descriptor", "nn_descriptor_frac", "nn_descriptor_frac > 50 %", S::kInfo},
      {"nn-gemm", "nn_network_frac, nn_backward_frac, nn_gemm_peak_frac",
       "network share > 60 % and nn_gemm_peak_frac < 25 %", S::kWarning},
  };
  return rules;
}

}  // namespace mdb::compare
