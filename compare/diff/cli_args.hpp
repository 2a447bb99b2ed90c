#pragma once
// Command-line reading shared by compare's two front ends (compare, md_report): one error type,
// one number rule, one way to split `--flag=value` from `--flag value`.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace mdb::compare {

/// A bad command line; the front ends print what() on one line and exit with code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `text` as a number in [0, 1e6); UsageError naming `flag` otherwise.
double parse_nonnegative(const std::string& flag, const std::string& text);

/// Walks the arguments. A `--flag=value` argument is split into flag() and an inline value;
/// value() returns that, or else consumes the following argument.
class ArgCursor {
 public:
  explicit ArgCursor(const std::vector<std::string>& args) : args_(args) {}
  /// Moves to the next argument; false after the last.
  bool next();
  /// The current argument without an inline value.
  const std::string& flag() const { return flag_; }
  /// The current argument as given.
  const std::string& raw() const { return args_[i_]; }
  bool has_inline() const { return has_inline_; }
  /// The inline value, else the next argument; UsageError "<flag> needs a value" when none.
  std::string value();
  /// The next n arguments (for flags such as --filters FILE A B); UsageError(usage) when fewer.
  std::vector<std::string> following(std::size_t n, const std::string& usage);

 private:
  const std::vector<std::string>& args_;
  std::size_t i_ = static_cast<std::size_t>(-1);
  std::string flag_, inline_;
  bool has_inline_ = false;
};

}  // namespace mdb::compare
