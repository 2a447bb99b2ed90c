#include "compare/report/hotspots.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "tests/compare/hotspots_test_support.hpp"

namespace mdb::compare {
namespace {

using namespace hotspots_test;

TEST(Hotspots, HealthyBenchmarkHasNoFindingAndNamesTheDominantPhase) {
  const Hotspots h = find_hotspots(healthy());
  EXPECT_TRUE(h.findings.empty()) << h.findings.front().rule;
  EXPECT_EQ(h.dominant_phase, "force");
  EXPECT_DOUBLE_EQ(h.dominant_share, 0.78);
  EXPECT_EQ(h.worst(), Severity::kInfo);
}

TEST(Hotspots, DominantPhaseFollowsTheLargestShare) {
  BenchSummary b = healthy();
  b.medians["frac_force"] = 0.30;
  b.medians["frac_neigh"] = 0.55;
  EXPECT_EQ(find_hotspots(b).dominant_phase, "neighbour list");
}

// Each rule: the counter just below its threshold stays silent, just above fires.
struct Case {
  const char* rule;
  const char* metric;
  double quiet, fires;
  Severity severity;
};

class EachRule : public ::testing::TestWithParam<Case> {};

TEST_P(EachRule, FiresOnlyBeyondItsThreshold) {
  const Case c = GetParam();
  BenchSummary b = healthy();
  b.medians[c.metric] = c.quiet;
  EXPECT_EQ(rules(find_hotspots(b)).count(c.rule), 0u) << c.metric << " = " << c.quiet;
  b.medians[c.metric] = c.fires;
  const Hotspots h = find_hotspots(b);
  const Finding* f = finding(h, c.rule);
  ASSERT_NE(f, nullptr) << c.metric << " = " << c.fires;
  EXPECT_EQ(f->severity, c.severity);
  EXPECT_FALSE(f->observation.empty());
  EXPECT_FALSE(f->recommendation.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Thresholds, EachRule,
    // The healthy row has 64 atoms: from 25 % a note (SmallSystemsHaveTheirOwnNeighbourBound).
    ::testing::Values(Case{"neighbor-share", "frac_neigh", 0.25, 0.26, Severity::kInfo},
                      Case{"force-share-low", "frac_force", 0.60, 0.59, Severity::kInfo},
                      Case{"other-share", "frac_other", 0.20, 0.21, Severity::kWarning},
                      // The healthy row's forces take 78 %: a large update next to them is a
                      // note (IntegrationIsAWarningOnlyWhenItCostsAsMuchAsTheForces).
                      Case{"integrate-share", "frac_integrate", 0.20, 0.21, Severity::kInfo},
                      Case{"step-cv", "cv", 0.20, 0.21, Severity::kInfo},  // rebuilds explain it
                      // Mean step 10 µs; the healthy row rebuilds (frac_neigh 15 %), so its tails
                      // are notes (TailsWithoutRebuildsAreWarnings for the rest).
                      Case{"p95-tail", "p95_us", 20.0, 20.1, Severity::kInfo},
                      Case{"p99-tail", "p99_us", 30.0, 30.1, Severity::kInfo},
                      Case{"mem-growth", "mem_delta_MB", 10.0, 10.1, Severity::kProblem},
                      Case{"allocs", "allocs_per_step", 0.01, 0.02, Severity::kWarning},
                      Case{"energy-drift", "energy_drift", -0.05, -0.06, Severity::kProblem},
                      Case{"conserved-drift", "conserved_drift", 0.5, 0.51, Severity::kProblem},
                      Case{"nn-descriptor", "nn_descriptor_frac", 0.5, 0.51, Severity::kInfo}));

// Below 1,000 atoms the list's halo of images outweighs the system: 25-35 % is a note, above
// 35 % a warning; from 1,000 atoms 25 % is the bound. Just inside and beyond each.
TEST(Hotspots, SmallSystemsHaveTheirOwnNeighbourBound) {
  auto severity_at = [](const char* name, double frac_neigh) -> std::optional<Severity> {
    BenchSummary b = healthy();
    b.name = name;
    b.parts = parse_bench_name(b.name);
    b.medians["frac_neigh"] = frac_neigh;
    const Hotspots h = find_hotspots(b);
    const Finding* f = finding(h, "neighbor-share");
    if (f == nullptr) return std::nullopt;
    return f->severity;
  };
  const char* small = "Step/NVE/999/lj-melt/cpu/manual_time";
  const char* large = "Step/NVE/1000/lj-melt/cpu/manual_time";
  EXPECT_EQ(severity_at(small, 0.25), std::nullopt);
  EXPECT_EQ(severity_at(small, 0.26), Severity::kInfo);
  EXPECT_EQ(severity_at(small, 0.35), Severity::kInfo);
  EXPECT_EQ(severity_at(small, 0.36), Severity::kWarning);
  EXPECT_EQ(severity_at(large, 0.25), std::nullopt);
  EXPECT_EQ(severity_at(large, 0.26), Severity::kWarning);
  // The note says why, and the warning keeps the advice about rebuilds.
  BenchSummary b = healthy();
  b.medians["frac_neigh"] = 0.30;
  Hotspots h = find_hotspots(b);
  ASSERT_TRUE(has_rule(h, "neighbor-share"));
  EXPECT_NE(finding(h, "neighbor-share")->observation.find("Expected at 64 atoms"),
            std::string::npos);
  b.medians["frac_neigh"] = 0.40;
  h = find_hotspots(b);
  ASSERT_TRUE(has_rule(h, "neighbor-share"));
  EXPECT_NE(finding(h, "neighbor-share")->recommendation.find("larger skin"), std::string::npos);
}

// Another program's rows have no md_bench name: the natoms counter gives the size; without
// either, the 25 % bound holds.
TEST(Hotspots, NeighbourBoundReadsNatomsWithoutAnMdBenchName) {
  BenchSummary b = healthy();
  b.name = "BM_MyEngineStep";
  b.parts = parse_bench_name(b.name);
  b.medians["frac_neigh"] = 0.30;
  b.medians["natoms"] = 128;
  Hotspots h = find_hotspots(b);
  ASSERT_TRUE(has_rule(h, "neighbor-share"));
  EXPECT_EQ(finding(h, "neighbor-share")->severity, Severity::kInfo);
  b.medians.erase("natoms");
  h = find_hotspots(b);
  ASSERT_TRUE(has_rule(h, "neighbor-share"));
  EXPECT_EQ(finding(h, "neighbor-share")->severity, Severity::kWarning);
}

TEST(Hotspots, APeersListAndAllocationsAreLammpssOwn) {
  BenchSummary b = healthy();
  b.name = "Peer/NVE/64/lj-melt/lammps/manual_time";
  b.parts = parse_bench_name(b.name);
  b.medians["frac_neigh"] = 0.4;
  b.medians["allocs_per_step"] = 0.06;
  const Hotspots h = find_hotspots(b);
  for (const char* rule : {"neighbor-share", "allocs"}) {
    const Finding* f = finding(h, rule);
    ASSERT_NE(f, nullptr) << rule;
    EXPECT_EQ(f->severity, Severity::kInfo) << rule;
    EXPECT_NE(f->recommendation.find("LAMMPS"), std::string::npos) << f->recommendation;
  }
}

TEST(Hotspots, RepetitionVariation) {
  BenchSummary b = healthy();
  b.repetition_cv = 0.05;
  EXPECT_FALSE(has_rule(find_hotspots(b), "repetition-cv"));
  b.repetition_cv = 0.08;
  const Hotspots h = find_hotspots(b);
  const Finding* f = finding(h, "repetition-cv");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->observation.find("8 %"), std::string::npos) << f->observation;
}

TEST(Hotspots, OtherPhaseRulesExplainALowForceShare) {
  for (const auto& [metric, rule] :
       {std::pair{"frac_neigh", "neighbor-share"}, std::pair{"frac_other", "other-share"},
        std::pair{"frac_integrate", "integrate-share"}}) {
    BenchSummary b = healthy();
    b.medians["frac_force"] = 0.50;
    b.medians["frac_neigh"] = 0.05;
    b.medians["frac_other"] = 0.05;
    b.medians["frac_integrate"] = 0.05;
    b.medians[metric] = 0.40;
    const auto r = rules(find_hotspots(b));
    EXPECT_TRUE(r.count(rule)) << rule;
    EXPECT_FALSE(r.count("force-share-low")) << rule;
  }
}

TEST(Hotspots, BatchedWaitingGetsItsOwnAdvice) {
  BenchSummary b = healthy();
  b.name = "Batched/NVE/64/lj-ar/cpu/replicas:4/manual_time";
  b.parts = parse_bench_name(b.name);
  b.medians["frac_other"] = 0.4;
  b.medians["worker_threads"] = 3;  // 4 replicas on 3 threads: one thread has two
  const Hotspots h = find_hotspots(b);
  const Finding* f = finding(h, "other-share");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->recommendation.find("R a multiple of the thread count"), std::string::npos);
  // Shared evenly already (4 on 2), that advice would be wrong: the barrier and uneven threads.
  b.medians["worker_threads"] = 2;
  const Hotspots even = find_hotspots(b);
  const Finding* e = finding(even, "other-share");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->recommendation.find("R a multiple"), std::string::npos) << e->recommendation;
  EXPECT_NE(e->recommendation.find("already has 2 replica(s)"), std::string::npos)
      << e->recommendation;
  EXPECT_NE(e->recommendation.find("fewer threads"), std::string::npos) << e->recommendation;
}

