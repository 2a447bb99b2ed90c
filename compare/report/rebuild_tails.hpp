#pragma once
// What neighbour rebuilds explain of a row's step times: a Verlet list makes steps bimodal, one
// rebuild step costing many ordinary ones, so a spread or a latency tail they account for is what
// the list costs, not a fault or the machine (md_report's step-cv, p95-tail and p99-tail rules).
#include <string>

#include "compare/report/run_summary.hpp"

namespace mdb::compare {

/// Whether rebuilds are a likely cause of a wide distribution: a real share of time in the list.
bool rebuilds_explain_spread(const BenchSummary& b);

/// Whether rebuild steps make a latency tail at `quantile` (0.95, 0.99) of `ratio` x the mean
/// step (rebuild_tails.cpp says how).
bool rebuilds_explain_tail(const BenchSummary& b, double ratio, double quantile);

/// One sentence on the rebuilds that explain that tail: how often, how slow, in the counters'
/// words.
std::string rebuild_note(const BenchSummary& b, double ratio, double quantile);

}  // namespace mdb::compare
