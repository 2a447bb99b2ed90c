#include "bench/registry.hpp"

#include <algorithm>
#include <cstdio>
#include <regex>
#include <thread>

#include "bench/cases.hpp"
#include "bench/peers/lammps_script.hpp"
#include "bench/registry_device.hpp"
#ifdef MDB_HAVE_PYTHON
#include "bench/peers/ase_peer.hpp"
#endif
#ifdef MDB_HAVE_OPENMM
#include "bench/peers/openmm_peer.hpp"
#endif

namespace mdb::bench {
namespace {

constexpr const char* kBackend = "cpu";
constexpr const char* kMixedBackend = "cpu-mixed";  // float pair arithmetic
const std::vector<int> kDefaultReplicas = {1, 2, 4, 8};
constexpr int kBatchedAtoms = 64;      // the seed projects' small-system screening size
constexpr int kAsePeerMaxAtoms = 512;  // ase Peer rows in a default run: up to this size
constexpr int kFullBatchedAtoms = 1024;

bool selected(const std::vector<std::string>& filter, const std::string& name) {
  return filter.empty() || std::find(filter.begin(), filter.end(), name) != filter.end();
}

std::vector<Ensemble> ensembles_of(const CaseSpec& c, const MdOptions& o) {
  std::vector<Ensemble> out;
  for (Ensemble e : c.ensembles) {
    if (selected(o.ensembles, std::string(ensemble_name(e)))) out.push_back(e);
  }
  return out;
}

// Keeps sizes within the case's cap and checks the lattice reaches each one exactly.
std::vector<int> usable(const CaseSpec& c, const std::vector<int>& sizes, int cap,
                        std::vector<std::string>* skipped) {
  std::vector<int> out;
  for (int n : sizes) {
    if (n > cap) {
      if (skipped)
        skipped->push_back(c.name + " at " + std::to_string(n) + " atoms (cap " +
                           std::to_string(cap) + ")");
      continue;
    }
    if (c.builder && n % c.builder_unit != 0) {
      // A case of whole molecules has no row at a size that splits one: --md_sizes=32 asks for
      // the atomic cases' rows, not for an error from water's.
      if (skipped)
        skipped->push_back(c.name + " at " + std::to_string(n) + " atoms (not whole molecules)");
      continue;
    }
    try {
      cells_for_atoms(c, n);
    } catch (const std::invalid_argument& e) {
      throw OptionError(std::string("--md_sizes: ") + e.what());
    }
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  }
  return out;
}

// The full suite's sizes: powers of two from 32 atoms up to hi, or, for a case whose unit does
// not divide them (a water molecule's 3 atoms), powers of two of 32 and more whole units.
std::vector<int> powers_of_two_to(const CaseSpec& c, int hi) {
  const int unit = atoms_per_unit(c);
  std::vector<int> v;
  for (int n = 32 % unit == 0 ? 32 : 32 * unit; n <= hi; n *= 2) v.push_back(n);
  return v;
}

// Whether the case's model has a mixed-precision variant (ForceField::mixed_precision): the case
// then gets `cpu-mixed` Step and Trajectory rows in NVE, the ensemble its drift is read in (not
// in the quick suite, which runs each case once).
bool has_mixed_precision(const CaseSpec& c) {
  return c.recipe.abilities().mixed_precision;
}

// "cpu" for one thread per simulation, "cpu-t<N>" for N (--md_threads); "cpu-mixed" and
// "cpu-mixed-t<N>" for the mixed-precision model.
std::string backend_of(int threads, bool mixed = false) {
  std::string b = mixed ? kMixedBackend : kBackend;
  if (threads > 1) b.append("-t").append(std::to_string(threads));
  return b;
}

std::string name_of(Family f, Ensemble e, int atoms, const CaseSpec& c, int threads = 1) {
  return benchmark_name(f, e, atoms, c, backend_of(threads));
}

StateKey key_of(const CaseSpec& c, Ensemble e, int atoms, const MdOptions& o) {
  return StateKey{&c, e, atoms, o.seed, o.timestep > 0.0 ? o.timestep : c.timestep};
}

// Peer/<ENS>/<N>/<case>/<peer>
std::string peer_name(Ensemble e, int atoms, const CaseSpec& c, std::string_view peer) {
  std::string name = "Peer/";
  name.append(ensemble_name(e)).append("/").append(std::to_string(atoms)).append("/");
  return name.append(c.name).append("/").append(peer);
}

}  // namespace

std::string benchmark_name(Family f, Ensemble e, int atoms, const CaseSpec& c,
                           std::string_view backend) {
  std::string name(family_name(f));
  name.append("/").append(ensemble_name(e)).append("/").append(std::to_string(atoms));
  return name.append("/").append(c.name).append("/").append(backend);
}

std::string scaling_name(Ensemble e, const CaseSpec& c, std::string_view backend) {
  std::string name = "Scaling/";
  return name.append(ensemble_name(e)).append("/").append(c.name).append("/").append(backend);
}

std::vector<PlannedBenchmark> plan_benchmarks(const MdOptions& o,
                                              std::vector<std::string>* skipped) {
  const bool full = o.suite == MdOptions::Suite::Full;
  const bool quick = o.suite == MdOptions::Suite::Quick;
  const bool sized = !o.sizes.empty();
  const int hw = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const std::vector<int> thread_counts = o.threads.empty() ? std::vector<int>{1} : o.threads;
  std::vector<PlannedBenchmark> plan;
  for (const CaseSpec& c : case_table()) {
    if (!selected(o.cases, c.name) || !selected(o.models, c.model)) continue;
    // A case on request (steps of about a second) runs only when --md_cases names it.
    if (c.on_request && o.cases.empty()) continue;
    std::vector<Ensemble> ens = ensembles_of(c, o);
    if (quick && o.ensembles.empty() && ens.size() > 1) ens.resize(1);
    // Step and Trajectory.
    const std::vector<int> own_sizes =
        quick ? std::vector<int>{*std::min_element(c.sizes.begin(), c.sizes.end())} : c.sizes;
    std::vector<int> step_sizes = sized ? o.sizes : own_sizes;
    if (!sized && !quick) {
      if (full) {
        for (int n : powers_of_two_to(c, c.full_max_atoms)) step_sizes.push_back(n);
      }
      step_sizes.insert(step_sizes.end(), c.extra_step_sizes.begin(), c.extra_step_sizes.end());
    }
    step_sizes = usable(c, step_sizes, c.max_atoms, skipped);
    std::sort(step_sizes.begin(), step_sizes.end());
    const std::vector<int> traj_sizes =
        usable(c, sized ? o.sizes : own_sizes, c.max_atoms, nullptr);
    // Thread counts above 1 only where the force field can use them.
    std::vector<int> threads;
    for (int t : thread_counts) {
      if (t == 1 || case_splits_over_threads(c)) threads.push_back(t);
    }
    for (Ensemble e : ens) {
      for (int n : step_sizes) {
        for (int t : threads) {
          BenchmarkSpec s{Family::Step, key_of(c, e, n, o)};
          s.sim_threads = t;
          plan.push_back({name_of(Family::Step, e, n, c, t), s, {}});
        }
        if (!quick && e == Ensemble::NVE && has_mixed_precision(c)) {
          for (int t : threads) {
            BenchmarkSpec s{Family::Step, key_of(c, e, n, o)};
            s.mixed = true;
            s.sim_threads = t;
            plan.push_back({benchmark_name(Family::Step, e, n, c, backend_of(t, true)), s, {}});
          }
        }
        if (o.lammps_peers && lammps_available() && has_lammps_peer(c, e)) {
          const std::string peer = peer_name(e, n, c, "lammps");
          plan.push_back({peer, {Family::Peer, key_of(c, e, n, o)}, {}});
          for (const std::string& suffix : c.recipe.lammps_suffixes) {
            BenchmarkSpec s{Family::Peer, key_of(c, e, n, o)};
            s.lammps_suffix = suffix;
            plan.push_back({peer + "-" + suffix, s, {}});
          }
        }
#ifdef MDB_HAVE_PYTHON
        // ASE's loop is Python: tens of ms a step at a few hundred atoms, so its rows stop
        // there unless sizes were asked for.
        if (o.ase_peers && has_ase_peer(c, e) && (sized || n <= kAsePeerMaxAtoms)) {
          BenchmarkSpec s{Family::Peer, key_of(c, e, n, o)};
          s.peer = PeerKind::Ase;
          plan.push_back({peer_name(e, n, c, "ase"), s, {}});
        }
#endif
#ifdef MDB_HAVE_OPENMM
        // OpenMM's CPU platform on one thread, for the water cases whose box holds its cut-off.
        if (o.openmm_peers && has_openmm_peer(c, e, n)) {
          BenchmarkSpec s{Family::Peer, key_of(c, e, n, o)};
          s.peer = PeerKind::OpenMm;
          plan.push_back({peer_name(e, n, c, "openmm"), s, {}});
        }
#endif
      }
      for (int n : traj_sizes) {
        for (int t : threads) {
          BenchmarkSpec s{Family::Trajectory, key_of(c, e, n, o)};
          s.trajectory_steps = trajectory_steps_of(c, o.steps);
          s.sim_threads = t;
          plan.push_back({name_of(Family::Trajectory, e, n, c, t), s, {}});
        }
        if (!quick && e == Ensemble::NVE && has_mixed_precision(c)) {
          for (int t : threads) {
            BenchmarkSpec s{Family::Trajectory, key_of(c, e, n, o)};
            s.trajectory_steps = trajectory_steps_of(c, o.steps);
            s.mixed = true;
            s.sim_threads = t;
            plan.push_back(
                {benchmark_name(Family::Trajectory, e, n, c, backend_of(t, true)), s, {}});
          }
        }
      }
    }
    // Scaling: NVE only in the default suite.
    std::vector<int> scaling = quick   ? std::vector<int>{}
                               : sized ? o.sizes
                               : full  ? powers_of_two_to(c, c.full_max_atoms)
                                       : c.scaling_sizes;
    scaling = usable(c, scaling, c.max_atoms, nullptr);
    std::sort(scaling.begin(), scaling.end());
    for (Ensemble e : ens) {
      if (!full && !o.ensembles.size() && e != ens.front()) continue;
      for (int t : threads) {
        PlannedBenchmark p{
            scaling_name(e, c, backend_of(t)), {Family::Scaling, key_of(c, e, 0, o)}, {}};
        p.spec.sim_threads = t;
        for (int n : scaling) p.sizes.push_back(n);
        if (!p.sizes.empty()) plan.push_back(p);
      }
    }
    // Batched.
    std::vector<int> batch_sizes =
        sized ? o.sizes : std::vector<int>{c.batched_atoms > 0 ? c.batched_atoms : kBatchedAtoms};
    if (!sized && full) {
      batch_sizes.push_back(kFullBatchedAtoms / atoms_per_unit(c) * atoms_per_unit(c));
    }
    batch_sizes = usable(c, batch_sizes, c.max_atoms, nullptr);
    const std::vector<int> reps = !o.replicas.empty() ? o.replicas
                                  : quick             ? std::vector<int>{hw}
                                                      : kDefaultReplicas;
    for (Ensemble e : ens) {
      if (!full && !o.ensembles.size() && e != ens.front()) continue;
      for (int n : batch_sizes) {
        for (int r : reps) {
          BenchmarkSpec s{Family::Batched, key_of(c, e, n, o)};
          s.replicas = r;
          s.threads = std::min(r, hw);
          plan.push_back(
              {name_of(Family::Batched, e, n, c) + "/replicas:" + std::to_string(r), s, {}});
        }
      }
    }
    // cuda: the GPU engine takes sizes past the CPU cap.
    const int device_cap = std::max(c.max_atoms, kMaxDeviceAtoms);
    std::vector<int> device_sizes = sized ? usable(c, o.sizes, device_cap, nullptr) : step_sizes;
    std::sort(device_sizes.begin(), device_sizes.end());
    plan_device_rows(c, o, ens, device_sizes, sized ? device_sizes : traj_sizes,
                     sized && !quick ? device_sizes : usable(c, scaling, device_cap, nullptr),
                     batch_sizes, plan);
  }
  return plan;
}

std::vector<std::string> reported_names(const std::vector<PlannedBenchmark>& plan) {
  std::vector<std::string> names;
  for (const PlannedBenchmark& p : plan) {
    if (p.spec.family == Family::Scaling) {
      for (auto n : p.sizes) names.push_back(reported_name(p.name, n));
    } else {
      names.push_back(reported_name(p.name));
    }
  }
  return names;
}

bool filter_selects(const std::string& filter, const std::string& name) {
  std::string spec = filter.empty() || filter == "all" ? "." : filter;
  bool negate = false;
  if (spec.front() == '-') {
    negate = true;
    spec.erase(0, 1);
  }
  const std::regex re(spec, std::regex::extended);
  return std::regex_search(name, re) != negate;
}

void prepare_scaling(std::vector<PlannedBenchmark>& plan, const std::string& filter) {
  std::vector<PlannedBenchmark> failed;
  for (PlannedBenchmark& p : plan) {
    if (p.spec.family != Family::Scaling) continue;
    std::vector<std::int64_t> good;
    int selected_good = 0;  // good sizes that will run: the fit needs two
    bool said = false;
    for (auto n : p.sizes) {
      if (!filter_selects(filter, reported_name(p.name, n))) {
        good.push_back(n);  // not run: selected_plan leaves it out
        continue;
      }
      // A built-in case's states are ready (prepare_states); a custom one's take a while.
      if (!said && p.spec.key.spec->custom) {
        std::fprintf(stderr, "md_bench: preparing %s\n", p.name.c_str());
        said = true;
      }
      StateKey key = p.spec.key;
      key.atoms = static_cast<int>(n);
      try {
        equilibrated_system(key);
        good.push_back(n);
        ++selected_good;
      } catch (const std::exception&) {
        PlannedBenchmark lone = p;  // reports the cached error under the same name
        lone.sizes = {n};
        lone.complexity = false;
        failed.push_back(lone);
      }
    }
    p.sizes = good;
    p.complexity = selected_good >= 2;
  }
  plan.insert(plan.end(), failed.begin(), failed.end());
}

Preparation preparation_of(const std::vector<PlannedBenchmark>& plan) {
  Preparation needs;
  for (const PlannedBenchmark& p : plan) {
    if (p.spec.family != Family::Scaling) {
      needs.states.push_back(p.spec.key);
    } else {
      for (auto n : p.sizes) {
        StateKey key = p.spec.key;
        key.atoms = static_cast<int>(n);
        needs.states.push_back(key);
      }
    }
    if (carries_accuracy(p.spec.family)) needs.accuracy.push_back(p.spec.key);
    if (carries_structure(p.spec.family)) needs.structure.push_back(p.spec.key);
  }
  return needs;
}

std::vector<PlannedBenchmark> selected_plan(const std::vector<PlannedBenchmark>& plan,
                                            const std::string& filter) {
  std::vector<PlannedBenchmark> kept;
  for (const PlannedBenchmark& p : plan) {
    PlannedBenchmark s = p;
    // One name object per row for all its registrations: the progress lines know a row by it.
    s.spec.name = std::make_shared<const std::string>(p.name);
    if (p.spec.family != Family::Scaling) {
      if (filter_selects(filter, reported_name(p.name))) kept.push_back(std::move(s));
      continue;
    }
    s.sizes.clear();
    for (auto n : p.sizes) {
      if (filter_selects(filter, reported_name(p.name, n))) {
        s.sizes.push_back(n);
      }
    }
    if (!s.sizes.empty()) kept.push_back(std::move(s));
  }
  return kept;
}

benchmark::internal::Benchmark* register_benchmark(const PlannedBenchmark& p,
                                                   std::int64_t iterations) {
  if (p.sizes.empty() && p.spec.family == Family::Scaling) return nullptr;
  BenchmarkSpec spec = p.spec;
  if (!spec.name) spec.name = std::make_shared<const std::string>(p.name);
  auto* b = benchmark::RegisterBenchmark(
      p.name.c_str(), [spec](benchmark::State& state) { run_benchmark(state, spec); });
  // Manual time everywhere, so names carry the same "/manual_time" in every family and backend.
  b->UseManualTime();
  b->Unit(spec.family == Family::Trajectory ? benchmark::kMillisecond : benchmark::kMicrosecond);
  if (spec.family == Family::Scaling) {
    for (auto n : p.sizes) b->Arg(n);
    if (p.complexity) b->Complexity(benchmark::oN);
  }
  if (iterations > 0) b->Iterations(iterations);
  return b;
}

}  // namespace mdb::bench
