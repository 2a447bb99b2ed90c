#include "md/force/force_stage.hpp"

#include "kernels/common/nvtx.hpp"

namespace mdb {

const ForceResult& ForceStage::refresh(System& system, ComputeFlags flags) {
  {
    MDB_NVTX_RANGE("neighbor");
    list_.update(system);
  }
  timer_.stamp(Phase::Neighbor);
  return recompute(system, flags);
}

const ForceResult& ForceStage::recompute(System& system, ComputeFlags flags) {
  {
    MDB_NVTX_RANGE("force");
    last_ = ff_.compute(system, list_, flags);
  }
  last_flags_ = flags;
  timer_.stamp(Phase::Force);
  return last_;
}

}  // namespace mdb
