#pragma once
/// Line charts as inline SVG for the HTML report: no script, no external resource. Every data
/// point is a <circle class="point"> carrying data-x/data-y and a <title> tooltip, so a test (or
/// a reader's script) can find the chart's data in the page.
#include <string>
#include <vector>

namespace staccato::bench {

struct ChartPoint {
  double x = 0, y = 0;
  std::string tip;      ///< the tooltip (e.g. "64 B: 1488.1 kpps")
  bool hollow = false;  ///< drawn open: a value with a caveat (tester-limited)
};

struct ChartSeries {
  std::string name;
  std::vector<ChartPoint> points;
  bool dashed = false;  ///< a reference (theoretical line rate, tester ceiling)
};

struct Chart {
  std::string id;      ///< the <svg> element's id
  std::string title;
  std::string xLabel, yLabel;
  /// When not empty, x values are indices into these labels, evenly spaced (frame sizes, IMIX).
  std::vector<std::string> categories;
  std::vector<ChartSeries> series;  ///< drawn in order: later ones on top
  /// A logarithmic y axis (decades): values that span orders of magnitude (latency's minimum
  /// and maximum) stay apart. Values must be above 0.
  bool logY = false;
};

/// The chart as an <svg> element; "" when no series has a point (a chart is never empty).
std::string svgChart(const Chart& chart);

}  // namespace staccato::bench