// Threads of a Batched row wait for each other when the machine is loaded, in every such row of
// the run at once: up to the run's fence a note, just beyond it a warning. A Step row's other
// share is no wait and ignores the fence.
TEST(Hotspots, BatchedWaitingWithinTheRunsNoiseIsANote) {
  BenchSummary b = healthy();
  b.name = "Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time";
  b.parts = parse_bench_name(b.name);
  b.medians["worker_threads"] = 2;
  b.medians["frac_other"] = 0.40;
  RunNoise noise;
  noise.batched_wait_fence = 0.40;
  const Hotspots inside = find_hotspots(b, noise);
  ASSERT_NE(finding(inside, "other-share"), nullptr);
  EXPECT_EQ(finding(inside, "other-share")->severity, Severity::kInfo);
  b.medians["frac_other"] = 0.41;
  const Hotspots beyond = find_hotspots(b, noise);
  EXPECT_EQ(finding(beyond, "other-share")->severity, Severity::kWarning);
  BenchSummary step = healthy();
  step.medians["frac_other"] = 0.30;
  const Hotspots s = find_hotspots(step, noise);
  EXPECT_EQ(finding(s, "other-share")->severity, Severity::kWarning);
}

// A thermostat's random numbers cost about what a cheap pair potential does, at any size
// (lj-ar NVT: 36 % at 64 atoms, 38 % at 512): a warning only when the update costs as much as
// the forces, just below and at the forces' share.
TEST(Hotspots, IntegrationIsAWarningOnlyWhenItCostsAsMuchAsTheForces) {
  BenchSummary b = healthy();
  b.medians["frac_force"] = 0.45;
  b.medians["frac_neigh"] = 0.05;
  b.medians["frac_integrate"] = 0.44;
  const Hotspots inside = find_hotspots(b);
  const Finding* i = finding(inside, "integrate-share");
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->severity, Severity::kInfo);
  EXPECT_NE(i->recommendation.find("Expected"), std::string::npos) << i->recommendation;
  b.medians["frac_integrate"] = 0.45;
  const Hotspots beyond = find_hotspots(b);
  const Finding* w = finding(beyond, "integrate-share");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->severity, Severity::kWarning);
}

