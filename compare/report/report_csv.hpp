#pragma once
// md_report's table export: one CSV row per benchmark, for spreadsheets and pandas, with the
// parts its name gives (md_bench's or lattice_bench's), its median times and every counter's
// median. The same medians the page shows.
#include <ostream>
#include <string>
#include <string_view>

#include "compare/report/run_summary.hpp"

namespace mdb::compare {

/// Writes a header and one row per benchmark, in run order. Columns: name, program (md_bench,
/// lattice_bench or other), family, op, case, ensemble, lattice, q, M, atoms, replicas, batch,
/// backend (md_bench's backend or lattice_bench's implementation), repetitions, error (the
/// message of a failed run), real_time_ns, cpu_time_ns, then one column per counter any
/// benchmark has, sorted by name. Empty cells where a part or counter does not apply; numbers
/// in the shortest form that reads back exactly. RFC 4180 quoting, lines end in "\n".
void write_report_csv(std::ostream& out, const RunSummary& run);

/// One field as RFC 4180 writes it: quoted, with quotes doubled, when it holds a comma, a quote
/// or a line break; as it is otherwise.
std::string csv_field(std::string_view text);

}  // namespace mdb::compare
