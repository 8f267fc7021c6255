#include "client/core/benchmark/y1564_report_charts.h"

#include <algorithm>
#include <iterator>

#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"
#include "client/core/benchmark/y1564_report_text.h"

namespace staccato::bench {
namespace {

constexpr size_t kMaxLossPoints = 360;

double lossRatio(const SecondCounts& s) { return s.sent > s.received ? double(s.sent - s.received) / double(s.sent) : 0; }

/// The chart's time axis: seconds for a short test, minutes, or hours for a long one.
struct TimeUnit {
  double seconds;
  const char* name;
};

TimeUnit timeUnit(size_t testSeconds) {
  if (testSeconds <= 600) return {1, "s"};
  if (testSeconds <= 6 * 3600) return {60, "min"};
  return {3600, "h"};
}

/// A step's name short enough to sit under its point: "25 %" for "25 % of CIR", else its kind
/// ("cir+eir", "policing", "cbs", "ebs"); the point's tooltip has the whole label.
std::string shortLabel(const Y1564Step& step) {
  return step.kind == Y1564StepKind::kCir ? step.label.substr(0, step.label.find(" of CIR")) : std::string(enumName(step.kind));
}

}  // namespace

Chart y1564RateChart(const Y1564Result& r, size_t service) {
  const Y1564Service& s = r.config.services.at(service);
  Chart c{"chart-rate-" + std::to_string(service), s.name + ": information rate per step", "step (% of CIR, then above it)",
          "Mbit/s", {}, {}};
  ChartSeries offered{"offered", {}, true}, cir{"CIR", {}, true}, cirEir{"CIR + EIR", {}, true}, received{"IR received", {}, false};
  for (const Y1564StepResult& step : r.configuration) {
    if (step.step.service != service) continue;
    const auto x = double(c.categories.size());
    const std::string& label = step.step.label;
    c.categories.push_back(shortLabel(step.step));
    offered.points.push_back({x, step.step.rateMbps, label + ": " + fixed(step.step.rateMbps, 2) + " Mbit/s offered", false});
    cir.points.push_back({x, s.cirMbps, "CIR " + fixed(s.cirMbps, 2) + " Mbit/s", false});
    if (s.eirMbps > 0)
      cirEir.points.push_back({x, s.cirMbps + s.eirMbps, "CIR + EIR " + fixed(s.cirMbps + s.eirMbps, 2) + " Mbit/s", false});
    received.points.push_back({x, step.verdict.irMbps,
                               label + ": " + fixed(step.verdict.irMbps, 2) + " Mbit/s received, " +
                                   std::string(verdictWord(step.verdict)),
                               step.verdict.incomplete});
  }
  // The references first, the result on top.
  for (ChartSeries* series : {&offered, &cir, &cirEir, &received})
    if (!series->points.empty()) c.series.push_back(std::move(*series));
  return c;
}

uint32_t lossChartSecondsPerPoint(size_t seconds) {
  constexpr uint32_t kChoices[] = {1, 10, 60, 300, 600, 1800, 3600, 6 * 3600, 86400};
  for (uint32_t per : kChoices)
    if ((seconds + per - 1) / per <= kMaxLossPoints) return per;
  return kChoices[std::size(kChoices) - 1];
}

Chart y1564LossChart(const Y1564Result& r) {
  const size_t seconds = y1564MeasuredSeconds(r);
  const TimeUnit unit = timeUnit(seconds);
  const uint32_t per = lossChartSecondsPerPoint(seconds);
  Chart c{"chart-loss", "Performance test: frames lost per second", std::string("time (") + unit.name + ")",
          per == 1 ? "frames lost (%)" : "frames lost in the worst second (%)", {}, {}};
  if (seconds == 0) return c;
  const double ses = 100 * r.config.sesLossRatio;
  const std::string sesTip = "a second losing more than " + percentText(r.config.sesLossRatio) + " is severely errored";
  c.series.push_back({"SES threshold", {{0, ses, sesTip, false}, {double(seconds) / unit.seconds, ses, sesTip, false}}, true});
  for (size_t i = 0; i < r.performance.size() && i < r.config.services.size(); ++i) {
    const std::vector<SecondCounts>& perSecond = r.performance[i].perSecond;
    ChartSeries series{r.config.services[i].name, {}, false};
    for (size_t from = 0; from < perSecond.size(); from += per) {
      const size_t to = std::min(perSecond.size(), from + per);
      const auto worst = std::max_element(perSecond.begin() + ptrdiff_t(from), perSecond.begin() + ptrdiff_t(to),
                                          [](const SecondCounts& a, const SecondCounts& b) { return lossRatio(a) < lossRatio(b); });
      const auto second = size_t(worst - perSecond.begin());
      const uint64_t lost = worst->sent - std::min(worst->sent, worst->received);
      series.points.push_back({double(from) / unit.seconds, 100 * lossRatio(*worst),
                               series.name + ", second " + std::to_string(second) + ": " + std::to_string(lost) + " of " +
                                   std::to_string(worst->sent) + " frames lost (" + percentText(lossRatio(*worst)) + ")",
                               false});
    }
    c.series.push_back(std::move(series));
  }
  return c;
}

}  // namespace staccato::bench
