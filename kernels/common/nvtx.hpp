#pragma once
// MDB_NVTX_RANGE("name") opens an NVTX range for the rest of the scope, so Nsight Systems shows
// the MD phases by name. Without the CUDA toolkit (MDB_HAVE_NVTX unset) it compiles to nothing.
#if defined(MDB_HAVE_NVTX)
#include <nvtx3/nvToolsExt.h>

namespace mdb {
/// RAII NVTX push/pop; cheap (a pointer test) when no profiler is attached.
class NvtxRange {
 public:
  explicit NvtxRange(const char* name) { nvtxRangePushA(name); }
  ~NvtxRange() { nvtxRangePop(); }
  NvtxRange(const NvtxRange&) = delete;
  NvtxRange& operator=(const NvtxRange&) = delete;
};
}  // namespace mdb

#define MDB_NVTX_CONCAT_(a, b) a##b
#define MDB_NVTX_CONCAT(a, b) MDB_NVTX_CONCAT_(a, b)
#define MDB_NVTX_RANGE(name) ::mdb::NvtxRange MDB_NVTX_CONCAT(mdb_nvtx_range_, __LINE__)(name)
#else
#define MDB_NVTX_RANGE(name) \
  do {                       \
  } while (0)
#endif
