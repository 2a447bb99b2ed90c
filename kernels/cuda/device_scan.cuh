#pragma once
// Exclusive prefix sums on the device for the neighbour-list build, gated by the engine's control
// block: when no rebuild is due every kernel returns at once, so the scan can sit in every step
// (and in a CUDA graph) at the cost of three empty launches.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/common/engine_control.hpp"

namespace mdb {

/// Elements per block of the first pass; scratch needs scan_tiles(n) words.
inline constexpr int kScanTile = 1024;
inline int scan_tiles(int n) {
  return (n + kScanTile - 1) / kScanTile;
}

/// out[i] = sum_{k < i} in[k] for i in [0, n], so out[n] is the total (n + 1 outputs), when
/// list_build_due(ctl). `tile_sums` holds scan_tiles(n) words. Asynchronous on `stream`.
void enqueue_exclusive_scan(const int* in, int* out, int n, long long* tile_sums,
                            const EngineControl* ctl, cudaStream_t stream);
void enqueue_exclusive_scan(const int* in, std::int64_t* out, int n, long long* tile_sums,
                            const EngineControl* ctl, cudaStream_t stream);

}  // namespace mdb
