#include "bench/workspace.hpp"

#include "bench/heap_counter.hpp"

namespace mdb::bench {
namespace {
std::unique_ptr<Workspace> g_live;
}  // namespace

void ThermoSamples::clear() {
  for (auto* v : {&time, &energy, &conserved, &temperature, &pressure, &density}) v->clear();
}

void ThermoSamples::reserve(std::size_t n) {
  // Resize-then-clear writes every page now: reserve() alone leaves them untouched, and their
  // first touch inside the timed trajectory would show up as RSS growth (mem_delta_MB).
  for (auto* v : {&time, &energy, &conserved, &temperature, &pressure, &density}) {
    if (v->size() < n) v->resize(n);
    v->clear();
  }
}

Workspace& acquire_workspace(int owner, const StateKey& key, int replicas, int threads,
                             int sim_threads) {
  // Compared field by field: building a string key here would allocate in every call, and the
  // MemoryManager's pass would count it.
  if (g_live && g_live->owner == owner && g_live->key == key && g_live->replicas == replicas &&
      g_live->threads == threads && g_live->sim_threads == sim_threads) {
    return *g_live;
  }
  g_live.reset();  // free the previous benchmark's systems before building new ones
  auto ws = std::make_unique<Workspace>();
  ws->owner = owner;
  ws->key = key;
  ws->replicas = replicas;
  ws->threads = threads;
  ws->sim_threads = sim_threads;
  for (int r = 0; r < replicas; ++r) {
    ws->sims.push_back(make_timed_simulation(key, r, 10, sim_threads));
  }
  ws->pool = std::make_unique<ThreadTeam>(threads);
  g_live = std::move(ws);
  return *g_live;
}

void discard_workspace() {
  g_live.reset();
}

void MemoryProbe::start() {
  const HeapCounts c = heap_counts();
  allocations_ = c.allocations;
  live_ = c.live_bytes;
  rss_ = resident_bytes();
}

void MemoryProbe::finish(Measurement& m) const {
  const HeapCounts c = heap_counts();
  m.allocations = static_cast<double>(c.allocations - allocations_);
  m.heap_growth_bytes = static_cast<double>(c.live_bytes - live_);
  m.rss_growth_bytes = static_cast<double>(resident_bytes() - rss_);
  m.peak_rss_bytes = static_cast<double>(peak_resident_bytes());
}

double seconds_per_tick() {
  return PhaseTimer::seconds_per_tick();
}

StepRecorder::StepRecorder(std::vector<double>& buffer, std::size_t expected)
    : spt_(PhaseTimer::seconds_per_tick()) {
  if (buffer.size() < expected) buffer.resize(expected);
  lat_ = buffer.data();
  cap_ = buffer.size();
}

void add_phase_times(Simulation& sim, Measurement& m) {
  m.neighbor_s += sim.timer().seconds(Phase::Neighbor);
  m.force_s += sim.timer().seconds(Phase::Force);
  m.integrate_s += sim.timer().seconds(Phase::Integrate);
}

}  // namespace mdb::bench
