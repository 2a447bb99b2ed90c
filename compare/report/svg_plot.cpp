#include "compare/report/svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mdb::compare {
namespace {

constexpr const char* kAxisColor = "#555";
constexpr const char* kGridColor = "#e3e3e3";

std::string attr(std::string_view name, std::string_view value) {
  std::string s(" ");
  s.append(name).append("=\"").append(xml_escape(value)).append("\"");
  return s;
}

std::string attr(std::string_view name, double value) {
  return attr(name, svg_number(value));
}

std::string with_tooltip(std::string open_tag, std::string_view element, std::string_view tip) {
  if (tip.empty()) return open_tag + "/>";
  std::string s = std::move(open_tag);
  s.append("><title>").append(xml_escape(tip)).append("</title></").append(element).append(">");
  return s;
}

std::string points_attr(const std::vector<std::pair<double, double>>& points) {
  std::string s;
  for (const auto& [x, y] : points) {
    if (!s.empty()) s += ' ';
    s.append(svg_number(x)).append(",").append(svg_number(y));
  }
  return s;
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 forbids most C0 controls even as references; a space keeps the text readable.
        out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') ? ' ' : c;
    }
  }
  return out;
}

std::string svg_number(double v) {
  if (!std::isfinite(v)) return "0";
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  std::string s = buffer;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

SvgCanvas::SvgCanvas(double width, double height, std::string title)
    : width_(width), height_(height), title_(std::move(title)) {}

void SvgCanvas::line(double x1, double y1, double x2, double y2, std::string_view stroke,
                     double stroke_width, std::string_view dash) {
  body_ += "<line" + attr("x1", x1) + attr("y1", y1) + attr("x2", x2) + attr("y2", y2) +
           attr("stroke", stroke) + attr("stroke-width", stroke_width);
  if (!dash.empty()) body_ += attr("stroke-dasharray", dash);
  body_ += "/>";
}

void SvgCanvas::rect(double x, double y, double w, double h, std::string_view fill,
                     std::string_view tooltip, std::string_view stroke) {
  if (w < 0) x += w, w = -w;
  if (h < 0) y += h, h = -h;
  std::string tag = "<rect" + attr("x", x) + attr("y", y) + attr("width", w) + attr("height", h) +
                    attr("fill", fill);
  if (!stroke.empty()) tag += attr("stroke", stroke);
  body_ += with_tooltip(std::move(tag), "rect", tooltip);
}

void SvgCanvas::polyline(const std::vector<std::pair<double, double>>& points,
                         std::string_view stroke, double stroke_width, std::string_view dash) {
  if (points.size() < 2) return;
  body_ += "<polyline" + attr("points", points_attr(points)) + attr("fill", "none") +
           attr("stroke", stroke) + attr("stroke-width", stroke_width);
  if (!dash.empty()) body_ += attr("stroke-dasharray", dash);
  body_ += "/>";
}

void SvgCanvas::marker(MarkerShape shape, double x, double y, double size, std::string_view color,
                       std::string_view tooltip) {
  const double h = size / 2;
  std::string tag;
  switch (shape) {
    case MarkerShape::kCircle:
      tag = "<circle" + attr("cx", x) + attr("cy", y) + attr("r", h) + attr("fill", color);
      body_ += with_tooltip(std::move(tag), "circle", tooltip);
      return;
    case MarkerShape::kSquare:
      tag = "<rect" + attr("x", x - h) + attr("y", y - h) + attr("width", size) +
            attr("height", size) + attr("fill", color);
      body_ += with_tooltip(std::move(tag), "rect", tooltip);
      return;
    case MarkerShape::kTriangle:
      tag = "<polygon" +
            attr("points",
                 points_attr({{x, y - h * 1.15}, {x + h * 1.1, y + h}, {x - h * 1.1, y + h}})) +
            attr("fill", color);
      break;
    case MarkerShape::kDiamond:
      tag = "<polygon" +
            attr("points",
                 points_attr({{x, y - h * 1.3}, {x + h, y}, {x, y + h * 1.3}, {x - h, y}})) +
            attr("fill", color);
      break;
    case MarkerShape::kCross: {
      // Built by append: gcc 12 raises a false -Wrestrict on `"M" + std::string`.
      std::string d("M");
      d.append(svg_number(x - h)).append(" ").append(svg_number(y - h));
      d.append("L").append(svg_number(x + h)).append(" ").append(svg_number(y + h));
      d.append("M").append(svg_number(x - h)).append(" ").append(svg_number(y + h));
      d.append("L").append(svg_number(x + h)).append(" ").append(svg_number(y - h));
      tag = "<path" + attr("d", d) + attr("stroke", color) + attr("stroke-width", 2) +
            attr("fill", "none");
    }
      body_ += with_tooltip(std::move(tag), "path", tooltip);
      return;
  }
  body_ += with_tooltip(std::move(tag), "polygon", tooltip);
}

void SvgCanvas::text(double x, double y, std::string_view content, std::string_view anchor,
                     double size, std::string_view fill, double rotate, std::string_view weight) {
  body_ += "<text" + attr("x", x) + attr("y", y) + attr("font-size", size) + attr("fill", fill);
  if (anchor != "start") body_ += attr("text-anchor", anchor);
  if (rotate != 0) {
    std::string transform("rotate(");
    transform.append(svg_number(rotate)).append(" ").append(svg_number(x)).append(" ");
    transform.append(svg_number(y)).append(")");
    body_ += attr("transform", transform);
  }
  if (!weight.empty()) body_ += attr("font-weight", weight);
  body_.append(">").append(xml_escape(content)).append("</text>");
}

std::string SvgCanvas::str() const {
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + attr("width", width_) +
                  attr("height", height_) +
                  attr("viewBox", "0 0 " + svg_number(width_) + " " + svg_number(height_)) +
                  attr("role", "img") + attr("font-family", "sans-serif") + ">";
  s.append("<title>").append(xml_escape(title_)).append("</title>");
  s.append(body_).append("</svg>");
  return s;
}

double text_width(std::string_view text, double size) {
  double em = 0;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if ((u & 0xC0) == 0x80) continue;  // UTF-8 continuation byte: counted with its lead byte
    if (std::string_view("ijlft.,:;!|'/ ()[]").find(c) != std::string_view::npos) {
      em += 0.34;
    } else if (std::string_view("mwMW@%").find(c) != std::string_view::npos) {
      em += 0.92;
    } else if (c >= 'A' && c <= 'Z') {
      em += 0.7;
    } else {
      em += 0.6;
    }
  }
  return em * size;
}

