#include "bench/hnlq/options.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "kernels/hnlq/common/hnlq_params.hpp"

namespace mdb::bench {
namespace {

using hnlq::LatticeKind;

[[noreturn]] void fail(std::string_view flag, std::string_view value, std::string_view why) {
  throw LatticeOptionError("--lq_" + std::string(flag) + "=" + std::string(value) + ": " +
                           std::string(why));
}

/// 'item' (built by appending: GCC 12's -Wrestrict misfires on "'" + std::string(...)).
std::string quoted(std::string_view item) {
  std::string s = "'";
  s.append(item);
  s += '\'';
  return s;
}

std::vector<std::string_view> split_list(std::string_view flag, std::string_view value) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = value.find(',', start);
    const std::string_view item =
        value.substr(start, comma == std::string_view::npos ? value.npos : comma - start);
    if (item.empty()) fail(flag, value, "empty list entry (expected e.g. 1,100,10000)");
    items.push_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

/// A whole non-negative integer, or a number like 1e6 that is exactly one.
bool parse_count(std::string_view text, std::size_t& out) {
  const char* end = text.data() + text.size();
  if (auto [p, ec] = std::from_chars(text.data(), end, out); ec == std::errc() && p == end) {
    return true;
  }
  const std::string s(text);
  char* stop = nullptr;
  const double d = std::strtod(s.c_str(), &stop);
  if (stop != s.c_str() + s.size() || !std::isfinite(d) || d < 0 || d != std::floor(d) ||
      d > 1e18) {
    return false;
  }
  out = static_cast<std::size_t>(d);
  return true;
}

bool parse_int(std::string_view text, int& out) {
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && p == end;
}

bool parse_double(std::string_view text, double& out) {
  const std::string s(text);
  char* stop = nullptr;
  out = std::strtod(s.c_str(), &stop);
  return !s.empty() && stop == s.c_str() + s.size() && std::isfinite(out);
}

void parse_flag(std::string_view flag, std::string_view value, LatticeOptions& o) {
  if (flag == "batches") {
    o.batches.clear();
    for (std::string_view item : split_list(flag, value)) {
      std::size_t b = 0;
      if (!parse_count(item, b) || b < 1 || b > kMaxLatticeBatch) {
        fail(flag, value, quoted(item) + " is not a batch size in [1, 100000000] (e.g. 1,100,1e6)");
      }
      o.batches.push_back(b);
    }
  } else if (flag == "lattices") {
    o.lattices.clear();
    for (std::string_view item : split_list(flag, value)) {
      bool known = false;
      for (LatticeKind k : hnlq::kAllLattices) {
        if (hnlq::lattice_name(k) == item) {
          o.lattices.push_back(k);
          known = true;
        }
      }
      if (!known) fail(flag, value, "unknown lattice " + quoted(item) + " (Z2, D4, E8)");
    }
  } else if (flag == "q") {
    o.qs.clear();
    for (std::string_view item : split_list(flag, value)) {
      int q = 0;
      if (!parse_int(item, q) || q < 2 || q > hnlq::kMaxQ) {
        fail(flag, value, quoted(item) + " is not an alphabet size in [2, 256]");
      }
      o.qs.push_back(q);
    }
  } else if (flag == "M") {
    o.levels.clear();
    for (std::string_view item : split_list(flag, value)) {
      int m = 0;
      if (!parse_int(item, m) || m < 1 || m > hnlq::kMaxLevels) {
        fail(flag, value, quoted(item) + " is not a level count in [1, 16]");
      }
      o.levels.push_back(m);
    }
  } else if (flag == "impls") {
    o.impls.clear();
    for (std::string_view item : split_list(flag, value)) {
      if (item == "reference") {
        o.impls.push_back(LatticeImpl::Reference);
      } else if (item == "cpu") {
        o.impls.push_back(LatticeImpl::Cpu);
      } else if (item == "cuda") {
        o.impls.push_back(LatticeImpl::Cuda);
      } else {
        fail(flag, value, "unknown implementation " + quoted(item) + " (reference, cpu, cuda)");
      }
    }
  } else if (flag == "beta") {
    if (!parse_double(value, o.beta) || !(o.beta > 0)) fail(flag, value, "beta must be > 0");
  } else if (flag == "sigma") {
    if (!parse_double(value, o.sigma) || !(o.sigma > 0)) fail(flag, value, "sigma must be > 0");
  } else if (flag == "overload") {
    if (value != "on" && value != "off") fail(flag, value, "expected on or off");
    o.overload_protection = value == "on";
  } else if (flag == "host_memory") {
    if (value != "pinned" && value != "pageable") fail(flag, value, "expected pinned or pageable");
    o.pin_host_memory = value == "pinned";
  } else if (flag == "cuda_graph") {
    if (value != "on" && value != "off") fail(flag, value, "expected on or off");
    o.cuda_graph = value == "on";
  } else if (flag == "seed") {
    if (auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), o.seed);
        ec != std::errc() || p != value.data() + value.size()) {
      fail(flag, value, "the seed must be a non-negative integer");
    }
  } else if (flag == "input") {
    o.input_path = std::string(value);  // read by main (read_lattice_input), after --help
  } else {
    throw LatticeOptionError("unknown flag --lq_" + std::string(flag) + " (see --help)");
  }
}

