#pragma once
/// The Y.1564 report's charts as data, from the result alone: the HTML report draws them as SVG
/// (svg_chart.h), and a GUI can plot the same series. A chart with nothing measured has no points.
#include <cstdint>

#include "client/core/benchmark/svg_chart.h"
#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench {

/// Service `service`'s configuration steps: the rate each offered and the information rate
/// received (Mbit/s), against its CIR (and CIR + EIR). A step not judged is a hollow point.
Chart y1564RateChart(const Y1564Result& r, size_t service);

/// The seconds of the performance test each point of the loss chart stands for: 1 while a series
/// fits in 360 points, else 10 s, 1, 5, 10 or 30 minutes, 1 or 6 hours, a day (86400 s: 5 minutes).
uint32_t lossChartSecondsPerPoint(size_t seconds);
/// The performance test's loss over time, a series per service: each point the worst second (the
/// highest share of its frames lost) of its stretch, so that one bad second of a day stays
/// visible; and the severely errored second's threshold.
Chart y1564LossChart(const Y1564Result& r);

}  // namespace staccato::bench
