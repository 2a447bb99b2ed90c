#pragma once
// MDB_HD marks the per-pair / per-atom math that the CPU loops and the CUDA kernels share.
// Under nvcc it becomes __host__ __device__; under a plain C++ compiler it is empty, so these
// headers compile with g++ alone and the CPU tests exercise exactly the code the GPU runs.
#if defined(__CUDACC__)
#define MDB_HD __host__ __device__
#else
#define MDB_HD
#endif
