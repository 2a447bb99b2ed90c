#include "md/engine/make_engine.hpp"

#include <stdexcept>
#include <utility>

#include "md/engine/cpu_engine.hpp"
#ifdef MDB_HAVE_CUDA
#include "md/engine/cuda/cuda_engine.hpp"
#endif

namespace mdb {

std::unique_ptr<Engine> make_engine(Backend backend, RunSpec spec) {
  switch (backend) {
    case Backend::Cpu:
      return std::make_unique<CpuEngine>(std::move(spec));
    case Backend::Cuda:
#ifdef MDB_HAVE_CUDA
      return std::make_unique<CudaEngine>(std::move(spec));
#else
      throw std::invalid_argument("this build has no CUDA engine");
#endif
  }
  throw std::invalid_argument("make_engine: unknown backend");
}

}  // namespace mdb
