#pragma once
// MDB_HD marks the per-pair / per-atom math that the CPU loops and the CUDA kernels share.
// Under nvcc it becomes __host__ __device__; under a plain C++ compiler it is empty, so these
// headers compile with g++ alone and the CPU tests exercise exactly the code the GPU runs.
#if defined(__CUDACC__)
#define MDB_HD __host__ __device__
#else
#define MDB_HD
#endif

// MDB_UNROLL before a loop of a few iterations known at compile time asks for it to be unrolled
// completely (GCC does not always on its own), so that GCC can then vectorise across what were
// its iterations (the PME bodies' runs of p grid points).
#if defined(__CUDACC__) || defined(__clang__)
#define MDB_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define MDB_UNROLL _Pragma("GCC unroll 16")
#else
#define MDB_UNROLL
#endif
