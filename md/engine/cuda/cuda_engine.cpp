#include "md/engine/cuda/cuda_engine.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace mdb {

CudaEngine::CudaEngine(RunSpec spec) {
  if (spec.replicas.empty()) throw std::invalid_argument("CudaEngine: no replicas");
  if (!spec.model) throw std::invalid_argument("CudaEngine: no model");
  model_ = spec.model();
  model_->bind(spec.replicas.front());
  if (spec.use_graph && !model_->device_twin_capturable()) {
    throw std::invalid_argument("force field '" + std::string(model_->name()) +
                                "': its GPU version waits for the device within a step, so it "
                                "cannot run in a CUDA graph (run it without graphs)");
  }
  std::unique_ptr<DeviceForce> twin = model_->make_device_twin(spec.replicas.front());
  if (!twin) {
    throw std::invalid_argument("force field '" + std::string(model_->name()) +
                                "' has no GPU version");
  }
  if (!model_->device_twin_follows_box()) {
    const std::string who = "force field '" + std::string(model_->name()) + "'";
    if (spec.ensemble.kind == Ensemble::NPT) {
      throw std::invalid_argument(who +
                                  ": its GPU version keeps the box it was made for, so "
                                  "NPT runs on the CPU only");
    }
    for (const System& r : spec.replicas) {
      if (r.box().lengths() != spec.replicas.front().box().lengths()) {
        throw std::invalid_argument(who +
                                    ": its GPU version keeps one box, and the replicas' "
                                    "boxes differ");
      }
    }
  }
  DeviceSimulationSettings settings;
  settings.dt = spec.dt;
  settings.ensemble = spec.ensemble;
  settings.neighbor = spec.neighbor;
  settings.use_graph = spec.use_graph;
  graph_ = spec.use_graph;
  sim_ = std::make_unique<DeviceSimulation>(spec.replicas, std::move(twin), settings);
}

double CudaEngine::last_step_seconds() const {
  return std::numeric_limits<double>::quiet_NaN();  // steps are only enqueued
}

void CudaEngine::begin_timing() {
  sim_->record_start();
}

double CudaEngine::end_timing() {
  sim_->record_stop();
  const double seconds = sim_->elapsed_ms() * 1e-3;
  // A list that outgrew its storage halted the engine: if nothing inside the span synchronised
  // (a thermo read does, and replays there, inside the span), the rest of the span timed empty
  // steps, which this synchronize() now replays untimed.
  const std::int64_t capacity = sim_->list_capacity();
  sim_->synchronize();
  return sim_->list_capacity() == capacity ? seconds : std::numeric_limits<double>::quiet_NaN();
}

EngineFigures CudaEngine::figures() {
  EngineFigures f;
  std::vector<std::int64_t> offsets;
  std::vector<int> neighbors;
  std::vector<ImageCode> images;
  sim_->download_list(offsets, neighbors, images);
  f.neighbors_per_atom = static_cast<double>(offsets.back()) /
                         static_cast<double>(sim_->atoms_per_replica() * sim_->replicas());
  if (graph_) {
    const DeviceGraphInfo g = sim_->graph_info();
    f.graph_nodes = g.step_nodes;
    f.graph_conditional_build = g.conditional_rebuild ? 1 : 0;
  }
  return f;
}

double CudaEngine::device_memory_bytes() const {
  return static_cast<double>(DeviceSimulation::device_memory_used());
}

std::optional<std::string> CudaEngine::check_health(double max_temperature) {
  sim_->force().check_errors();  // e.g. an NN kernel that met more neighbours than it holds
  sim_->thermo(health_thermo_);
  return thermo_health(health_thermo_, max_temperature);
}

std::string CudaEngine::graph_fallback_reason() const {
  if (!graph_) return {};
  const DeviceGraphInfo g = sim_->graph_info();
  if (g.conditional_rebuild) return {};
  return g.conditional_error.empty() ? "the driver refused them" : g.conditional_error;
}

ForceField& CudaEngine::model(int replica) {
  static_cast<void>(replica);  // one model for all replicas
  return *model_;
}

}  // namespace mdb
