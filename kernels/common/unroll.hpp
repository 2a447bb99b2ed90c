#pragma once
// MDB_UNROLL before a loop of a few iterations known at compile time asks for it to be unrolled
// completely. GCC does not always do so on its own, and only then vectorises across what were its
// iterations (the PME bodies' runs of p grid points: without it GCC 12 keeps the gather scalar).
// nvcc compiles a .cu twice: the device pass (__CUDA_ARCH__) takes CUDA's pragma; its host pass
// needs none (the unrolled bodies run on the GPU; the CPU builds them with GCC), and both CUDA's
// and GCC's pragma draw a warning there.
#if defined(__CUDA_ARCH__) || (defined(__clang__) && !defined(__CUDACC__))
#define MDB_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define MDB_UNROLL
#elif defined(__GNUC__)
#define MDB_UNROLL _Pragma("GCC unroll 16")
#else
#define MDB_UNROLL
#endif
