// The plan's rows that run elsewhere than on one CPU thread: peer programs (LAMMPS, ASE, OpenMM)
// beside the Step of the same state, thread teams and mixed precision, and the GPU's cuda and
// cuda-graph rows. Their names are what users filter and compare on.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "bench/cases.hpp"
#include "bench/peers/lammps_script.hpp"
#include "bench/registry.hpp"
#include "bench/registry_device.hpp"
#include "tests/bench/registry_test_support.hpp"

namespace mdb::bench {
namespace {

using registry_test::contains;

TEST(Plan, PeerBenchmarksShadowStepWhereLammpsHasTheModel) {
  MdOptions o;
  const auto names = reported_names(plan_benchmarks(o));
  const bool built = lammps_available();
  // Each Peer sits beside the Step of the same state; NPT and the NN cases have none.
  EXPECT_EQ(contains(names, "Peer/NVE/64/si-sw/lammps/manual_time"), built);
  EXPECT_EQ(contains(names, "Peer/NVT/64/lj-ar/lammps/manual_time"), built);
  EXPECT_EQ(contains(names, "Peer/NVE/32000/lj-melt/lammps/manual_time"), built);
#ifdef MDB_HAVE_PYTHON
  // ASE's own loop beside it where ASE has the potential (lj through ASE's LennardJones), in the
  // ensembles ASE's loops run and up to the sizes a Python loop takes in a default run.
  EXPECT_TRUE(contains(names, "Peer/NVE/64/lj-ar/ase/manual_time"));
  EXPECT_TRUE(contains(names, "Peer/NVT/512/lj-ar/ase/manual_time"));
  EXPECT_FALSE(contains(names, "Peer/NVE/64/si-sw/ase/manual_time"));  // ASE has no SW
#endif
  for (const auto& n : names) {
    if (n.rfind("Peer/", 0) != 0) continue;
    EXPECT_EQ(n.find("/NPT/"), std::string::npos) << n;
    EXPECT_EQ(n.find("si-nn"), std::string::npos) << n;
    // .../lammps/... and an accelerated .../lammps-opt/... both shadow .../cpu/...
    std::string step = "Step/" + n.substr(5);
    // .../lammps/, .../lammps-opt/ or .../ase/ -> .../cpu/
    const std::size_t at =
        step.find(step.find("/lammps") != std::string::npos ? "/lammps" : "/ase/");
    ASSERT_NE(at, std::string::npos) << n;
    step.replace(at, step.find('/', at + 1) - at, "/cpu");
    EXPECT_TRUE(contains(names, step)) << n;
  }
  o.lammps_peers = false;
  for (const auto& n : reported_names(plan_benchmarks(o))) {
    EXPECT_EQ(n.find("/lammps/"), std::string::npos) << n;
  }
  o.ase_peers = false;
  for (const auto& n : reported_names(plan_benchmarks(o))) EXPECT_NE(n.rfind("Peer/", 0), 0u) << n;
}

// OpenMM's rows: the water cases in NVE and NVT, beside their Step rows, at the sizes whose box
// holds twice the 10 A cut-off (OpenMM refuses a shorter box: 192 atoms are 12.4 A across).
TEST(Plan, OpenMmPeerRowsShadowWaterStepsWhereTheBoxHoldsTheCutoff) {
#ifdef MDB_HAVE_OPENMM
  MdOptions o;
  o.cases = {"water-spcfw"};
  o.sizes = {192, 1536};
  const auto names = reported_names(plan_benchmarks(o));
  for (const char* e : {"NVE", "NVT"}) {
    const std::string peer = std::string("Peer/") + e + "/1536/water-spcfw/openmm/manual_time";
    EXPECT_TRUE(contains(names, peer)) << peer;
    EXPECT_TRUE(contains(names, std::string("Step/") + e + "/1536/water-spcfw/cpu/manual_time"));
    EXPECT_FALSE(contains(names, std::string("Peer/") + e + "/192/water-spcfw/openmm/manual_time"));
  }
  for (const auto& n : names) EXPECT_EQ(n.find("NPT/1536/water-spcfw/openmm"), std::string::npos);
  o.cases = {"lj-ar", "si-sw"};  // no water model: no OpenMM row
  o.sizes = {};
  for (const auto& n : reported_names(plan_benchmarks(o))) {
    EXPECT_EQ(n.find("/openmm/"), std::string::npos) << n;
  }
  o.cases = {"water-spcfw"};
  o.sizes = {1536};
  o.openmm_peers = false;
  for (const auto& n : reported_names(plan_benchmarks(o))) {
    EXPECT_EQ(n.find("/openmm/"), std::string::npos) << n;
  }
#else
  GTEST_SKIP() << "built without OpenMM (libopenmm-dev) or FFTW";
#endif
}

TEST(Plan, ThreadCountsAddRowsForThreadedCases) {
  MdOptions o;
  o.cases = {"lj-ar", "si-sw", "si-nn-student"};
  o.sizes = {64};
  o.ensembles = {"NVE"};
  o.threads = {1, 2};
  const auto plan = plan_benchmarks(o);
  const auto names = reported_names(plan);
  EXPECT_TRUE(contains(names, "Step/NVE/64/lj-ar/cpu/manual_time"));
  EXPECT_TRUE(contains(names, "Step/NVE/64/lj-ar/cpu-t2/manual_time"));
  // The mixed-precision model on two threads too (GROMACS's and OpenMM's own arithmetic).
  EXPECT_TRUE(contains(names, "Step/NVE/64/lj-ar/cpu-mixed/manual_time"));
  EXPECT_TRUE(contains(names, "Step/NVE/64/lj-ar/cpu-mixed-t2/manual_time"));
  EXPECT_TRUE(contains(names, "Trajectory/NVE/64/lj-ar/cpu-mixed-t2/manual_time"));
  EXPECT_TRUE(contains(names, "Trajectory/NVE/64/si-sw/cpu-t2/manual_time"));
  EXPECT_TRUE(contains(names, "Scaling/NVE/si-sw/cpu-t2/64/manual_time"));
  EXPECT_TRUE(contains(names, "Step/NVE/64/si-nn-student/cpu/manual_time"));
  int peers = 0;
  for (const auto& n : names) {
    // The NN force field runs on one thread; Batched has its own replica threads.
    EXPECT_EQ(n.find("si-nn-student/cpu-t"), std::string::npos) << n;
    EXPECT_EQ(n.find("Batched/NVE/64/lj-ar/cpu-t"), std::string::npos) << n;
    peers += n.rfind("Peer/NVE/64/lj-ar/lammps/", 0) == 0;
  }
  EXPECT_EQ(peers, lammps_available() ? 1 : 0) << "one Peer per state, whatever the threads";
  for (const auto& p : plan) {
    const std::string n = p.name + "/";
    const bool t2 = n.find("-t2/") != std::string::npos;
    EXPECT_EQ(p.spec.sim_threads, t2 ? 2 : 1) << p.name;
    EXPECT_EQ(p.spec.mixed, p.name.find("/cpu-mixed") != std::string::npos) << p.name;
  }
}

TEST(Plan, CudaRowsWhenTheDeviceBackendIsOn) {
  MdOptions o;
  o.cases = {"lj-ar", "si-nn-student"};
  const auto cpu_only = plan_benchmarks(o);  // one vector: begin and end of the same plan
  EXPECT_TRUE(std::none_of(cpu_only.begin(), cpu_only.end(), [](const PlannedBenchmark& p) {
    return p.spec.backend == Backend::Cuda;
  })) << "no cuda rows unless asked for and usable";
  o.device_rows = true;
  const auto plan = plan_benchmarks(o);
  const auto names = reported_names(plan);
  if (!cuda_built()) {
    // A case gets cuda rows when its model has a GPU twin in this build: none without CUDA (and
    // --md_cuda=on is refused there, so device_rows is never set).
    EXPECT_FALSE(contains(names, "Step/NVE/64/lj-ar/cuda/manual_time"));
    GTEST_SKIP() << "built without CUDA: no model has a GPU twin";
  }
  EXPECT_TRUE(contains(names, "Step/NVE/64/lj-ar/cuda/manual_time"));
  EXPECT_TRUE(contains(names, "Step/NVT/64/lj-ar/cuda-graph/manual_time"));
  EXPECT_TRUE(contains(names, "Step/NVE/64/si-nn-student/cuda/manual_time"));
  EXPECT_TRUE(contains(names, "Batched/NVE/64/lj-ar/cuda-graph/replicas:1024/manual_time"));
  EXPECT_TRUE(contains(names, "Scaling/NVE/lj-ar/cuda/4096/manual_time"));
  EXPECT_TRUE(contains(names, "Trajectory/NVT/512/lj-ar/cuda-graph/manual_time"));
  // NPT runs on the device too (LangevinNpt), for the cases that have it.
  EXPECT_TRUE(contains(names, "Step/NPT/64/lj-ar/cuda/manual_time"));
  EXPECT_TRUE(contains(names, "Trajectory/NPT/512/lj-ar/cuda-graph/manual_time"));
  for (const auto& p : plan) {
    const bool cuda = p.name.find("/cuda") != std::string::npos;
    EXPECT_EQ(p.spec.backend == Backend::Cuda, cuda) << p.name;
    EXPECT_EQ(p.spec.graph, p.name.find("/cuda-graph") != std::string::npos) << p.name;
  }
  // Past the CPU cap (lj-ar: 131,072 atoms) only the GPU rows remain.
  o.cases = {"lj-melt"};
  o.sizes = {1048576};
  std::vector<std::string> skipped;
  const auto big = reported_names(plan_benchmarks(o, &skipped));
  EXPECT_TRUE(contains(big, "Step/NVE/1048576/lj-melt/cuda/manual_time"));
  EXPECT_FALSE(contains(big, "Step/NVE/1048576/lj-melt/cpu/manual_time"));
}

// A model whose GPU twin waits for the device (a TorchScript model): cuda rows, no cuda-graph
// rows (the device engine would refuse them).
class UncapturableTwinModel final : public ForceField {
 public:
  std::string_view name() const override { return "uncapturable"; }
  double cutoff() const override { return 5.0; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Full; }
  bool supports(Backend) const override { return true; }
  bool device_twin_capturable() const override { return false; }
  void bind(const System&) override {}
  ForceResult compute(System&, const NeighborList&, ComputeFlags) override { return {}; }
};

TEST(Plan, NoGraphRowsForATwinAGraphCannotHold) {
  CaseSpec c = *find_case("lj-ar");
  c.recipe.make = [] { return std::make_unique<UncapturableTwinModel>(); };
  const ModelAbilities can = c.recipe.abilities();
  EXPECT_TRUE(can.cuda);
  EXPECT_FALSE(can.cuda_graph);
  MdOptions o;
  o.device_rows = true;
  std::vector<PlannedBenchmark> plan;
  plan_device_rows(c, o, {Ensemble::NVE}, {64}, {64}, {64, 512}, {64}, plan);
  ASSERT_FALSE(plan.empty());
  for (const auto& p : plan) {
    EXPECT_FALSE(p.spec.graph) << p.name;
    EXPECT_EQ(p.name.find("cuda-graph"), std::string::npos) << p.name;
  }
  if (!cuda_built()) return;  // LJ has a twin with CUDA only
  c.recipe.make = find_case("lj-ar")->recipe.make;
  std::vector<PlannedBenchmark> with_graphs;
  plan_device_rows(c, o, {Ensemble::NVE}, {64}, {64}, {64, 512}, {64}, with_graphs);
  EXPECT_EQ(with_graphs.size(), 2 * plan.size()) << "LJ's twin: every cuda row twice";
}

}  // namespace
}  // namespace mdb::bench
