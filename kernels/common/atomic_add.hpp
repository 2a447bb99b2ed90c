#pragma once
// One atomic-add spelling for the per-thread bodies shared by CPU and CUDA: atomicAdd on the
// device, a plain += on the host, where the emulated launches run threads one after another.
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// *target += value, atomically on the device. Double atomics need sm_60 or later.
MDB_HD inline void atomic_add(double* target, double value) {
#if defined(__CUDA_ARCH__)
  atomicAdd(target, value);
#else
  *target += value;
#endif
}

}  // namespace mdb
