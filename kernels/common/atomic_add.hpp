#pragma once
// Atomic updates for kernel bodies that write to other threads' atoms or counters: the hardware
// atomic on the device, a plain update on the host, where the CPU tests run the bodies one thread
// after another ("emulated launch").
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// *p += v, atomically on the device.
MDB_HD inline void atomic_add(double* p, double v) {
#if defined(__CUDA_ARCH__)
  atomicAdd(p, v);
#else
  *p += v;
#endif
}

/// *p += v, atomically on the device; returns the old value.
MDB_HD inline int atomic_fetch_add(int* p, int v) {
#if defined(__CUDA_ARCH__)
  return atomicAdd(p, v);
#else
  const int old = *p;
  *p += v;
  return old;
#endif
}

/// *p = max(*p, v), atomically on the device.
MDB_HD inline void atomic_max(unsigned long long* p, unsigned long long v) {
#if defined(__CUDA_ARCH__)
  atomicMax(p, v);
#else
  if (v > *p) *p = v;
#endif
}

}  // namespace mdb
