#pragma once
// Reading a drawn chart back: tooltips, where tick labels sit, and where a value falls on a log
// axis, for the chart tests that check points against their own axes.
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "xml_check.hpp"

namespace mdb::compare::testing {

/// The tooltip (<title>) of an element, or "".
inline std::string tip(const XmlNode& n) {
  for (const auto& c : n.children) {
    if (c.name == "title") return c.text;
  }
  return "";
}

/// The pixel of tick label `text` on the axis whose labels have anchor `anchor` ("middle": x
/// axis, "end": y axis), read back from the drawn SVG; `nth` picks a later axis of a chart with
/// several panels (0: the first in document order).
inline double tick_px(const XmlNode& svg, const std::string& text, const std::string& anchor,
                      std::size_t nth = 0) {
  for (const XmlNode* t : svg.find_all("text")) {
    const auto a = t->attrs.find("text-anchor");
    if (t->text == text && a != t->attrs.end() && a->second == anchor && nth-- == 0)
      return anchor == "end" ? t->number("y") - 3.5 : t->number("x");
  }
  throw std::runtime_error("no tick label " + text);
}

/// Where `v` falls on a log axis through two labelled ticks.
inline double log_px(double v, double t0, double px0, double t1, double px1) {
  return px0 + (px1 - px0) * std::log(v / t0) / std::log(t1 / t0);
}

}  // namespace mdb::compare::testing
