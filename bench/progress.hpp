#pragma once
// One stderr line as each benchmark starts: "[k/N] name (elapsed, ~left)", so a run that takes
// minutes is never silent. Not a Google Benchmark reporter: the console, JSON and CSV output stay
// Google Benchmark's own.
#include <cstddef>
#include <string>

namespace mdb::bench {

/// Announces `total` selected benchmarks and turns the lines on (off: nothing is printed).
void start_progress(std::size_t total, bool enabled);

/// Called at every call of a benchmark's function: prints a line the first time a benchmark
/// (`name`, the registered name shared by its calls, and `size` for Scaling) starts, also when
/// interleaved repetitions bring it back.
/// Compares pointers and numbers, so the calls Google Benchmark makes after the first (its memory
/// pass among them) allocate nothing here.
void note_benchmark_call(const std::string* name, long size);

}  // namespace mdb::bench
