#pragma once
// lattice_bench's own command-line flags (--lq_*), parsed before Google Benchmark sees argv.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/hnlq/common/lattice_kind.hpp"

namespace mdb::bench {

/// A bad --lq_* flag or value; main prints what() on one line and exits with code 2.
class LatticeOptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The implementations a row can time (docs/LATTICE.md).
enum class LatticeImpl { Reference, Cpu, Cuda };

/// Which rows get registered and what data they quantize.
struct LatticeOptions {
  std::vector<std::size_t> batches = {1, 100, 10000};  ///< --lq_batches: vectors per call
  std::vector<hnlq::LatticeKind> lattices = {          ///< --lq_lattices: Z2,D4,E8
      hnlq::LatticeKind::Z2, hnlq::LatticeKind::D4, hnlq::LatticeKind::E8};
  std::vector<int> qs = {4};      ///< --lq_q: alphabet sizes
  std::vector<int> levels = {2};  ///< --lq_M: numbers of levels
  /// --lq_impls: reference,cpu,cuda (cuda rows only where a device is usable)
  std::vector<LatticeImpl> impls = {LatticeImpl::Reference, LatticeImpl::Cpu, LatticeImpl::Cuda};
  double beta = 1.0;                 ///< --lq_beta: scaling (x is quantized as x / beta)
  bool overload_protection = false;  ///< --lq_overload=on|off: Coset's overload scaling
  /// --lq_host_memory=pinned|pageable: whether cuda rows page-lock the host buffers they copy
  /// from and to (pinned: DMA at the link's speed, as a pipeline that feeds a GPU would do).
  bool pin_host_memory = true;
  /// --lq_cuda_graph=on|off: cuda rows replay each call's copies and kernel as one CUDA graph
  /// (needs pinned host memory).
  bool cuda_graph = false;
  double sigma = 0.5;         ///< --lq_sigma: inputs are sigma * N(0, 1) per coordinate
  std::uint64_t seed = 2026;  ///< --lq_seed: input data
  /// --lq_input: a text file of numbers whose vectors replace the generated ones (sigma and
  /// seed are then unused); empty for generated data.
  std::string input_path;
  /// The numbers of input_path, read once by main (read_lattice_input) and shared by every row.
  std::shared_ptr<const std::vector<float>> input;
};

/// Largest accepted batch (vectors per call).
inline constexpr std::size_t kMaxLatticeBatch = 100'000'000;

/// Removes every --lq_* argument from argv (shifting the rest down, updating argc) and returns
/// the options. Throws LatticeOptionError naming the flag, the value and what is allowed.
LatticeOptions parse_lattice_options(int& argc, char** argv);

/// The --lq_* part of --help.
const char* lattice_options_help();

/// "reference", "cpu" or "cuda": the last component of a row name.
const char* lattice_impl_name(LatticeImpl impl);

}  // namespace mdb::bench