/// Every q and M pair must make a valid quantizer (q^M <= 2^16).
void check_combinations(const LatticeOptions& o) {
  for (int q : o.qs) {
    for (int m : o.levels) {
      try {
        static_cast<void>(hnlq::make_hnlq_params(q, m, o.beta, o.overload_protection));
      } catch (const std::invalid_argument&) {
        throw LatticeOptionError("--lq_q=" + std::to_string(q) +
                                 " with --lq_M=" + std::to_string(m) +
                                 ": q^M must be at most 65536 (16 bits per " + "dimension)");
      }
    }
  }
}

}  // namespace

LatticeOptions parse_lattice_options(int& argc, char** argv) {
  LatticeOptions o;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!arg.starts_with("--lq_")) {
      argv[kept++] = argv[i];
      continue;
    }
    const std::string_view body = arg.substr(5);
    const std::size_t eq = body.find('=');
    if (eq == std::string_view::npos || eq + 1 == body.size()) {
      throw LatticeOptionError(std::string(arg) + ": expected --lq_<name>=<value> (see --help)");
    }
    parse_flag(body.substr(0, eq), body.substr(eq + 1), o);
  }
  argc = kept;
  argv[argc] = nullptr;
  check_combinations(o);
  if (o.cuda_graph && !o.pin_host_memory) {
    throw LatticeOptionError(
        "--lq_cuda_graph=on needs page-locked host buffers: drop --lq_host_memory=pageable");
  }
  return o;
}

const char* lattice_options_help() {
  return R"(
lattice_bench options (docs/LATTICE.md):
  --lq_batches=1,100,10000   vectors per call (1 to 1e8; 1e6 style accepted)
  --lq_lattices=Z2,D4,E8     lattices
  --lq_q=4                   alphabet sizes q (2 to 256)
  --lq_M=2                   levels M (q^M at most 65536)
  --lq_impls=reference,cpu,cuda
                             implementations (cuda rows only where a GPU is usable)
  --lq_beta=1                scaling beta: x is quantized as x / beta
  --lq_overload=off          on: Coset's overload protection (rescale by 2^alpha, alpha = 1)
  --lq_host_memory=pinned    cuda rows copy from and to page-locked host buffers (pageable:
                             ordinary memory, which the driver stages through its own buffer)
  --lq_cuda_graph=off        on: cuda rows replay each call's copies and kernel as one CUDA
                             graph (one launch instead of four or five calls; pinned only)
  --lq_sigma=0.5             inputs are sigma * N(0, 1) per coordinate (Coset's profilers)
  --lq_seed=2026             input data seed
  --lq_input=PATH            your own vectors instead: a text file of numbers separated by
                             whitespace (# starts a comment), taken n at a time (n = 2, 4, 8 for
                             Z2, D4, E8; the count must be a multiple of each n), cycled when a
                             batch is larger; NaN, infinities, words, an empty or unreadable file
                             end lattice_bench with one line on stderr and exit code 2
)";
}

const char* lattice_impl_name(LatticeImpl impl) {
  switch (impl) {
    case LatticeImpl::Reference:
      return "reference";
    case LatticeImpl::Cpu:
      return "cpu";
    case LatticeImpl::Cuda:
      return "cuda";
  }
  return "?";
}

}  // namespace mdb::bench
