#include "md/structure/extxyz_comment.hpp"

#include <cctype>

namespace mdb {

using namespace structure_text;

namespace {

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

/// Walks the comment line one token at a time.
class CommentScanner {
 public:
  CommentScanner(std::string_view text, const LineReader& at) : s_(text), at_(at) {}

  bool at_end() {
    skip_space();
    return i_ == s_.size();
  }
  bool take(char c) {
    skip_space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  /// A quoted, braced or bare token; a bare key also stops at '='.
  std::string token(bool is_key, const std::string& context) {
    skip_space();
    if (i_ < s_.size() && s_[i_] == '"') return quoted_token(context);
    if (i_ < s_.size() && s_[i_] == '{') return braced_token(context);
    const std::size_t start = i_;
    while (i_ < s_.size() && !is_space(s_[i_]) && !(is_key && s_[i_] == '=')) ++i_;
    return std::string(s_.substr(start, i_ - start));
  }

 private:
  void skip_space() {
    while (i_ < s_.size() && is_space(s_[i_])) ++i_;
  }
  std::string quoted_token(const std::string& context) {
    std::string out;
    for (++i_; i_ < s_.size(); ++i_) {
      if (s_[i_] == '"') {
        ++i_;
        return out;
      }
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) ++i_;
      out.push_back(s_[i_]);
    }
    at_.fail(cat("unterminated quote in ", context));
  }
  std::string braced_token(const std::string& context) {
    const std::size_t close = s_.find('}', i_);
    if (close == std::string_view::npos) {
      at_.fail(cat("unterminated '{' in ", context));
    }
    std::string out(s_.substr(i_ + 1, close - i_ - 1));
    i_ = close + 1;
    return out;
  }

  std::string_view s_;
  const LineReader& at_;
  std::size_t i_ = 0;
};

}  // namespace

std::vector<ExtxyzField> parse_extxyz_comment(std::string_view line, const LineReader& at) {
  std::vector<ExtxyzField> fields;
  CommentScanner scan(line, at);
  while (!scan.at_end()) {
    std::string key = scan.token(true, "a key");
    if (key.empty()) at.fail("comment line: '=' without a key before it");
    const std::string context = cat("the value of ", key);
    std::string value("T");  // a bare key is a flag that is set
    if (scan.take('=')) {
      if (scan.at_end()) at.fail(cat("comment line: no value after ", key, '='));
      value = scan.token(false, context);
    }
    if (find_extxyz_field(fields, key) != nullptr) {
      at.fail(cat("comment line: key ", key, " is given twice"));
    }
    fields.push_back({std::move(key), std::move(value)});
  }
  return fields;
}

const ExtxyzField* find_extxyz_field(const std::vector<ExtxyzField>& fields, std::string_view key) {
  for (const ExtxyzField& f : fields) {
    if (same_ignoring_case(f.key, key)) return &f;
  }
  return nullptr;
}

std::vector<ExtxyzColumn> parse_extxyz_properties(std::string_view spec, const LineReader& at) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t colon = spec.find(':', start);
    parts.push_back(spec.substr(start, colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  auto fail = [&](const std::string& why) { at.fail(cat("Properties ", quoted(spec), ": ", why)); };
  if (parts.size() % 3 != 0) fail("expected name:type:count triples");
  std::vector<ExtxyzColumn> columns;
  int first = 0;
  for (std::size_t k = 0; k < parts.size(); k += 3) {
    const std::string name(parts[k]);
    if (name.empty()) fail("empty property name");
    const std::string_view type = parts[k + 1];
    if (type.size() != 1 || std::string_view("SRIL").find(type[0]) == std::string_view::npos) {
      fail(cat("type of ", name, " must be S, R, I or L"));
    }
    const long long count = parse_integer(parts[k + 2], "Properties: column count", at);
    if (count < 1 || count > 1000) {
      fail(cat("column count of ", name, " must be 1..1000"));
    }
    for (const ExtxyzColumn& c : columns) {
      if (c.name == name) fail(cat("property ", name, " is given twice"));
    }
    columns.push_back({name, type[0], static_cast<int>(count), first});
    first += static_cast<int>(count);
  }
  return columns;
}

}  // namespace mdb
