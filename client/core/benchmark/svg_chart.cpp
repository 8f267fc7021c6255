#include "client/core/benchmark/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/core/xml_text.h"

namespace staccato::bench {
namespace {

constexpr double kWidth = 720, kHeight = 380;
constexpr double kLeft = 70, kRight = 170, kTop = 40, kBottom = 55;  // room for axes and legend
constexpr const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string px(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

/// A round step giving about `ticks` ticks over [0, span].
double niceStep(double span, int ticks) {
  if (span <= 0) return 1;
  const double raw = span / ticks, magnitude = std::pow(10, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= m * magnitude) return m * magnitude;
  return 10 * magnitude;
}

struct Scale {
  double lo, hi, step;
  bool log = false;  ///< lo, hi and the ticks are decades: values are placed by their log10
  double at(double v, double from, double to) const {
    if (log) v = std::log10(std::max(v, 1e-300));
    return from + (v - lo) / (hi - lo) * (to - from);
  }
  /// The value of tick k.
  double tick(int k) const { return log ? std::pow(10, lo + k * step) : lo + k * step; }
  /// Tick intervals, bounded: a range too narrow for its magnitude gets none in between.
  int ticks() const {
    const double n = (hi - lo) / step;
    return std::isfinite(n) ? int(std::clamp(std::round(n), 0.0, 20.0)) : 0;
  }
};

/// Whole decades around [lo, hi] (both above 0).
Scale decadeScale(double lo, double hi) {
  const double a = std::floor(std::log10(lo)), b = std::max(a + 1, std::ceil(std::log10(hi)));
  return {a, b, 1, true};
}

Scale niceScale(double lo, double hi, bool fromZero) {
  if (fromZero) lo = std::min(lo, 0.0);
  if (hi <= lo) hi = lo + 1;
  const double step = niceStep(hi - lo, 5);
  return {std::floor(lo / step) * step, std::ceil(hi / step) * step, step};
}

}  // namespace

std::string svgChart(const Chart& c) {
  double xlo = INFINITY, xhi = -INFINITY, yhi = -INFINITY, ylo = INFINITY;
  for (const ChartSeries& s : c.series)
    for (const ChartPoint& p : s.points) {
      xlo = std::min(xlo, p.x), xhi = std::max(xhi, p.x);
      ylo = std::min(ylo, p.y), yhi = std::max(yhi, p.y);
    }
  if (!std::isfinite(xlo)) return "";
  const bool categorical = !c.categories.empty();
  const Scale xs = categorical ? Scale{-0.5, double(c.categories.size()) - 0.5, 1} : niceScale(xlo, xhi, false);
  const Scale ys = c.logY && ylo > 0 ? decadeScale(ylo, yhi) : niceScale(ylo, yhi, true);
  const double x0 = kLeft, x1 = kWidth - kRight, y0 = kHeight - kBottom, y1 = kTop;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + xmlEscape(c.id) + "\" class=\"chart\" width=\"" +
                    px(kWidth) + "\" height=\"" + px(kHeight) + "\" viewBox=\"0 0 " + px(kWidth) + " " + px(kHeight) +
                    "\" font-family=\"sans-serif\" role=\"img\" aria-label=\"" + xmlEscape(c.title) + "\">\n";
  svg += "<text class=\"title\" font-size=\"15\" font-weight=\"bold\" x=\"" + px(kWidth / 2) + "\" y=\"22\" text-anchor=\"middle\">" + xmlEscape(c.title) + "</text>\n";
  // Axes, grid and tick labels.
  for (int k = 0; k <= ys.ticks(); ++k) {
    const double v = ys.tick(k);
    const std::string y = px(ys.at(v, y0, y1));
    svg += "<line class=\"grid\" stroke=\"#e5e5e5\" x1=\"" + px(x0) + "\" y1=\"" + y + "\" x2=\"" + px(x1) + "\" y2=\"" + y + "\"/>";
    svg += "<text class=\"tick\" font-size=\"12\" x=\"" + px(x0 - 6) + "\" y=\"" + y + "\" text-anchor=\"end\" dy=\"4\">" + num(v) + "</text>\n";
  }
  if (categorical) {
    for (size_t i = 0; i < c.categories.size(); ++i)
      svg += "<text class=\"tick\" font-size=\"12\" x=\"" + px(xs.at(double(i), x0, x1)) + "\" y=\"" + px(y0 + 18) +
             "\" text-anchor=\"middle\">" + xmlEscape(c.categories[i]) + "</text>\n";
  } else {
    for (int k = 0; k <= xs.ticks(); ++k)
      svg += "<text class=\"tick\" font-size=\"12\" x=\"" + px(xs.at(xs.lo + k * xs.step, x0, x1)) + "\" y=\"" + px(y0 + 18) +
             "\" text-anchor=\"middle\">" + num(xs.lo + k * xs.step) + "</text>\n";
  }
  svg += "<line class=\"axis\" stroke=\"#444\" x1=\"" + px(x0) + "\" y1=\"" + px(y0) + "\" x2=\"" + px(x1) + "\" y2=\"" + px(y0) + "\"/>";
  svg += "<line class=\"axis\" stroke=\"#444\" x1=\"" + px(x0) + "\" y1=\"" + px(y0) + "\" x2=\"" + px(x0) + "\" y2=\"" + px(y1) + "\"/>\n";
  svg += "<text class=\"label\" font-size=\"13\" x=\"" + px((x0 + x1) / 2) + "\" y=\"" + px(kHeight - 12) + "\" text-anchor=\"middle\">" +
         xmlEscape(c.xLabel) + "</text>\n";
  svg += "<text class=\"label\" font-size=\"13\" transform=\"rotate(-90)\" x=\"" + px(-(y0 + y1) / 2) + "\" y=\"16\" text-anchor=\"middle\">" +
         xmlEscape(c.yLabel) + "</text>\n";
  // Series: a line through the points, the points, a legend entry.
  for (size_t i = 0; i < c.series.size(); ++i) {
    const ChartSeries& s = c.series[i];
    if (s.points.empty()) continue;
    const std::string color = kColors[i % std::size(kColors)];
    std::string line;
    for (const ChartPoint& p : s.points) line += px(xs.at(p.x, x0, x1)) + "," + px(ys.at(p.y, y0, y1)) + " ";
    svg += "<g class=\"series\" data-name=\"" + xmlEscape(s.name) + "\">\n";
    svg += "<polyline fill=\"none\" stroke=\"" + color + "\" stroke-width=\"2\"" +
           (s.dashed ? " stroke-dasharray=\"6 4\"" : "") + " points=\"" + line + "\"/>\n";
    for (const ChartPoint& p : s.points)
      svg += "<circle class=\"point\" cx=\"" + px(xs.at(p.x, x0, x1)) + "\" cy=\"" + px(ys.at(p.y, y0, y1)) +
             "\" r=\"" + (p.hollow ? "6" : "4") + "\" stroke-width=\"" + (p.hollow ? "2" : "1") + "\" stroke=\"" + color +
             "\" fill=\"" + (p.hollow ? "white" : color) + "\" data-x=\"" + num(p.x) +
             "\" data-y=\"" + num(p.y) + "\"><title>" + xmlEscape(p.tip) + "</title></circle>\n";
    const double ly = kTop + 10 + 20 * double(i);
    svg += "<line x1=\"" + px(x1 + 15) + "\" y1=\"" + px(ly) + "\" x2=\"" + px(x1 + 35) + "\" y2=\"" + px(ly) +
           "\" stroke=\"" + color + "\" stroke-width=\"2\"" + (s.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>";
    svg += "<text class=\"legend\" font-size=\"12\" x=\"" + px(x1 + 40) + "\" y=\"" + px(ly + 4) + "\">" + xmlEscape(s.name) + "</text>\n";
    svg += "</g>\n";
  }
  return svg + "</svg>\n";
}

}  // namespace staccato::bench
