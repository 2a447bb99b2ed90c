#pragma once
// Turns CUDA runtime error codes into exceptions, so a failed call cannot go unnoticed and the
// message says where it happened.
#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace mdb::detail {

[[noreturn]] inline void throw_cuda_error(cudaError_t err, const char* expr, const char* file,
                                          int line) {
  throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " +
                           cudaGetErrorString(err) + " in " + expr);
}

}  // namespace mdb::detail

/// Evaluates a CUDA runtime call once and throws std::runtime_error("file:line: <error> in
/// <expr>") unless it returned cudaSuccess. Host code only.
#define MDB_CUDA_CHECK(expr)                                                           \
  do {                                                                                 \
    const cudaError_t mdb_cuda_check_err_ = (expr);                                    \
    if (mdb_cuda_check_err_ != cudaSuccess) {                                          \
      ::mdb::detail::throw_cuda_error(mdb_cuda_check_err_, #expr, __FILE__, __LINE__); \
    }                                                                                  \
  } while (0)
