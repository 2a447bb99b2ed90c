#include "bench/options.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "bench/cases.hpp"
#include "bench/custom_case.hpp"
#include "bench/state_cache.hpp"
#include "model/nnp/nn_presets.hpp"

namespace mdb::bench {
namespace {

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    const std::size_t end = comma == std::string_view::npos ? s.size() : comma;
    parts.push_back(s.substr(start, end - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return parts;
}

template <class Int>
Int parse_int(std::string_view flag, std::string_view text, Int lo, Int hi) {
  Int v{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v < lo || v > hi) {
    throw OptionError(std::string(flag) + ": '" + std::string(text) + "' is not an integer in [" +
                      std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

double parse_positive(std::string_view flag, std::string_view text) {
  // std::from_chars for double is in libstdc++ 11+.
  double v = 0.0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || !(v > 0.0) || !std::isfinite(v)) {
    throw OptionError(std::string(flag) + ": '" + std::string(text) + "' is not a positive number");
  }
  return v;
}

std::vector<std::string> names(std::string_view flag, std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view p : split(text)) {
    if (p.empty())
      throw OptionError(std::string(flag) + ": empty name in '" + std::string(text) + "'");
    out.emplace_back(p);
  }
  return out;
}

void check_known(std::string_view flag, const std::vector<std::string>& given,
                 const std::vector<std::string>& known) {
  for (const std::string& g : given) {
    bool found = false;
    for (const std::string& k : known) found = found || g == k;
    if (!found) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw OptionError(std::string(flag) + ": unknown '" + g + "' (known: " + list + ")");
    }
  }
}

}  // namespace

MdOptions parse_md_options(int& argc, char** argv) {
  MdOptions o;
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!arg.starts_with("--md_")) {
      argv[out++] = argv[i];
      continue;
    }
    const std::size_t eq = arg.find('=');
    const std::string_view flag = arg.substr(0, eq);
    const bool has_value = eq != std::string_view::npos;
    const std::string_view value = has_value ? arg.substr(eq + 1) : std::string_view{};
    auto need_value = [&] {
      if (!has_value || value.empty()) {
        throw OptionError(std::string(flag) + ": needs a value (" + std::string(flag) + "=...)");
      }
    };
    if (flag == "--md_list") {
      if (!has_value) {
        o.list = MdOptions::List::Text;
      } else if (value == "json") {
        o.list = MdOptions::List::Json;
      } else if (value == "text") {
        o.list = MdOptions::List::Text;
      } else {
        throw OptionError("--md_list: unknown format '" + std::string(value) +
                          "' (expected text or json)");
      }
    } else if (flag == "--md_steps") {
      need_value();
      o.steps = parse_int<long>(flag, value, 20, 100'000'000);  // >= 2 thermo samples
    } else if (flag == "--md_seed") {
      need_value();
      o.seed = parse_int<std::uint64_t>(flag, value, 0, ~std::uint64_t{0});
    } else if (flag == "--md_sizes") {
      need_value();
      o.sizes.clear();
      for (std::string_view p : split(value))
        o.sizes.push_back(parse_int<int>(flag, p, 1, 1 << 26));
    } else if (flag == "--md_replicas") {
      need_value();
      o.replicas.clear();
      for (std::string_view p : split(value))
        o.replicas.push_back(parse_int<int>(flag, p, 1, 4096));
    } else if (flag == "--md_lammps_inputs") {
      need_value();
      o.lammps_inputs = std::string(value);
    } else if (flag == "--md_gromacs_inputs") {
      need_value();
      o.gromacs_inputs = std::string(value);
    } else if (flag == "--md_cuda") {
      need_value();
      if (value == "auto") {
        o.cuda = MdOptions::Cuda::Auto;
      } else if (value == "on") {
        o.cuda = MdOptions::Cuda::On;
      } else if (value == "off") {
        o.cuda = MdOptions::Cuda::Off;
      } else {
        throw OptionError("--md_cuda: unknown value '" + std::string(value) +
                          "' (expected auto, on or off)");
      }
    } else if (flag == "--md_device") {
      need_value();
      o.cuda_device = parse_int<int>(flag, value, 0, 1023);
    } else if (flag == "--md_threads") {
      need_value();
      o.threads.clear();
      for (std::string_view p : split(value)) {
        const int t = parse_int<int>(flag, p, 1, 256);
        if (std::find(o.threads.begin(), o.threads.end(), t) == o.threads.end()) {
          o.threads.push_back(t);
        }
      }
    } else if (flag == "--md_cases") {
      need_value();
      o.cases = names(flag, value);
    } else if (flag == "--md_models") {
      need_value();
      o.models = names(flag, value);
    } else if (flag == "--md_ensembles") {
      need_value();
      o.ensembles = names(flag, value);
    } else if (flag == "--md_timestep") {
      need_value();
      o.timestep = parse_positive(flag, value);
    } else if (flag == "--md_export_nn") {
      need_value();
      const auto colon = value.find(':');
      if (colon == std::string_view::npos || colon == 0 || colon + 1 == value.size()) {
        throw OptionError("--md_export_nn: expected <preset>:<file>, e.g. nn-student:student.json");
      }
      o.export_nn_preset = std::string(value.substr(0, colon));
      o.export_nn_path = std::string(value.substr(colon + 1));
      try {
        nn_preset_architecture(o.export_nn_preset);
      } catch (const std::invalid_argument& e) {
        throw OptionError(std::string("--md_export_nn: ") + e.what());
      }
    } else if (flag == "--md_case") {
      need_value();
      try {
        add_case(parse_custom_case(value));
      } catch (const std::exception& e) {
        throw OptionError(e.what());
      }
    } else if (flag == "--md_peers") {
      need_value();
      o.lammps_peers = o.ase_peers = o.openmm_peers = false;
      if (value != "none") {
        std::string_view rest = value;
        while (!rest.empty()) {
          const auto slash = std::min(rest.find('/'), rest.size());
          const std::string_view peer = rest.substr(0, slash);
          rest.remove_prefix(std::min(slash + 1, rest.size()));
          if (peer == "lammps") {
            o.lammps_peers = true;
          } else if (peer == "ase") {
            o.ase_peers = true;
          } else if (peer == "openmm") {
            o.openmm_peers = true;
          } else {
            throw OptionError("--md_peers: unknown peer '" + std::string(peer) +
                              "' (expected a slash list of lammps, ase and openmm, or none)");
          }
        }
      }
    } else if (flag == "--md_allow_errors" && !has_value) {
      o.allow_errors = true;
    } else if (flag == "--md_size_runs") {
      need_value();
      if (value != "on" && value != "off") {
        throw OptionError("--md_size_runs: expected on or off, got '" + std::string(value) + "'");
      }
      o.size_runs = value == "on";
    } else if (flag == "--md_samples_out") {
      need_value();
      o.samples_out = std::string(value);
    } else if (flag == "--md_state_cache") {
      need_value();
      o.state_cache = std::string(value);
    } else if (flag == "--md_prepare_threads") {
      need_value();
      o.prepare_threads = parse_int<int>(flag, value, 1, 1024);
    } else if (flag == "--md_suite") {
      need_value();
      if (value == "default") {
        o.suite = MdOptions::Suite::Default;
      } else if (value == "quick") {
        o.suite = MdOptions::Suite::Quick;
      } else if (value == "full") {
        o.suite = MdOptions::Suite::Full;
      } else {
        throw OptionError("--md_suite: unknown suite '" + std::string(value) +
                          "' (expected quick, default or full)");
      }
    } else {
      throw OptionError("unknown flag " + std::string(flag) + " (see --help)");
    }
  }
  argc = out;
  argv[argc] = nullptr;

