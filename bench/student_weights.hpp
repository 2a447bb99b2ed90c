#pragma once
// The distilled students md_bench ships, built into the binary from bench/data/ so a benchmark
// never depends on where it runs from.
#include <string>
#include <string_view>

#include "model/nnp/nn_spec.hpp"

namespace mdb::bench {

/// bench/data/c-nn-student.json as it was at build time.
std::string_view c_nn_student_json();
/// That file parsed (once; a malformed file is a build defect and throws std::invalid_argument).
const NnSpec& c_nn_student_spec();
/// Its shape in a few words, e.g. "AEV 32, 32-32-1".
std::string c_nn_student_summary();

}  // namespace mdb::bench
