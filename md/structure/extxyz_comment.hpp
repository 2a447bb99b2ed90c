#pragma once
// The comment line of an extended XYZ frame (key=value pairs) and its Properties column spec.
#include <string>
#include <string_view>
#include <vector>

#include "md/structure/structure_text.hpp"

namespace mdb {

/// One key=value pair of an extended XYZ comment line, quotes removed and escapes resolved.
struct ExtxyzField {
  std::string key;
  std::string value;
};

/// Parses line 2 of an extended XYZ frame: whitespace-separated key=value pairs (spaces around
/// '=' allowed); a value may be quoted ("a b", with \" and \\ escapes) or braced ({a b}); a key
/// alone means "T". Fails at `at`'s line for an unterminated quote, a missing key or value, or a
/// key given twice (keys compare case-insensitively).
std::vector<ExtxyzField> parse_extxyz_comment(std::string_view line,
                                              const structure_text::LineReader& at);

/// The field whose key equals `key` ignoring case, or null.
const ExtxyzField* find_extxyz_field(const std::vector<ExtxyzField>& fields, std::string_view key);

/// One column group of Properties=name:type:count (type S string, R real, I integer, L logical),
/// with the index of its first field on an atom line.
struct ExtxyzColumn {
  std::string name;
  char type = 'R';
  int count = 1;
  int first = 0;
};

/// Parses a Properties value ("species:S:1:pos:R:3:..."). Fails at `at`'s line for a spec that
/// is not name:type:count triples, an unknown type, a count < 1 or a repeated name.
std::vector<ExtxyzColumn> parse_extxyz_properties(std::string_view spec,
                                                  const structure_text::LineReader& at);

}  // namespace mdb
