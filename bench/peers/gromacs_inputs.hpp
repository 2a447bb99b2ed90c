#pragma once
// md_bench states as GROMACS inputs (md_bench --md_gromacs_inputs=DIR), for `gmx grompp` and
// `gmx mdrun` beside md_bench's own rows (bench/peers/vs_gromacs.sh, docs/PEERS.md).
#include <string>
#include <vector>

#include "bench/prepared_state.hpp"
#include "bench/registry.hpp"

namespace mdb::bench {

/// Whether a case/ensemble has a GROMACS counterpart: its model has a GROMACS form (the
/// catalogue's `gromacs`) and the ensemble is NVE (GROMACS's thermostats and barostats are
/// other algorithms than md_bench's; not compared yet).
bool has_gromacs_peer(const CaseSpec& c, Ensemble e);

/// Steps between list searches that GROMACS should take for `key`'s state: the policy's
/// `every` when it rebuilds without checking; when it checks displacements, the mean interval
/// between md_bench's own rebuilds on that state (up to 2,000 steps or 10 rebuilds after the
/// timed engine's warm-up), rounded down, so GROMACS searches as often as md_bench does.
int gromacs_list_interval(const StateKey& key);

/// For every one-thread double-precision Step benchmark of `plan` that `filter`
/// (--benchmark_filter syntax) selects and whose case has a GROMACS counterpart, writes a folder
/// under `dir` named <ENS>-<N>-<case> holding the state the Step row starts from (conf.gro, with
/// velocities), its topology (topol.top), run parameters (grompp.mdp) and the parameters of a
/// single-point rerun (rerun.mdp: energies and forces of every frame). Writes dir/index.tsv,
/// one line per folder: "<folder>\t<Step name without the backend>\t<atoms>\t<nstlist>", e.g.
/// "NVE-32000-lj-melt\tStep/NVE/32000/lj-melt\t32000\t20". Returns the number of folders.
/// States GROMACS cannot run (a box shorter than twice rlist: GROMACS takes one periodic image
/// of each atom, md_bench as many as the cutoff reaches) or that carry charges (no
/// electrostatics are written yet) are left out and listed, with why, in
/// `skipped` (if given). Throws std::runtime_error when a state cannot be prepared or a file
/// cannot be written.
int write_gromacs_inputs(const std::vector<PlannedBenchmark>& plan, const std::string& filter,
                         const std::string& dir, std::vector<std::string>* skipped = nullptr);

}  // namespace mdb::bench
