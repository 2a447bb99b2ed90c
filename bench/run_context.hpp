#pragma once
// Where a result came from: build, compiler, CPU, GPU and git revision, written into Google
// Benchmark's JSON "context" so a file can be matched to its machine and commit.
#include <string>
#include <utility>
#include <vector>

namespace mdb::bench {

/// Version of md_bench's JSON contract (names, counters, context keys); bumped on any change a
/// reader must know about.
inline constexpr const char* kSchemaVersion = "1";

/// The key/value pairs, in a stable order (all keys start with "mdbench_").
std::vector<std::pair<std::string, std::string>> run_context();

/// Adds run_context() to Google Benchmark's context.
void add_run_context();

}  // namespace mdb::bench
