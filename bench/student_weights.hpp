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
/// bench/data/water-nn-student.json as it was at build time, and parsed (once).
std::string_view water_nn_student_json();
const NnSpec& water_nn_student_spec();
/// A student's shape in a few words, e.g. "AEV 32, 32-32-1" (every species' networks have the
/// shape of the first's in the shipped students).
std::string student_summary(const NnSpec& s);

}  // namespace mdb::bench
