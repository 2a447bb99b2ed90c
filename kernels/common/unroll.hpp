#pragma once
// MDB_UNROLL before a loop of a few iterations known at compile time asks for it to be unrolled
// completely. GCC does not always do so on its own, and only then vectorises across what were its
// iterations (the PME bodies' runs of p grid points: without it GCC 12 keeps the gather scalar).
#if defined(__CUDACC__) || defined(__clang__)
#define MDB_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define MDB_UNROLL _Pragma("GCC unroll 16")
#else
#define MDB_UNROLL
#endif
