// lattice_bench: Google Benchmark binary timing hierarchical nested-lattice quantization (Coset's
// HNLQ) on Z2, D4 and E8: encode, decode and round trip, scalar reference vs batched CPU vs CUDA.
// Rows, counters and semantics: docs/LATTICE.md.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench/hnlq/families.hpp"
#include "bench/hnlq/input.hpp"
#include "bench/hnlq/options.hpp"
#include "bench/hnlq/rows.hpp"

namespace {

constexpr int kExitBadInput = 2;

void print_help() {
  benchmark::PrintDefaultHelp();
  std::fputs(mdb::bench::lattice_options_help(), stdout);
}

bool wants_cuda(const mdb::bench::LatticeOptions& options) {
  for (auto impl : options.impls) {
    if (impl == mdb::bench::LatticeImpl::Cuda) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace mdb::bench;
  LatticeOptions options;
  try {
    options = parse_lattice_options(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lattice_bench: %s\n", e.what());
    return kExitBadInput;
  }
  benchmark::Initialize(&argc, argv, print_help);
  if (argc > 1) {
    std::fprintf(stderr, "lattice_bench: unrecognized argument %s (see --help)\n", argv[1]);
    return kExitBadInput;
  }
  if (!options.input_path.empty()) {
    try {
      auto values = read_lattice_input(options.input_path);
      check_lattice_input_shape(options.input_path, values, options.lattices);
      options.input = std::make_shared<const std::vector<float>>(std::move(values));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "lattice_bench: %s\n", e.what());
      return kExitBadInput;
    }
    benchmark::AddCustomContext("lq_input", options.input_path);
  }
  std::string why_no_cuda;
  const bool cuda = wants_cuda(options) && lattice_cuda_usable(&why_no_cuda);
  if (wants_cuda(options) && !cuda) {
    std::fprintf(stderr, "lattice_bench: no cuda rows: %s\n", why_no_cuda.c_str());
  }
  if (cuda) {
    add_lattice_cuda_context();
    benchmark::AddCustomContext("lq_host_memory", options.pin_host_memory ? "pinned" : "pageable");
    benchmark::AddCustomContext("lq_cuda_graph", options.cuda_graph ? "on" : "off");
  }
  register_lattice_rows(plan_lattice_rows(options, cuda), options);
  benchmark::AddCustomContext("lq_beta", std::to_string(options.beta));
  benchmark::AddCustomContext("lq_sigma", std::to_string(options.sigma));
  benchmark::AddCustomContext("lq_seed", std::to_string(options.seed));
  benchmark::AddCustomContext("lq_overload", options.overload_protection ? "on" : "off");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
