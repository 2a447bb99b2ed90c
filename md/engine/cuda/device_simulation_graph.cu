// DeviceSimulation's CUDA graphs: one step captured per observe flag and replayed by step().
// Where the driver has conditional nodes (CUDA >= 12.4), the list build sits in an IF node whose
// condition decide_rebuild sets on the device, so a step that does not rebuild replays none of
// the build's ~10 kernels; at 64 atoms each replayed node costs about a dependent-launch latency
// (a microsecond or more), which is what the small-system targets are made of.
#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>

#include "kernels/cuda/cuda_check.hpp"
#include "md/engine/cuda/device_simulation_impl.cuh"

namespace mdb {

namespace {

/// Ends a capture that an error interrupted and frees what it had captured, unless the graph is
/// owned elsewhere (a conditional node's body is its parent graph's).
void abandon_capture(cudaStream_t stream, bool owned = true) noexcept {
  cudaGraph_t partial = nullptr;
  if (cudaStreamEndCapture(stream, &partial) == cudaSuccess && partial && owned) {
    static_cast<void>(cudaGraphDestroy(partial));
  }
}

int node_count(cudaGraph_t graph) {
  std::size_t count = 0;
  MDB_CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &count));
  return static_cast<int>(count);
}

/// Instantiates `graph` and destroys it (the executable graph keeps what it needs).
cudaGraphExec_t instantiate(cudaGraph_t graph) {
  cudaGraphExec_t exec = nullptr;
  const cudaError_t err = cudaGraphInstantiate(&exec, graph, 0);
  static_cast<void>(cudaGraphDestroy(graph));
  MDB_CUDA_CHECK(err);
  return exec;
}

}  // namespace

void DeviceSimulation::Impl::capture_graphs() {
  drop_graphs();
  graph_info = {};
  if (!settings.use_graph) return;
  try {
    for (int observe = 0; observe < 2; ++observe)
      graphs[observe] = capture_conditional(observe == 1);
    graph_info.conditional_rebuild = true;
    return;
  } catch (const std::runtime_error& e) {
    // A driver without conditional nodes (CUDA < 12.4) refuses them with an ordinary API error,
    // which leaves the context usable: fall back to replaying every build kernel.
    drop_graphs();
    graph_info = {};
    graph_info.conditional_error = e.what();
    static_cast<void>(cudaGetLastError());
  }
  for (int observe = 0; observe < 2; ++observe) graphs[observe] = capture(observe == 1);
}

cudaGraphExec_t DeviceSimulation::Impl::capture(bool observe) {
  cudaGraph_t graph = nullptr;
  MDB_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  try {
    enqueue_step(observe);
  } catch (...) {
    abandon_capture(stream);
    throw;
  }
  MDB_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  if (!observe) graph_info.step_nodes = node_count(graph);
  return instantiate(graph);
}

// head -> decide (sets the condition) -> IF [build] -> force -> tail. The build body is captured
// after the main capture ends, into the graph the conditional node owns.
cudaGraphExec_t DeviceSimulation::Impl::capture_conditional(bool observe) {
#if CUDART_VERSION < 13000
  // The edge-data signatures used below are CUDA 13's; older toolkits take the fallback.
  static_cast<void>(observe);
  throw std::runtime_error("conditional graph nodes need CUDA 13 here");
#else
  cudaGraph_t graph = nullptr, body = nullptr;
  MDB_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  try {
    cudaStreamCaptureStatus status{};
    MDB_CUDA_CHECK(
        cudaStreamGetCaptureInfo(stream, &status, nullptr, &graph, nullptr, nullptr, nullptr));
    // Default 1: were decide never to set it, the body would run and its kernels (which check
    // the control block themselves) would still build only when due.
    cudaGraphConditionalHandle rebuild = 0;
    MDB_CUDA_CHECK(
        cudaGraphConditionalHandleCreate(&rebuild, graph, 1, cudaGraphCondAssignDefault));
    enqueue_head_and_decide(rebuild, true);
    const cudaGraphNode_t* deps = nullptr;
    std::size_t n_deps = 0;
    MDB_CUDA_CHECK(
        cudaStreamGetCaptureInfo(stream, &status, nullptr, &graph, &deps, nullptr, &n_deps));
    cudaGraphNodeParams params{};
    params.type = cudaGraphNodeTypeConditional;
    params.conditional.handle = rebuild;
    params.conditional.type = cudaGraphCondTypeIf;
    params.conditional.size = 1;
    cudaGraphNode_t if_node = nullptr;
    MDB_CUDA_CHECK(cudaGraphAddNode(&if_node, graph, deps, nullptr, n_deps, &params));
    body = params.conditional.phGraph_out[0];
    MDB_CUDA_CHECK(cudaStreamUpdateCaptureDependencies(stream, &if_node, nullptr, 1,
                                                       cudaStreamSetCaptureDependencies));
    Launcher launch{*this};
    step_plan::force_and_tail(launch, observe, npt);
  } catch (...) {
    abandon_capture(stream);
    throw;
  }
  MDB_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  try {
    MDB_CUDA_CHECK(cudaStreamBeginCaptureToGraph(stream, body, nullptr, nullptr, 0,
                                                 cudaStreamCaptureModeThreadLocal));
    try {
      list->enqueue_build(stream);
    } catch (...) {
      abandon_capture(stream, false);  // the body goes with `graph`, below
      throw;
    }
    MDB_CUDA_CHECK(cudaStreamEndCapture(stream, nullptr));
    if (!observe) {
      graph_info.step_nodes = node_count(graph);
      graph_info.rebuild_nodes = node_count(body);
    }
  } catch (...) {
    static_cast<void>(cudaGraphDestroy(graph));
    throw;
  }
  return instantiate(graph);
#endif
}

}  // namespace mdb
