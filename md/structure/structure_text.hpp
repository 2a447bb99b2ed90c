#pragma once
// Text plumbing shared by the structure-file readers and writers (md/extxyz, md/lammps_data):
// numbered lines, whole-token numbers that fail with "<path>:<line>: ..." messages, 17-digit
// output, opening files, and the option checks both readers apply.
#include <fstream>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "md/core/system.hpp"
#include "md/structure/structure_options.hpp"

// A namespace of its own: these names are generic, and only the structure-file code uses them.
namespace mdb::structure_text {

/// Reads a stream line by line, numbering lines from 1 for error messages, and strips a trailing
/// CR (files from Windows). Non-owning: the stream must outlive the reader.
class LineReader {
 public:
  LineReader(std::istream& in, std::string source) : in_(&in), source_(std::move(source)) {}

  /// Advances to the next line; false at the end of input, where number() is one past the last
  /// line (so "the file ends here" errors point just after the last line).
  bool next();
  const std::string& line() const { return line_; }
  int number() const { return number_; }
  const std::string& source() const { return source_; }

  /// Throws StructureFileError at the current line, or at `line`.
  [[noreturn]] void fail(const std::string& problem) const { fail_at(number_, problem); }
  [[noreturn]] void fail_at(int line, const std::string& problem) const;

 private:
  std::istream* in_;
  std::string source_;
  std::string line_;
  int number_ = 0;
};

/// Whitespace-separated fields of `text`, as views into it.
std::vector<std::string_view> split_fields(std::string_view text);

/// `token` in quotes for a message, cut short past 40 characters.
std::string quoted(std::string_view token);

/// v with 17 significant digits, which reads back as the same double.
std::string format_real(double v);

/// Concatenates text, characters and numbers into one message (integers in decimal, reals with
/// format_real). Also sidesteps gcc 12's false -Wrestrict on "literal" + std::string.
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  auto add = [&out](const auto& part) {
    using T = std::decay_t<decltype(part)>;
    if constexpr (std::is_same_v<T, char>) {
      out.push_back(part);
    } else if constexpr (std::is_floating_point_v<T>) {
      out.append(format_real(part));
    } else if constexpr (std::is_integral_v<T>) {
      out.append(std::to_string(part));
    } else {
      out.append(std::string_view(part));
    }
  };
  (add(parts), ...);
  return out;
}

/// The whole token as a finite double (a leading '+' is accepted); otherwise fails at the
/// reader's line naming `what`.
double parse_real(std::string_view token, std::string_view what, const LineReader& at);
/// The whole token as an integer; otherwise fails like parse_real.
long long parse_integer(std::string_view token, std::string_view what, const LineReader& at);

/// Opens a file or throws StructureFileError "<path>: cannot open (reason)".
std::ifstream open_structure_input(const std::string& path);
std::ofstream open_structure_output(const std::string& path);
/// Flushes and throws StructureFileError if any write failed (a full disk).
void close_structure_output(std::ofstream& out, const std::string& path);

/// Throws std::invalid_argument for a null unit system, a non-positive or non-finite mass, or
/// an empty type name.
void check_structure_options(const StructureOptions& options);
/// The mass options give for `name`, if any.
std::optional<double> option_mass(const StructureOptions& options, std::string_view name);

/// Throws std::invalid_argument if a species name cannot stand as one field of a text file.
void check_writable_names(const System& sys, std::string_view format);

/// Maps every position into the box [lo, lo + L) (images are not kept: the engine's Halo wraps
/// at each rebuild anyway).
void wrap_into_box(System& sys);

}  // namespace mdb::structure_text
