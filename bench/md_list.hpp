#pragma once
// --md_list: what md_bench can run (cases, families, counters, installed KIM models) and the
// names a filter selects, as text or JSON.
#include <ostream>
#include <string>
#include <vector>

#include "bench/options.hpp"
#include "bench/registry.hpp"

namespace mdb::bench {

/// --md_list: cases, families, counters and the planned names that `filter` (the
/// --benchmark_filter value) selects, as text or JSON.
void print_list(const MdOptions& options, const std::vector<PlannedBenchmark>& plan,
                const std::string& filter, std::ostream& out);

}  // namespace mdb::bench
