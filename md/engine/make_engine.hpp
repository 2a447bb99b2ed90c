#pragma once
// The engine factory: the one place that knows every Engine implementation (engine.hpp, the
// interface, knows none).
#include <memory>

#include "md/engine/engine.hpp"

namespace mdb {

/// Builds the engine of `backend` from `spec`. Throws std::invalid_argument on a bad spec, a
/// model that cannot run there (no GPU twin, no threads) or a backend this build lacks, and
/// std::runtime_error when a CUDA call fails (e.g. no device).
std::unique_ptr<Engine> make_engine(Backend backend, RunSpec spec);

}  // namespace mdb
