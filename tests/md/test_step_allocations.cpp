// A step allocates nothing on the heap once the run has started: global operator new is replaced
// by a counting one, and many steps (with neighbour-list rebuilds, and box changes under NPT)
// must not move the counter.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>

#include "md/langevin.hpp"
#include "md/npt_langevin.hpp"
#include "md/simulation.hpp"
#include "md/standard_systems.hpp"
#include "md/velocity_verlet.hpp"
#include "model/lennard_jones.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void* operator new(std::size_t n, std::align_val_t a) {
  ++g_allocations;
  if (void* p = std::aligned_alloc(static_cast<std::size_t>(a),
                                   (n + static_cast<std::size_t>(a) - 1) /
                                       static_cast<std::size_t>(a) * static_cast<std::size_t>(a)))
    return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}

namespace mdb {
namespace {

long allocations_during(Simulation& sim, long steps) {
  sim.run(20);  // the first steps size the buffers
  const long before = g_allocations.load();
  const long builds = sim.neighbor_list().builds();
  sim.run(steps);
  EXPECT_GT(sim.neighbor_list().builds(), builds + 3) << "the run should include rebuilds";
  return g_allocations.load() - before;
}

std::unique_ptr<ForceField> lj() {
  return std::make_unique<LennardJones<>>(LjParams::lj_melt());
}

TEST(StepAllocations, CounterSeesAllocations) {
  const long before = g_allocations.load();
  auto p = std::make_unique<int>(3);
  EXPECT_EQ(g_allocations.load(), before + 1);
}

TEST(StepAllocations, NveStepAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(), std::make_unique<VelocityVerlet>(0.005),
                 {0.3, 1, true, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

TEST(StepAllocations, LangevinStepAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(),
                 std::make_unique<LangevinIntegrator>(LangevinSettings{0.005, 1.44, 1.0, 1}),
                 {0.3, 1, true, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

TEST(StepAllocations, NptStepAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(),
                 std::make_unique<NptLangevinIntegrator>(LangevinSettings{0.005, 1.5, 2.0, 1},
                                                         BarostatSettings{1.0, 0.5, 0.1, 2}),
                 {0.3, 1, true, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

TEST(StepAllocations, FixedIntervalLjMeltAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(), std::make_unique<VelocityVerlet>(0.005),
                 {0.3, 20, false, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

}  // namespace
}  // namespace mdb
