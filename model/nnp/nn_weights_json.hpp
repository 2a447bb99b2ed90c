#pragma once
// The JSON weights format of the NN potentials (docs/MODELS.md describes it field by field).
#include <string>
#include <string_view>

#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// Format tag and version written to and required in every weights file.
inline constexpr std::string_view kNnFormat = "mdbench-nnp";
inline constexpr int kNnFormatVersion = 1;

/// Parses a weights document. `source` (usually the path) starts every error message:
/// std::invalid_argument("<source>: <problem>") for malformed JSON, missing or mistyped
/// fields, unknown keys, unknown species and everything NnSpec::validate rejects.
NnSpec parse_nn_weights(std::string_view json_text, const std::string& source);
/// Reads and parses a file; a file that cannot be read gives "<path>: cannot open".
NnSpec read_nn_weights(const std::string& path);
/// The document for a spec (round-trips exactly: doubles are written with 17 digits).
std::string nn_weights_to_json(const NnSpec& spec);
/// Writes the document; throws std::runtime_error when the file cannot be written.
void write_nn_weights(const NnSpec& spec, const std::string& path);

}  // namespace mdb
