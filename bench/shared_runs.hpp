#pragma once
// Rows that measure one thing, measured once. A Scaling size and a one-replica Batched row on the
// state, ensemble and engine of a Step row time the same steps of the same engine as that row:
// the default suite ran 23 such rows twice or three times (about 15 s), and on a shared machine
// their figures differed by up to 2x, which told a reader nothing but the machine's noise. The
// first of them to run measures; the others report its run under their own names (a label says
// whose), with the counters their family carries. Only with one repetition: repetitions are
// there to sample the machine again.
#include <benchmark/benchmark.h>

#include <optional>
#include <string>
#include <vector>

#include "bench/registry.hpp"

namespace mdb::bench {

/// What a row measures (its state key, engine choice and how it steps), equal for rows that
/// measure the same thing; empty for a row that shares with none (Trajectory, Peer).
std::string measurement_identity(const PlannedBenchmark& p);

/// Keeps the runs row `p` reported (the display's and the file's), when they are one run without
/// an error, for the rows of the same identity that follow.
void keep_shared_runs(const PlannedBenchmark& p, const std::string& identity,
                      const std::vector<benchmark::BenchmarkReporter::Run>& display,
                      const std::vector<benchmark::BenchmarkReporter::Run>& file);

/// Forgets every kept run (a new set of rows starts: run_rows).
void forget_shared_runs();

struct SharedRuns {
  std::vector<benchmark::BenchmarkReporter::Run> display, file;
  std::string measured_by;  ///< the reported name of the row that measured them
  std::string label;        ///< "measured by <row>", for the row's own runs (not a fit's)
};

/// The runs kept for `identity`, relabelled as row `p`'s (its name, size and family's counters),
/// and the label that names the row that measured them; nullopt when none are kept.
std::optional<SharedRuns> shared_runs_for(const PlannedBenchmark& p, const std::string& identity);

}  // namespace mdb::bench