// A KIM model's allocations are its driver's: the adapter adds none (test_md_allocations), so a
// note, while the same count in the engine's own row stays a warning.
TEST(Hotspots, AKimModelsAllocationsAreItsOwn) {
  BenchSummary b = healthy();
  b.medians["allocs_per_step"] = 149;
  const Hotspots engine = find_hotspots(b);
  ASSERT_NE(finding(engine, "allocs"), nullptr);
  EXPECT_EQ(finding(engine, "allocs")->severity, Severity::kWarning);
  b.name = "Step/NVE/64/si-sw-kim/cpu/manual_time";
  b.parts = parse_bench_name(b.name);
  const Hotspots kim = find_hotspots(b);
  const Finding* f = finding(kim, "allocs");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kInfo);
  EXPECT_NE(f->recommendation.find("KIM model driver"), std::string::npos) << f->recommendation;
  // A case whose name merely contains "kim" is not a KIM model.
  b.name = "Step/NVE/64/kimchi/cpu/manual_time";
  b.parts = parse_bench_name(b.name);
  const Hotspots other = find_hotspots(b);
  EXPECT_EQ(finding(other, "allocs")->severity, Severity::kWarning);
}

TEST(Hotspots, SlowNetworksFarFromTheGemmPeak) {
  BenchSummary b = healthy();
  b.medians["nn_network_frac"] = 0.4;
  b.medians["nn_backward_frac"] = 0.3;
  b.medians["nn_gemm_peak_frac"] = 0.30;
  EXPECT_FALSE(has_rule(find_hotspots(b), "nn-gemm"));  // fast enough
  b.medians["nn_gemm_peak_frac"] = 0.10;
  EXPECT_TRUE(has_rule(find_hotspots(b), "nn-gemm"));
  b.medians["nn_backward_frac"] = 0.1;  // networks no longer dominate
  EXPECT_FALSE(has_rule(find_hotspots(b), "nn-gemm"));
}

