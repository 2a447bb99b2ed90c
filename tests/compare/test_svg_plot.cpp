#include "compare/report/svg_plot.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "compare/report/svg_scale.hpp"
#include "xml_check.hpp"

namespace mdb::compare {
namespace {

using testing::parse_xml;
using testing::XmlNode;

// --- scales ----------------------------------------------------------------------------------

TEST(Scale, LinearMapsEndsAndMiddle) {
  const Scale s = Scale::linear(0, 10, 100, 300);
  EXPECT_DOUBLE_EQ(s(0), 100);
  EXPECT_DOUBLE_EQ(s(10), 300);
  EXPECT_DOUBLE_EQ(s(2.5), 150);
  // SVG's y grows downwards: a reversed pixel range puts large values at the top.
  const Scale y = Scale::linear(0, 1, 400, 0);
  EXPECT_DOUBLE_EQ(y(0.25), 300);
}

TEST(Scale, LogMapsDecadesEvenly) {
  const Scale s = Scale::log(1, 1000, 0, 300);
  EXPECT_NEAR(s(1), 0, 1e-9);
  EXPECT_NEAR(s(10), 100, 1e-9);
  EXPECT_NEAR(s(100), 200, 1e-9);
  EXPECT_NEAR(s(std::sqrt(10.0)), 50, 1e-9);
  EXPECT_DOUBLE_EQ(s(0), 0);  // nothing of a log axis lies left of its start
  EXPECT_DOUBLE_EQ(s(-5), 0);
}

TEST(Scale, RefusesBadDomains) {
  EXPECT_THROW(Scale::linear(1, 1, 0, 10), std::invalid_argument);
  EXPECT_THROW(Scale::linear(2, 1, 0, 10), std::invalid_argument);
  EXPECT_THROW(Scale::linear(0, NAN, 0, 10), std::invalid_argument);
  EXPECT_THROW(Scale::log(0, 10, 0, 10), std::invalid_argument);
  EXPECT_THROW(Scale::log(-1, 10, 0, 10), std::invalid_argument);
}

TEST(Scale, LinearTicksAreOneTwoFiveSteps) {
  EXPECT_EQ(nice_linear_ticks(0, 10, 5), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  EXPECT_EQ(nice_linear_ticks(0, 1, 4), (std::vector<double>{0, 0.5, 1}));
  const std::vector<double> t = nice_linear_ticks(0.3, 9.1, 5);
  EXPECT_LE(t.front(), 0.3);
  EXPECT_GE(t.back(), 9.1);
  EXPECT_DOUBLE_EQ(t[1] - t[0], 2.0);
  // Rounding noise must not print as "5.55e-17": the zero tick is exactly zero.
  for (const double v : nice_linear_ticks(-0.3, 0.3, 6)) {
    if (std::abs(v) < 1e-12) {
      EXPECT_EQ(v, 0.0);
    }
  }
}

TEST(Scale, LogTicksAreDecadesOrOneTwoFive) {
  EXPECT_EQ(Scale::log(1, 1e6, 0, 1).ticks(),
            (std::vector<double>{1, 10, 100, 1e3, 1e4, 1e5, 1e6}));
  const std::vector<double> fine = Scale::log(10, 1000, 0, 1).ticks();
  EXPECT_EQ(fine.size(), 7u);  // 10 20 50 100 200 500 1000
  EXPECT_DOUBLE_EQ(fine[1], 20);
  EXPECT_DOUBLE_EQ(fine[5], 500);
  // Beyond eight decades every other one is kept.
  EXPECT_EQ(Scale::log(1, 1e12, 0, 1).ticks().size(), 7u);
}

TEST(Scale, FixedTicksReplaceComputedOnes) {
  Scale s = Scale::log(1, 10, 0, 1);
  s.set_ticks({1, 2, 4, 8, 16});
  EXPECT_EQ(s.ticks(), (std::vector<double>{1, 2, 4, 8}));  // 16 lies outside
}

TEST(Scale, NiceDomains) {
  EXPECT_EQ(nice_linear_domain(3, 97), (std::pair<double, double>{0, 100}));
  EXPECT_EQ(nice_linear_domain(0, 0), (std::pair<double, double>{0, 1}));
  const auto [lo, hi] = nice_linear_domain(-0.23, 0.41, false);
  EXPECT_LE(lo, -0.23);
  EXPECT_GE(hi, 0.41);
  EXPECT_EQ(nice_log_domain(32, 4096), (std::pair<double, double>{20, 5000}));
  EXPECT_EQ(nice_log_domain(0.18, 0.25), (std::pair<double, double>{0.1, 1}));  // >= 10x
  EXPECT_EQ(nice_log_domain(1100, 1260, 1), (std::pair<double, double>{1000, 2000}));
  EXPECT_EQ(nice_log_domain(5, 5, 1), (std::pair<double, double>{5, 10}));
  EXPECT_THROW(nice_log_domain(0, 5), std::invalid_argument);
}

TEST(Scale, TickLabels) {
  EXPECT_EQ(tick_label(0), "0");
  EXPECT_EQ(tick_label(0.5), "0.5");
  EXPECT_EQ(tick_label(20), "20");
  EXPECT_EQ(tick_label(2500), "2.5k");
  EXPECT_EQ(tick_label(1e7), "10M");
  EXPECT_EQ(tick_label(3, "x"), "3 x");
  EXPECT_EQ(time_label_us(0.5), "500 ns");
  EXPECT_EQ(time_label_us(20), "20 µs");
  EXPECT_EQ(time_label_us(1500), "1.5 ms");
  EXPECT_EQ(time_label_us(2e6), "2 s");
}

// --- the canvas --------------------------------------------------------------------------------

TEST(SvgPlot, EscapesEverythingXmlCares) {
  EXPECT_EQ(xml_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(xml_escape(std::string("x\x01y")), "x y");  // XML 1.0 has no place for U+0001
  EXPECT_EQ(xml_escape("µs"), "µs");
}

TEST(SvgPlot, NumbersForAttributes) {
  EXPECT_EQ(svg_number(12.5), "12.5");
  EXPECT_EQ(svg_number(300), "300");
  EXPECT_EQ(svg_number(1.0 / 3), "0.33");
  EXPECT_EQ(svg_number(-0.001), "0");
  EXPECT_EQ(svg_number(NAN), "0");
}

TEST(SvgPlot, CanvasIsWellFormedWithHostileText) {
  SvgCanvas svg(200, 100, "title <&> \"quoted\"");
  svg.text(10, 20, "Batched/NVE/64/<lj&ar>/cpu", "start");
  svg.rect(0, 0, -10, 5, "#fff", "tooltip & <stuff>");
  svg.marker(MarkerShape::kCross, 5, 5, 8, "#000", "a\"b");
  for (const auto shape : {MarkerShape::kCircle, MarkerShape::kSquare, MarkerShape::kTriangle,
                           MarkerShape::kDiamond}) {
    svg.marker(shape, 50, 50, 8, "#123456");
  }
  svg.polyline({{0, 0}, {10, 10}}, "#000", 1, "4 2");
  svg.text(5, 5, "rotated", "middle", 11, "#333", -90, "bold");
  const XmlNode root = parse_xml(svg.str());
  EXPECT_EQ(root.name, "svg");
  EXPECT_EQ(root.attrs.at("xmlns"), "http://www.w3.org/2000/svg");
  EXPECT_EQ(root.number("width"), 200);
  EXPECT_EQ(root.children.front().name, "title");
  EXPECT_EQ(root.children.front().text, "title <&> \"quoted\"");
  const auto rects = root.find_all("rect");
  ASSERT_GE(rects.size(), 2u);
  EXPECT_EQ(rects[0]->number("x"), -10);  // a negative width is normalised
  EXPECT_EQ(rects[0]->number("width"), 10);
  EXPECT_EQ(rects[0]->find_all("title").front()->text, "tooltip & <stuff>");
  EXPECT_NE(root.all_text().find("<lj&ar>"), std::string::npos);
  EXPECT_EQ(root.find_all("polyline").front()->attrs.at("points"), "0,0 10,10");
  EXPECT_EQ(root.find_all("text").back()->attrs.at("transform"), "rotate(-90 5 5)");
}

TEST(SvgPlot, AxisTicksLandOnTheScale) {
  SvgCanvas svg(400, 300, "axes");
  const Frame frame{50, 10, 300, 200};
  const Scale x = Scale::log(10, 1000, frame.left, frame.right());
  const Scale y = Scale::linear(0, 100, frame.bottom(), frame.top);
  draw_x_axis(svg, frame, x, "atoms", [](double v) { return tick_label(v); });
  draw_y_axis(svg, frame, y, "percent", [](double v) { return tick_label(v); });
  const XmlNode root = parse_xml(svg.str());
  bool saw_100 = false, saw_y50 = false, saw_xlabel = false;
  for (const XmlNode* t : root.find_all("text")) {
    if (t->text == "100" && t->attrs.count("text-anchor") &&
        t->attrs.at("text-anchor") == "middle") {
      // x tick "100" sits at the middle of two decades: 50 + 300 / 2.
      EXPECT_NEAR(t->number("x"), 200, 0.01);
      EXPECT_NEAR(t->number("y"), frame.bottom() + 16, 0.01);
      saw_100 = true;
    }
    if (t->text == "40" && t->attrs.at("text-anchor") == "end") {
      EXPECT_NEAR(t->number("y"), 130 + 3.5, 0.01);  // y(40) = 210 - 80, baseline-adjusted
      saw_y50 = true;
    }
    saw_xlabel = saw_xlabel || t->text == "atoms";
  }
  EXPECT_TRUE(saw_100);
  EXPECT_TRUE(saw_y50);
  EXPECT_TRUE(saw_xlabel);
}

TEST(SvgPlot, CrowdedTickLabelsAreThinned) {
  SvgCanvas svg(120, 60, "narrow");
  const Frame frame{10, 5, 100, 30};
  const Scale x = Scale::linear(0, 1e6, frame.left, frame.right());
  draw_x_axis(svg, frame, x, "", [](double v) { return tick_label(v) + " atom-steps"; });
  const XmlNode root = parse_xml(svg.str());
  std::vector<double> centres;
  for (const XmlNode* t : root.find_all("text")) centres.push_back(t->number("x"));
  ASSERT_FALSE(centres.empty());
  for (std::size_t i = 1; i < centres.size(); ++i) {
    EXPECT_GT(centres[i] - centres[i - 1], text_width("1M atom-steps", 10)) << i;
  }
}

TEST(SvgPlot, LegendWrapsAndReportsItsHeight) {
  std::vector<LegendEntry> entries;
  for (int i = 0; i < 6; ++i) {
    entries.push_back(
        {"series number " + std::to_string(i), series_color(i), series_shape(i), false, true, ""});
  }
  const double one_row = legend_height(5000, entries), narrow = legend_height(300, entries);
  EXPECT_EQ(one_row, 18);
  EXPECT_GT(narrow, one_row);
  SvgCanvas svg(300, 200, "legend");
  EXPECT_EQ(draw_legend(svg, 0, 0, 300, entries), narrow);
  const XmlNode root = parse_xml(svg.str());
  EXPECT_EQ(root.find_all("text").size(), 6u);
  for (const XmlNode* t : root.find_all("text")) EXPECT_LT(t->number("x"), 300);
  EXPECT_EQ(legend_height(300, {}), 0);
}

TEST(SvgPlot, PaletteAndShapesCycle) {
  EXPECT_NE(series_color(0), series_color(1));
  EXPECT_EQ(series_color(0), series_color(10));
  EXPECT_NE(series_shape(0), series_shape(1));
  EXPECT_EQ(series_shape(0), series_shape(5));
}

}  // namespace
}  // namespace mdb::compare
