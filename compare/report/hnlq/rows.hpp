#pragma once
// lattice_bench's rows in a run (docs/LATTICE.md): what a name says, and the views md_report
// draws from them: throughput per series across batch sizes, and each implementation's speed-up
// over the reference at the same batch. compare/ cannot include bench/, so the name grammar is
// restated here; tests/compare parse a real lattice_bench file with it.
#include <string>
#include <string_view>
#include <vector>

#include "compare/report/run_summary.hpp"

namespace mdb::compare {

/// The parts of `Quantize/<op>/<lattice>/q<q>/M<M>/<batch>/<impl>[/manual_time]`. Other names
/// leave `valid` false and the parts empty.
struct LatticeName {
  bool valid = false;
  std::string op;       // Encode, Decode, RoundTrip
  std::string lattice;  // Z2, D4, E8
  int q = 0;            // alphabet size
  int levels = 0;       // M
  long long batch = 0;  // vectors per call
  std::string impl;     // reference, cpu, cuda
  std::string label;    // the name without "/manual_time"
  std::string config;   // "Encode D4 q4 M2": what the rows of a speed-up share
  std::string series;   // config + " " + impl: one line across batch sizes
};

/// Parses a lattice_bench name; never throws.
LatticeName parse_lattice_name(std::string_view name);

/// The implementation every speed-up is measured against.
inline constexpr std::string_view kLatticeReference = "reference";

/// One point of a series: a batch size and its benchmark (never an error run).
struct LatticePoint {
  long long batch = 0;
  const BenchSummary* bench = nullptr;
};

/// One (op, lattice, q, M, impl) across batch sizes.
struct LatticeSeries {
  LatticeName name;                  // of the first row; its batch means nothing here
  std::vector<LatticePoint> points;  // by batch, ascending
};

/// Every series with at least one successful row, in order of first appearance.
std::vector<LatticeSeries> lattice_series(const RunSummary& run);

/// The operations the run has rows of, in order of first appearance.
std::vector<std::string> lattice_ops(const RunSummary& run);

/// True when any benchmark of the run is a lattice_bench row (errors included).
bool has_lattice_rows(const RunSummary& run);

/// An implementation against the reference at one batch size, from the same run: the ratio of
/// their median real_time (manual time for cuda rows), so above 1 the implementation is faster.
struct LatticeSpeedup {
  LatticeName name;  // the implementation's row
  const BenchSummary* reference = nullptr;
  const BenchSummary* optimised = nullptr;
  double speedup = 0;
};

/// Every implementation row that has a reference row of the same config and batch, in series
/// order, by batch within a series.
std::vector<LatticeSpeedup> lattice_speedups(const RunSummary& run);

/// A speed-up as the report prints it, without the "x": three significant digits ("0.745",
/// "5.81", "12.3"); a ratio of two noisy medians has no fourth.
std::string speedup_number(double ratio);

/// The speed-ups as a table: one row per config and batch, one column per implementation.
struct LatticeSpeedupTable {
  std::vector<std::string> impls;  // columns, in order of first appearance
  struct Row {
    std::string config;
    long long batch = 0;
    const BenchSummary* reference = nullptr;
    std::vector<double> speedup;  // per column; NaN where the run has no such row
  };
  std::vector<Row> rows;
};
LatticeSpeedupTable lattice_speedup_table(const RunSummary& run);

}  // namespace mdb::compare
