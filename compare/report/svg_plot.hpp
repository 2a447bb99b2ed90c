#pragma once
// A small SVG plotting kit for md_report: a canvas that collects elements, plus axes with ticks,
// grid and labels, row labels for horizontal bar charts, markers and legends. The output is
// well-formed XML (every text goes through xml_escape) and carries no script, font or link, so
// it renders offline inside an HTML file. Hover text uses SVG <title> elements.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compare/report/svg_scale.hpp"

namespace mdb::compare {

/// Text made safe for XML text and attribute values (&, <, >, ", ' escaped; control characters
/// other than tab and newline become spaces).
std::string xml_escape(std::string_view text);

/// A coordinate for an attribute: at most two decimals, no exponent, no "-0" ("12.5", "300").
std::string svg_number(double v);

/// Marker shapes; each chart series gets one so that series differ by more than colour.
enum class MarkerShape { kCircle, kSquare, kTriangle, kDiamond, kCross };

/// The plot area inside an SVG, in pixels.
struct Frame {
  double left = 0, top = 0, width = 0, height = 0;
  double right() const { return left + width; }
  double bottom() const { return top + height; }
};

/// Collects SVG elements; str() wraps them in one <svg> element of the given size.
class SvgCanvas {
 public:
  /// `title` becomes the chart's accessible name (<title> first child of <svg>).
  SvgCanvas(double width, double height, std::string title);

  void line(double x1, double y1, double x2, double y2, std::string_view stroke,
            double stroke_width = 1, std::string_view dash = "");
  /// A rectangle; `tooltip` (optional) shows on hover. Negative sizes are normalised.
  void rect(double x, double y, double w, double h, std::string_view fill,
            std::string_view tooltip = "", std::string_view stroke = "");
  void polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke,
                double stroke_width = 1.5, std::string_view dash = "");
  void marker(MarkerShape shape, double x, double y, double size, std::string_view color,
              std::string_view tooltip = "");
  /// Text at (x, y) (baseline), anchored "start", "middle" or "end"; `rotate` in degrees about
  /// (x, y). `weight` "bold" or empty.
  void text(double x, double y, std::string_view content, std::string_view anchor = "start",
            double size = 11, std::string_view fill = "#333", double rotate = 0,
            std::string_view weight = "");
  /// Raw, already well-formed markup (used by the kit itself and by tests).
  void raw(std::string markup) { body_ += std::move(markup); }

  double width() const { return width_; }
  double height() const { return height_; }
  std::string str() const;

 private:
  double width_, height_;
  std::string title_, body_;
};

/// Rough width of `text` at font size `size` in the sans-serif fonts browsers pick (no font
/// metrics are available offline); used to lay out labels without overlap.
double text_width(std::string_view text, double size = 11);

/// An x axis along the bottom of `frame`: tick marks and labels, vertical grid lines when `grid`,
/// and `label` centred below. Tick labels that would overlap their left neighbour are skipped.
void draw_x_axis(SvgCanvas& svg, const Frame& frame, const Scale& x, const std::string& label,
                 const TickFormat& format, bool grid = true);
/// A y axis along the left of `frame`, with horizontal grid lines and a rotated `label`.
void draw_y_axis(SvgCanvas& svg, const Frame& frame, const Scale& y, const std::string& label,
                 const TickFormat& format, bool grid = true);

/// One legend entry: a marker (with a line through it when `line`), or a filled swatch.
struct LegendEntry {
  std::string label;
  std::string color;
  MarkerShape shape = MarkerShape::kCircle;
  bool swatch = false;  // a filled square instead of a marker (stacked bars)
  bool line = false;    // a short line through the marker (line series)
  std::string dash;     // dash pattern of that line, empty for solid
};

/// Draws entries left to right from (x, y), wrapping at `max_width`; returns the height used.
double draw_legend(SvgCanvas& svg, double x, double y, double max_width,
                   const std::vector<LegendEntry>& entries);
/// The height draw_legend would use, to size a canvas before drawing.
double legend_height(double max_width, const std::vector<LegendEntry>& entries);

/// A colour-blind-safe palette (Okabe-Ito, then darker tones); index wraps around.
const std::string& series_color(std::size_t index);
/// The marker shape of series `index` (cycles through the five shapes).
MarkerShape series_shape(std::size_t index);

}  // namespace mdb::compare