  std::vector<std::string> case_names, model_names;
  for (const CaseSpec& c : case_table()) {
    case_names.push_back(c.name);
    bool seen = false;
    for (const std::string& m : model_names) seen = seen || m == c.model;
    if (!seen) model_names.push_back(c.model);
  }
  check_known("--md_cases", o.cases, case_names);
  check_known("--md_models", o.models, model_names);
  check_known("--md_ensembles", o.ensembles, {"NVE", "NVT", "NPT"});
  return o;
}

std::string state_cache_root(const MdOptions& options) {
  if (!options.state_cache.empty()) return options.state_cache;
  if (const char* env = std::getenv("MDBENCH_STATE_CACHE"); env != nullptr && *env != '\0') {
    return env;
  }
  return default_state_cache_root();
}

const char* md_options_help() {
  return R"(md_bench flags (before or among the --benchmark_* flags):
          [--md_list[=text|json]]       print the cases, families and counters, then exit
          [--md_suite=quick|default|full]  quick: every case once at its smallest size (about
                                        a minute on 2 cores); default: about 3 minutes;
                                        full: every size, ensemble and replica count
          [--md_cases=<case>,...]       only these cases (see --md_list)
          [--md_models=<model>,...]     only cases using these force fields
          [--md_ensembles=NVE,NVT,NPT]  only these ensembles
          [--md_sizes=<atoms>,...]      atom counts for Step, Trajectory and Batched (and Scaling)
          [--md_replicas=<R>,...]       replica counts for Batched (default 1,2,4,8)
          [--md_threads=<T>,...]        threads per simulation for Step, Trajectory, Scaling
                                        (default 1; T > 1 adds backend cpu-t<T> rows for the
                                        cases whose force field threads: LJ and SW)
          [--md_steps=<n>]              steps per Trajectory iteration (default: the case's,
                                        1000; si-snap-kim 100)
          [--md_timestep=<dt>]          override every case's time step (ps, or tau in LJ units)
          [--md_case=NAME:model=...,lattice=...|structure=FILE,...]  a custom case (repeatable;
                                        docs/BENCHMARKS.md), e.g. ge:model=kim:<model>,lattice=
                                        diamond,a=5.658,species=Ge  or  mine:model=sw,structure=s.xyz;
                                        teacher=<case> adds energy_mae and force_rmse against it,
                                        and rdf=<species> its g(r) counters (rdf_peak, rdf_diff)
          [--md_peers=lammps/ase/openmm|lammps|...|none]
                                        Peer family: the Step states run by LAMMPS in-process,
                                        by ASE's own MD loop and (water) by OpenMM's CPU
                                        platform in-process (default all three, each when
                                        built with liblammps, Python, libopenmm)
          [--md_device=<N>]             the CUDA device the cuda rows run on (default: 0)
          [--md_cuda=auto|on|off]       cuda rows (Step, Scaling, Batched on the GPU engine):
                                        auto = when built with CUDA and a GPU is usable
          [--md_lammps_inputs=<dir>]    write the selected Step states as stand-alone LAMMPS
                                        inputs (for mpirun -np N lmp), then exit
          [--md_gromacs_inputs=<dir>]   write the selected NVE Step states as GROMACS inputs
                                        (.gro, .top, .mdp; bench/peers/vs_gromacs.sh), then exit
          [--md_seed=<n>]               seed for velocities and thermostat noise (default 2026)
          [--md_export_nn=<preset>:<file>]  write an NN preset's weights (nn-teacher, nn-student)
                                        as a JSON weights file (docs/MODELS.md), then exit
          [--md_samples_out=<file>]     also write every benchmark's per-step latencies (JSON),
                                        for md_report --samples (histograms)
          [--md_state_cache=<dir>|off]  keep prepared states between runs of builds that make
                                        the same states (default $MDBENCH_STATE_CACHE, else
                                        ~/.cache/mdbench/states)
          [--md_prepare_threads=<T>]    threads preparing the rows' states before any row
                                        runs (default: one per hardware thread)
          [--md_allow_errors]           exit 0 even when a benchmark ended in error
          [--md_size_runs=on|off]       on (default): each row's iteration count from a short
                                        probe, its last batch filling --benchmark_min_time; off:
                                        Google Benchmark's own search (runs of up to 1.4 x it)
Bad values print one line and exit with code 2; a run in which a benchmark ended in error
(its row says why) exits with code 1 unless --md_allow_errors.

Examples:
  md_bench --md_list                                 what can run: cases, counters, KIM models
  md_bench --benchmark_filter=NVE/64 --benchmark_out=r.json
                                                     every case at 64 atoms (~60 s on 2 cores)
  md_bench --md_suite=quick                          every case once, about a minute
  md_bench --md_cases=lj-melt --md_sizes=32000 --benchmark_filter='^(Step|Peer)/'
                                                     LAMMPS's in.lj state, beside LAMMPS (Peer)
  md_bench --md_cases=si-nn-teacher,si-nn-student --benchmark_filter=NVE/64
                                                     an NN student against its teacher
  md_bench --md_case=mine:model=kim:SW_StillingerWeber_1985_Si__MO_405512056662_005,lattice=diamond,a=5.431,species=Si --md_cases=mine
                                                     any OpenKIM model on a crystal of your choice
  md_bench --md_case=mine:model=sw,structure=s.xyz --md_cases=mine
                                                     your own structure (extended XYZ or LAMMPS data)
  md_bench --benchmark_filter=Batched --md_replicas=1,16,64 --md_cuda=on
                                                     many small replicas in one launch on a GPU
  md_bench --benchmark_repetitions=5 --benchmark_out=new.json ...; compare old.json new.json
                                                     a regression check (exit 1 on a regression)
  md_report new.json -o report.html                  charts, hotspots and tables in one page
)";
}

}  // namespace mdb::bench
