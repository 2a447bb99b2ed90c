#pragma once
// The device engine's control block: the few words by which a step decides, on the device, whether
// the neighbour list is rebuilt, and through which the host learns afterwards what happened. A step
// never reads it on the host, so steps can be queued (or replayed from a CUDA graph) without a
// round trip.
#include <cstdint>
#include <cstring>

#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/neighbor_policy.hpp"

namespace mdb {

/// Lives in device memory, one per engine. Written by single-thread bodies (decide_rebuild) and
/// by thread 0 of some kernels; the host reads it only between steps (after a synchronisation).
struct EngineControl {
  long long step = 0;               ///< completed steps
  long long steps_since_build = 0;  ///< steps since the last list build
  long long builds = 0;             ///< list builds, the initial one included
  long long dangerous_builds = 0;   ///< with check off: builds after an atom moved > skin/2
  long long needed = 0;             ///< entries the last build needed (set when it overflowed)
  /// Largest squared displacement since the last build (Angstrom^2) seen this step, as the bits of
  /// a non-negative double, so an unsigned atomic max orders it (a NaN sorts above +inf).
  unsigned long long max_disp2_bits = 0;
  /// Under a barostat: the largest change of a ghost shift since the last build, |image| x dL
  /// over the axes (Angstrom), as bits like max_disp2_bits; 0 for a fixed box.
  unsigned long long max_shift_bits = 0;
  int rebuild = 0;  ///< 1 while the current step rebuilds the list
  /// 1 after a build overflowed the list storage: every step body then does nothing until the host
  /// grows the storage and resumes (DeviceSimulation::synchronize).
  int halted = 0;
  int bad_position = 0;  ///< 1 when a build met a non-finite position (the run blew up)
  /// 1 when a barostat shrank a box below what kImageShellMax image shells cover (or to NaN).
  int bad_box = 0;
};

/// The bits of a double, and back; order-preserving for non-negative values.
MDB_HD inline unsigned long long double_bits(double d) {
#if defined(__CUDA_ARCH__)
  return static_cast<unsigned long long>(__double_as_longlong(d));
#else
  unsigned long long b;
  std::memcpy(&b, &d, sizeof b);
  return b;
#endif
}
MDB_HD inline double bits_double(unsigned long long b) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(static_cast<long long>(b));
#else
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
#endif
}

/// Single thread, once a step after the positions moved: rebuild_verdict, as the CPU
/// NeighborList::update applies it. Over several replicas both maxima are taken over all of them,
/// a bound on each replica's own sum, so no replica misses a pair. Consumes max_disp2_bits and
/// max_shift_bits.
MDB_HD inline void decide_rebuild(EngineControl& c, const NeighborPolicy& p) {
  const double d2 = bits_double(c.max_disp2_bits);
  const double shift = bits_double(c.max_shift_bits);
  c.max_disp2_bits = 0;
  c.max_shift_bits = 0;
  if (c.halted) {
    c.rebuild = 0;
    return;
  }
  ++c.steps_since_build;
  const RebuildVerdict v = rebuild_verdict(p, c.steps_since_build, d2, shift);
  c.rebuild = v.rebuild ? 1 : 0;
  if (v.rebuild) {
    ++c.builds;
    if (v.dangerous) ++c.dangerous_builds;
    c.steps_since_build = 0;
  }
}

}  // namespace mdb
