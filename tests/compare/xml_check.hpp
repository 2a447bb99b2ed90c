#pragma once
// A strict little XML reader for the report tests: it refuses anything that is not well-formed
// (unbalanced or misnested tags, unquoted or repeated attributes, a bare '&' or '<', unknown
// entities) and returns the element tree, so tests can find an SVG circle and read its cx.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace mdb::compare::testing {

/// One element: name, attributes (entities decoded), children and its own text.
struct XmlNode {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::vector<XmlNode> children;
  std::string text;  // character data directly inside this element, entities decoded

  /// Every descendant (not this node) named `element`, in document order.
  std::vector<const XmlNode*> find_all(std::string_view element) const;
  /// The numeric value of attribute `key`; throws std::runtime_error when absent or not a number.
  double number(const std::string& key) const;
  /// The text of this node and all its descendants, concatenated.
  std::string all_text() const;
};

/// Parses one document: an optional XML declaration, an optional <!DOCTYPE name>, comments and
/// exactly one root element. Throws std::runtime_error naming the byte offset on any violation.
XmlNode parse_xml(std::string_view text);

}  // namespace mdb::compare::testing
