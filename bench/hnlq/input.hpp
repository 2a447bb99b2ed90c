#pragma once
// --lq_input: users' own vectors for lattice_bench, read from a text file of numbers instead of
// the generated sigma N(0, 1) data (docs/LATTICE.md, "Your own data").
#include <cstddef>
#include <string>
#include <vector>

#include "kernels/hnlq/common/lattice_kind.hpp"

namespace mdb::bench {

/// Reads the numbers of a text file: decimal numbers (as std::from_chars reads them, no
/// hexadecimal, e.g. 0.25, -1e-3, +7) separated by whitespace; `#` starts a comment that runs to
/// the end of its line. Values below float32's smallest subnormal read as zero. Throws
/// LatticeOptionError, one line starting "--lq_input=<path>: ", when the file cannot be read, holds
/// no number, or holds something that is not a finite float32 (a word, NaN, an infinity, a
/// magnitude beyond 3.4e38), naming the line and the text.
std::vector<float> read_lattice_input(const std::string& path);

/// Checks that the values cut into whole vectors of every lattice in `lattices` (a multiple of
/// 2, 4 or 8 numbers); throws LatticeOptionError naming the lattice otherwise.
void check_lattice_input_shape(const std::string& path, const std::vector<float>& values,
                               const std::vector<hnlq::LatticeKind>& lattices);

}  // namespace mdb::bench