TEST(Hotspots, ErrorRunIsOneProblemAndNothingElse) {
  BenchSummary b = healthy();
  b.error = true;
  b.error_message = "force check failed:\nF_x differs";
  const Hotspots h = find_hotspots(b);
  ASSERT_EQ(h.findings.size(), 1u);
  EXPECT_EQ(h.findings[0].rule, "error");
  EXPECT_EQ(h.findings[0].severity, Severity::kProblem);
  EXPECT_EQ(h.findings[0].observation.find('\n'), std::string::npos);
  EXPECT_TRUE(h.dominant_phase.empty());
}

TEST(Hotspots, RowsWithoutMdBenchCountersStaySilent) {
  BenchSummary b;
  b.name = "BM_memcpy/8";
  b.medians = {{"real_time", 12}, {"cpu_time", 12}};
  const Hotspots h = find_hotspots(b);
  EXPECT_TRUE(h.findings.empty());
  EXPECT_TRUE(h.dominant_phase.empty());
}

TEST(Hotspots, MostSevereFirst) {
  BenchSummary b = healthy();
  b.medians["frac_other"] = 0.3;          // warning
  b.medians["mem_delta_MB"] = 50;         // problem
  b.medians["nn_descriptor_frac"] = 0.7;  // info
  const Hotspots h = find_hotspots(b);
  ASSERT_GE(h.findings.size(), 3u);
  EXPECT_EQ(h.findings.front().severity, Severity::kProblem);
  EXPECT_EQ(h.findings.back().severity, Severity::kInfo);
  EXPECT_EQ(h.worst(), Severity::kProblem);
}

// Every rule the code can fire is in the table, and the table is in docs/REPORT.md with its
// threshold: a rule nobody can look up is a rule nobody trusts.
TEST(Hotspots, EveryRuleIsDocumentedWithItsCondition) {
  std::ifstream in(MDB_REPORT_DOC);
  ASSERT_TRUE(in) << MDB_REPORT_DOC;
  std::stringstream raw;
  raw << in.rdbuf();
  std::string text = raw.str();  // Markdown tables escape '|' as "\|"
  for (auto p = text.find("\\|"); p != std::string::npos; p = text.find("\\|", p)) text.erase(p, 1);
  std::stringstream doc(text);
  std::set<std::string> ids;
  for (const auto& r : hotspot_rules()) {
    ids.insert(std::string(r.id));
    EXPECT_NE(doc.str().find("`" + std::string(r.id) + "`"), std::string::npos) << r.id;
    EXPECT_NE(doc.str().find(std::string(r.condition)), std::string::npos) << r.condition;
  }
  // Drive every rule at once and check that each id it fires is in the table.
  BenchSummary b = healthy();
  b.medians = {{"frac_force", 0.3},
               {"frac_neigh", 0.3},
               {"frac_integrate", 0.25},
               {"frac_other", 0.25},
               {"cv", 0.9},
               {"steps_per_s", 1e5},
               {"p95_us", 50},
               {"p99_us", 90},
               {"mem_delta_MB", 20},
               {"allocs_per_step", 3},
               {"energy_drift", 1},
               {"conserved_drift", 2},
               {"nn_network_frac", 0.5},
               {"nn_backward_frac", 0.3},
               {"nn_gemm_peak_frac", 0.1},
               {"nn_descriptor_frac", 0.6}};
  b.repetition_cv = 0.2;
  for (const auto& f : find_hotspots(b).findings) EXPECT_TRUE(ids.count(f.rule)) << f.rule;
  BenchSummary e = healthy();
  e.error = true;
  EXPECT_TRUE(ids.count(find_hotspots(e).findings.front().rule));
}

}  // namespace
}  // namespace mdb::compare
