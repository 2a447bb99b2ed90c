#pragma once
// Writing a peer's input files (md_bench --md_lammps_inputs, --md_gromacs_inputs): folders and
// text files, each failure one exception naming the path.
#include <filesystem>
#include <string>

namespace mdb::bench {

/// Creates `folder` and its parents; throws std::runtime_error("<folder>: cannot create (...)").
void make_input_folder(const std::filesystem::path& folder);

/// Writes `text` to `path`; throws std::runtime_error("<path>: cannot write").
void write_input_text(const std::filesystem::path& path, const std::string& text);

}  // namespace mdb::bench
