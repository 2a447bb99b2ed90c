#include "xml_check.hpp"

#include <cstdlib>
#include <stdexcept>

namespace mdb::compare::testing {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : s_(text) {}

  XmlNode document() {
    skip_space();
    if (starts("<?xml")) skip_past("?>");
    skip_misc();
    if (starts("<!DOCTYPE")) {
      skip_past(">");
      skip_misc();
    }
    if (!starts("<")) fail("expected the root element");
    XmlNode root = element();
    skip_misc();
    if (pos_ != s_.size()) fail("content after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("not well-formed XML at byte " + std::to_string(pos_) + ": " + what);
  }
  bool starts(std::string_view p) const { return s_.substr(pos_, p.size()) == p; }
  void skip_space() {
    while (pos_ < s_.size() &&
           (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\t' || s_[pos_] == '\r'))
      ++pos_;
  }
  void skip_past(std::string_view end) {
    const std::size_t at = s_.find(end, pos_);
    if (at == std::string_view::npos) fail("unterminated construct");
    pos_ = at + end.size();
  }
  void skip_misc() {
    for (skip_space(); starts("<!--"); skip_space()) skip_past("-->");
  }
  static bool name_char(char c, bool first) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
    return letter || (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
  }
  std::string name() {
    const std::size_t start = pos_;
    if (pos_ >= s_.size() || !name_char(s_[pos_], true)) fail("expected a name");
    while (pos_ < s_.size() && name_char(s_[pos_], false)) ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }
  // Character data up to `stop`, with the five predefined entities and character references.
  std::string chars(char stop) {
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != stop) {
      const char c = s_[pos_];
      if (c == '<') fail("bare '<' in text or attribute");
      if (c != '&') {
        out += c;
        ++pos_;
        continue;
      }
      const std::size_t semi = s_.find(';', pos_);
      if (semi == std::string_view::npos || semi - pos_ > 10) fail("bare '&'");
      const std::string_view ent = s_.substr(pos_ + 1, semi - pos_ - 1);
      if (ent == "amp")
        out += '&';
      else if (ent == "lt")
        out += '<';
      else if (ent == "gt")
        out += '>';
      else if (ent == "quot")
        out += '"';
      else if (ent == "apos")
        out += '\'';
      else if (ent.size() > 1 && ent[0] == '#') {
        const bool hex = ent[1] == 'x';
        const std::string digits(ent.substr(hex ? 2 : 1));
        char* end = nullptr;
        const long code = std::strtol(digits.c_str(), &end, hex ? 16 : 10);
        if (digits.empty() || *end != '\0' || code <= 0) fail("bad character reference");
        out += code < 128 ? static_cast<char>(code) : '?';
      } else {
        fail("unknown entity &" + std::string(ent) + ";");
      }
      pos_ = semi + 1;
    }
    return out;
  }
  XmlNode element() {
    ++pos_;  // '<'
    XmlNode node;
    node.name = name();
    while (true) {
      const std::size_t before = pos_;
      skip_space();
      if (starts("/>")) {
        pos_ += 2;
        return node;
      }
      if (starts(">")) {
        ++pos_;
        break;
      }
      if (pos_ == before) fail("expected whitespace before an attribute");
      const std::string key = name();
      if (!starts("=")) fail("attribute " + key + " without '='");
      ++pos_;
      if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\'')) fail("unquoted attribute");
      const char quote = s_[pos_++];
      std::string value = chars(quote);
      if (pos_ >= s_.size()) fail("unterminated attribute");
      ++pos_;
      if (!node.attrs.emplace(key, value).second) fail("repeated attribute " + key);
    }
    while (true) {
      node.text += chars('<');
      if (pos_ >= s_.size()) fail("unclosed <" + node.name + ">");
      if (starts("<!--")) {
        skip_past("-->");
      } else if (starts("</")) {
        pos_ += 2;
        const std::string closing = name();
        if (closing != node.name) fail("</" + closing + "> closes <" + node.name + ">");
        skip_space();
        if (!starts(">")) fail("expected '>'");
        ++pos_;
        return node;
      } else {
        node.children.push_back(element());
      }
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

void collect(const XmlNode& n, std::string_view element, std::vector<const XmlNode*>& out) {
  for (const auto& c : n.children) {
    if (c.name == element) out.push_back(&c);
    collect(c, element, out);
  }
}

}  // namespace

std::vector<const XmlNode*> XmlNode::find_all(std::string_view element) const {
  std::vector<const XmlNode*> out;
  collect(*this, element, out);
  return out;
}

double XmlNode::number(const std::string& key) const {
  const auto it = attrs.find(key);
  if (it == attrs.end()) throw std::runtime_error("<" + name + "> has no attribute " + key);
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  if (it->second.empty() || *end != '\0')
    throw std::runtime_error(key + "=\"" + it->second + "\" is not a number");
  return v;
}

std::string XmlNode::all_text() const {
  std::string s = text;
  for (const auto& c : children) s += c.all_text();
  return s;
}

XmlNode parse_xml(std::string_view text) {
  return Reader(text).document();
}

}  // namespace mdb::compare::testing
