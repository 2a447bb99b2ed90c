#pragma once
// Reads what a LAMMPS `run ... post yes` writes to its log: the loop time, the per-section
// timing breakdown and the neighbour count. Pure text parsing, tested without LAMMPS.
#include <string_view>

namespace mdb::bench {

/// One run's wall seconds by LAMMPS section (average over MPI tasks), and its neighbour list.
struct LammpsRunStats {
  double loop = 0;  ///< "Loop time of X": the whole run
  double pair = 0, neigh = 0, comm = 0, output = 0, modify = 0, other = 0;
  double neighbors = 0;  ///< "Total # of neighbors" (full list: each pair twice)
  long steps = 0;        ///< "for K steps"
};

/// Parses the last run reported in `log`. Throws std::runtime_error naming what is missing when
/// the text holds no complete "Loop time" line and timing breakdown.
LammpsRunStats parse_lammps_run_stats(std::string_view log);

}  // namespace mdb::bench
