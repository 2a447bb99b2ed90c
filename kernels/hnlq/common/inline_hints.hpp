#pragma once
// Inlining and unrolling hints for the lattice bodies: small functions over arrays of a
// compile-time length. Inlined, with their coordinate loops unrolled, the arrays live in
// registers (SIMD registers in the batched CPU loop, device registers under nvcc) instead of on
// the stack; GCC's heuristics stop short of that for E8's size, so say it.
#include "kernels/common/mdb_hd.hpp"

#if defined(__CUDACC__)
#define MDB_LATTICE_INLINE __forceinline__
#else
#define MDB_LATTICE_INLINE [[gnu::always_inline]] inline
#endif

// nvcc compiles each .cu twice: the device pass (__CUDA_ARCH__) reads `#pragma unroll`; in the
// host pass nvcc's front end rejects GCC's spelling and g++ ignores nvcc's, and host code in a
// .cu has no loop that needs it.
#if defined(__CUDA_ARCH__)
#define MDB_LATTICE_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define MDB_LATTICE_UNROLL
#elif defined(__GNUC__) && !defined(__clang__)
#define MDB_LATTICE_UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__)
#define MDB_LATTICE_UNROLL _Pragma("unroll")
#else
#define MDB_LATTICE_UNROLL
#endif
