// Google Benchmark's JSON is not quite JSON: bare NaN and +-Infinity tokens for non-finite
// doubles. This parses it anyway (only where a value is expected), refuses nesting that would
// drive recursive walks towards the end of the stack, and says where the text is wrong.
#include "compare/diff/tolerant_json.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace mdb::compare {
namespace {

using nlohmann::json;

// The non-finite tokens Google Benchmark's FormatKV writes for doubles, and their values.
struct NonFinite {
  std::string_view token;
  double value;
};
constexpr NonFinite kNonFinite[] = {{"NaN", std::numeric_limits<double>::quiet_NaN()},
                                    {"Infinity", std::numeric_limits<double>::infinity()},
                                    {"-Infinity", -std::numeric_limits<double>::infinity()}};

// Text with the bare non-finite tokens replaced by sentinel string literals, plus what is needed
// to map a parse error's offset back to the caller's text.
struct Rewritten {
  std::string text;
  struct Edit {
    std::size_t out_end, in_end;  // offsets just past the replacement in the output and input
  };
  std::vector<Edit> edits;
};

std::string sentinel(unsigned nonce, std::size_t kind) {
  // U+0001 keeps it out of any name a benchmark would plausibly use; the nonce makes a collision
  // detectable and avoidable (see parse_tolerant_json).
  return "\u0001mdb-nonfinite#" + std::to_string(nonce) + "#" + std::to_string(kind);
}

Rewritten rewrite_non_finite(std::string_view in, unsigned nonce) {
  Rewritten out;
  out.text.reserve(in.size());
  std::vector<char> containers;  // '{' or '[' currently open
  char prev = '\0';              // last significant character outside strings
  bool in_string = false;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (in_string) {
      out.text += c;
      if (c == '\\' && i + 1 < in.size()) {
        out.text += in[++i];  // the escaped character can't end the string, even if it is '"'
      } else if (c == '"') {
        in_string = false;
        prev = '"';
      }
      continue;
    }
    // A value (not a key) is expected at the start, after ':' or '[', and after ',' in an array.
    const bool value_expected = prev == '\0' || prev == ':' || prev == '[' ||
                                (prev == ',' && !containers.empty() && containers.back() == '[');
    bool replaced = false;
    if (value_expected && (c == 'N' || c == 'I' || c == '-')) {
      for (std::size_t k = 0; k < std::size(kNonFinite); ++k) {
        const std::string_view tok = kNonFinite[k].token;
        const std::size_t end = i + tok.size();
        if (in.substr(i, tok.size()) != tok) continue;
        out.text += json(sentinel(nonce, k)).dump();  // dump() writes U+0001 as a \u escape
        out.edits.push_back({out.text.size(), end});
        i = end - 1;
        prev = 'v';
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    out.text += c;
    if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      containers.push_back(c);
    } else if ((c == '}' || c == ']') && !containers.empty()) {
      containers.pop_back();
    }
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '"') prev = c;
  }
  return out;
}

// Offset in the caller's text of offset `pos` in the rewritten text.
std::size_t original_offset(const Rewritten& r, std::size_t pos) {
  std::size_t out_end = 0, in_end = 0;
  for (const auto& e : r.edits) {
    if (e.out_end > pos) break;
    out_end = e.out_end;
    in_end = e.in_end;
  }
  return in_end + (pos - out_end);
}

// Replaces sentinel strings in value position with their numbers; returns how many it replaced.
std::size_t restore_non_finite(json& j, unsigned nonce) {
  std::size_t n = 0;
  if (j.is_structured()) {
    for (auto& child : j) n += restore_non_finite(child, nonce);
  } else if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    for (std::size_t k = 0; k < std::size(kNonFinite); ++k) {
      if (s == sentinel(nonce, k)) {
        j = kNonFinite[k].value;
        ++n;
        break;
      }
    }
  }
  return n;
}

std::string line_column(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// Refuses nesting deeper than kMaxJsonDepth, in one pass that skips strings (brackets inside them
// do not nest), before anything recursive sees the text.
void check_depth(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        throw JsonError("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels at " +
                        line_column(text, i) + " (Google Benchmark JSON has 4)");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

// nlohmann's what() is "[json.exception.parse_error.101] parse error at line L, column C: why".
// Keep only "why": L and C refer to the rewritten text, and any placeholder it quotes in "last
// read" is shown as the token the caller wrote.
std::string parse_reason(const std::string& what, unsigned nonce) {
  std::string why = what;
  if (const auto at = why.find("column "); at != std::string::npos) {
    if (const auto colon = why.find(": ", at); colon != std::string::npos) why.erase(0, colon + 2);
  } else if (why.starts_with("[json.exception.")) {
    if (const auto close = why.find("] "); close != std::string::npos) why.erase(0, close + 2);
  }
  for (std::size_t k = 0; k < std::size(kNonFinite); ++k) {
    const std::string placeholder = json(sentinel(nonce, k)).dump();
    for (auto p = why.find(placeholder); p != std::string::npos; p = why.find(placeholder, p)) {
      why.replace(p, placeholder.size(), kNonFinite[k].token);
    }
  }
  for (char& c : why) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return why;
}

}  // namespace

std::string quoted_for_message(std::string_view text, std::size_t max_bytes) {
  std::string out = "\"";
  std::size_t shown = std::min(text.size(), max_bytes);
  // Cut on a character boundary: half a UTF-8 character would make the message (and the JSON
  // report it may go into) invalid UTF-8.
  while (shown > 0 && shown < text.size() &&
         (static_cast<unsigned char>(text[shown]) & 0xC0) == 0x80) {
    --shown;
  }
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
  if (shown < text.size()) out += "... (" + std::to_string(text.size() - shown) + " more bytes)";
  return out;
}

nlohmann::json parse_tolerant_json(std::string_view text) {
  if (text.find_first_not_of(" \t\n\r") == std::string_view::npos) {
    throw JsonError("empty input");
  }
  check_depth(text);
  // A string in the input could equal a sentinel; then more strings get restored than were
  // replaced. Retrying with another nonce makes that case correct instead of merely unlikely.
  for (unsigned nonce = 0; nonce < 16; ++nonce) {
    const Rewritten rw = rewrite_non_finite(text, nonce);
    json j;
    try {
      j = json::parse(rw.text);
    } catch (const json::parse_error& e) {
      const std::size_t at = original_offset(rw, e.byte == 0 ? 0 : e.byte - 1);
      throw JsonError("invalid JSON at " + line_column(text, at) + ": " +
                      parse_reason(e.what(), nonce));
    } catch (const json::exception& e) {
      throw JsonError(std::string("invalid JSON: ") + parse_reason(e.what(), nonce));
    }
    if (rw.edits.empty()) return j;
    if (restore_non_finite(j, nonce) == rw.edits.size()) return j;
  }
  throw JsonError("cannot pick a NaN/Infinity placeholder distinct from the input's strings");
}

}  // namespace mdb::compare
