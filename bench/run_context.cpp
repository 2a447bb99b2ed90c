#include "bench/run_context.hpp"

#include <benchmark/benchmark.h>

#include <fstream>
#include <thread>

#include "bench/git_revision.hpp"
#if defined(MDB_HAVE_CUDA)
#include "kernels/cuda/device_info_cuda.hpp"
#endif

#ifndef MDB_BUILD_TYPE
#define MDB_BUILD_TYPE "unknown"
#endif

namespace mdb::bench {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

// What the binary was compiled for, then what this CPU offers beyond it.
std::string isa() {
  std::string s;
  auto add = [&s](const char* flag) { s += s.empty() ? flag : std::string(" ") + flag; };
#if defined(__AVX512F__)
  add("avx512f");
#endif
#if defined(__AVX2__)
  add("avx2");
#endif
#if defined(__FMA__)
  add("fma");
#endif
#if defined(__SSE4_2__)
  add("sse4.2");
#endif
  if (s.empty()) s = "baseline";
  std::string cpu;
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) cpu += " avx512f";
  if (__builtin_cpu_supports("avx2")) cpu += " avx2";
  if (__builtin_cpu_supports("fma")) cpu += " fma";
#endif
  return "compiled: " + s + "; cpu:" + (cpu.empty() ? " baseline" : cpu);
}

std::string compiler() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("gcc ") + __VERSION__;
#else
  return "unknown";
#endif
}

}  // namespace

std::vector<std::pair<std::string, std::string>> run_context() {
  std::string gpu;
#if defined(MDB_HAVE_CUDA)
  gpu = cuda_device_description();
  const std::string cuda_built = "yes";
#else
  const std::string cuda_built = "no";
#endif
  return {
      {"mdbench_schema", kSchemaVersion},
      {"mdbench_build_type", MDB_BUILD_TYPE},
      {"mdbench_compiler", compiler()},
      {"mdbench_cpu_model", cpu_model()},
      {"mdbench_isa", isa()},
      {"mdbench_hardware_threads", std::to_string(std::thread::hardware_concurrency())},
      {"mdbench_cuda_built", cuda_built},
      {"mdbench_cuda_available", gpu.empty() ? "no" : "yes"},
      {"mdbench_gpu", gpu.empty() ? "none" : gpu},
      {"mdbench_git_revision", git_revision()},
  };
}

void add_run_context() {
  for (const auto& [k, v] : run_context()) benchmark::AddCustomContext(k, v);
}

}  // namespace mdb::bench
