#pragma once
// Stand-alone LAMMPS inputs of md_bench states, for runs md_bench cannot host in-process: LAMMPS
// on several MPI ranks (`mpirun -np 2 lmp`, bench/peers/vs_lammps_2core.sh).
#include <string>
#include <vector>

#include "bench/registry.hpp"

namespace mdb::bench {

/// For every one-thread Step benchmark of `plan` that `filter` (--benchmark_filter syntax)
/// selects and whose case has a LAMMPS counterpart, writes a folder under `dir` named
/// <ENS>-<N>-<case> holding the state (data.lmp: box, masses, positions, velocities, from the
/// same equilibrated state the Step row starts from), any potential file, and in.lmp (potential,
/// neighbour settings, time step and fixes as the Peer family uses; `run 20` to warm up, then
/// `run ${steps}`, set with `lmp -var steps N`). Writes dir/index.tsv, one line per folder:
/// "<folder>\t<Peer name without the backend>\t<atoms>", e.g.
/// "NVE-4096-si-sw\tPeer/NVE/4096/si-sw\t4096". Returns the number of folders. Throws
/// std::runtime_error when a state cannot be prepared or a file cannot be written.
int write_lammps_inputs(const std::vector<PlannedBenchmark>& plan, const std::string& filter,
                        const std::string& dir);

}  // namespace mdb::bench