void draw_x_axis(SvgCanvas& svg, const Frame& frame, const Scale& x, const std::string& label,
                 const TickFormat& format, bool grid) {
  double last_right = -1e9;
  for (const double t : x.ticks()) {
    const double px = x(t);
    if (grid) svg.line(px, frame.top, px, frame.bottom(), kGridColor);
    svg.line(px, frame.bottom(), px, frame.bottom() + 4, kAxisColor);
    const std::string text = format(t);
    const double w = text_width(text, 10);
    if (px - w / 2 < last_right + 6) continue;  // would overlap the previous label
    svg.text(px, frame.bottom() + 16, text, "middle", 10);
    last_right = px + w / 2;
  }
  svg.line(frame.left, frame.bottom(), frame.right(), frame.bottom(), kAxisColor);
  if (!label.empty()) {
    svg.text(frame.left + frame.width / 2, frame.bottom() + 34, label, "middle", 12, "#222", 0,
             "bold");
  }
}

void draw_y_axis(SvgCanvas& svg, const Frame& frame, const Scale& y, const std::string& label,
                 const TickFormat& format, bool grid) {
  double widest = 0;
  double last_top = 1e9;
  for (const double t : y.ticks()) {
    const double py = y(t);
    if (grid) svg.line(frame.left, py, frame.right(), py, kGridColor);
    svg.line(frame.left - 4, py, frame.left, py, kAxisColor);
    if (py + 4 > last_top - 2) continue;  // too close to the label above
    const std::string text = format(t);
    svg.text(frame.left - 7, py + 3.5, text, "end", 10);
    widest = std::max(widest, text_width(text, 10));
    last_top = py - 8;
  }
  svg.line(frame.left, frame.top, frame.left, frame.bottom(), kAxisColor);
  if (!label.empty()) {
    const double lx = frame.left - widest - 18;
    svg.text(lx, frame.top + frame.height / 2, label, "middle", 12, "#222", -90, "bold");
  }
}

namespace {

double entry_width(const LegendEntry& e) {
  return (e.line ? 26 : 14) + 6 + text_width(e.label, 11) + 16;
}

}  // namespace

double legend_height(double max_width, const std::vector<LegendEntry>& entries) {
  if (entries.empty()) return 0;
  double x = 0;
  int rows = 1;
  for (const auto& e : entries) {
    const double w = entry_width(e);
    if (x > 0 && x + w > max_width) {
      ++rows;
      x = 0;
    }
    x += w;
  }
  return rows * 18.0;
}

double draw_legend(SvgCanvas& svg, double x0, double y0, double max_width,
                   const std::vector<LegendEntry>& entries) {
  double x = 0, y = y0 + 9;
  for (const auto& e : entries) {
    const double w = entry_width(e);
    if (x > 0 && x + w > max_width) {
      x = 0;
      y += 18;
    }
    const double left = x0 + x;
    double text_x = left + 20;
    if (e.swatch) {
      svg.rect(left, y - 6, 12, 12, e.color);
    } else if (e.line) {
      svg.line(left, y, left + 24, y, e.color, 2, e.dash);
      svg.marker(e.shape, left + 12, y, 7, e.color);
      text_x = left + 32;
    } else {
      svg.marker(e.shape, left + 6, y, 8, e.color);
    }
    svg.text(text_x, y + 4, e.label, "start", 11);
    x += w;
  }
  return legend_height(max_width, entries);
}

const std::string& series_color(std::size_t index) {
  static const std::vector<std::string> palette = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                   "#E69F00", "#56B4E9", "#333333", "#8C564B",
                                                   "#999933", "#882255"};
  return palette[index % palette.size()];
}

MarkerShape series_shape(std::size_t index) {
  static const MarkerShape shapes[] = {MarkerShape::kCircle, MarkerShape::kSquare,
                                       MarkerShape::kTriangle, MarkerShape::kDiamond,
                                       MarkerShape::kCross};
  return shapes[index % 5];
}

}  // namespace mdb::compare
