#pragma once
// Parsing the JSON that Google Benchmark writes, which bare NaN and +-Infinity tokens make not
// quite JSON, and quoting untrusted text in one-line messages.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace mdb::compare {

/// Thrown for unreadable or malformed benchmark JSON; what() is one line naming the file/what is
/// wrong.
class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Arrays and objects nested deeper than this are refused before parsing: Google Benchmark writes
/// 4 levels, and deeper input would only drive the recursive walks over the tree (restoring
/// NaNs, copying a context) towards the end of the stack.
inline constexpr int kMaxJsonDepth = 256;

/// Parses JSON text, also accepting the bare tokens NaN, Infinity and -Infinity that Google
/// Benchmark writes for non-finite doubles (strict JSON and nlohmann reject them), but only where a
/// value is expected. Tokens inside strings are left alone. Non-finite values come back as
/// floating-point NaN / +-inf numbers in the json tree. Throws JsonError with the line and column
/// in `text`, also for nesting deeper than kMaxJsonDepth.
nlohmann::json parse_tolerant_json(std::string_view text);

/// `text` as it may appear inside a one-line message: in double quotes, control characters and
/// quotes escaped (\n, \t, \", \xNN), cut after `max_bytes` bytes with the length of the rest
/// said, so untrusted input can neither break a message into lines nor flood it.
std::string quoted_for_message(std::string_view text, std::size_t max_bytes = 80);

}  // namespace mdb::compare
