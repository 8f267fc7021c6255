#include "client/core/benchmark/config_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace staccato::bench {
namespace {

/// The items between separators: any run of commas, spaces and semicolons ("0, 0.5", "64,128").
std::vector<std::string> itemsOf(std::string_view text) {
  constexpr std::string_view kSeparators = ", \t\r\n;";
  std::vector<std::string> items;
  size_t at = 0;
  while ((at = text.find_first_not_of(kSeparators, at)) != std::string_view::npos) {
    const size_t end = std::min(text.find_first_of(kSeparators, at), text.size());
    items.emplace_back(text.substr(at, end - at));
    at = end;
  }
  return items;
}

std::string shown(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

Result<std::vector<FrameSize>> parseFrameSizeList(std::string_view text) {
  std::vector<std::string> labels;
  bool inMix = false;
  for (const std::string& item : itemsOf(text)) {
    if (inMix && !item.starts_with("imix") && item.find('x') != std::string::npos) {
      labels.back() += "," + item;  // the next LENxWEIGHT of a mix of its own
      continue;
    }
    inMix = item.starts_with("imix:");
    labels.push_back(item);
  }
  if (labels.empty()) return makeError("", "give at least one frame size, e.g. 64,512,1518 or imix");
  std::vector<FrameSize> sizes;
  for (const std::string& label : labels) {
    auto size = parseFrameSize(label);
    if (!size) return makeError("", "'" + label + "': " + size.error().message);
    if (std::find(sizes.begin(), sizes.end(), *size) != sizes.end())
      return makeError("", "'" + label + "' is named twice");
    sizes.push_back(std::move(size).value());
  }
  return sizes;
}

Result<std::vector<LossGoal>> parseLossGoals(std::string_view text) {
  std::vector<double> percents;
  for (const std::string& item : itemsOf(text)) {
    auto v = parseDecimal(item, 0, kMaxLossGoalPercent);
    if (!v) return makeError("", v.error().message + " (a loss in percent)");
    if (std::find(percents.begin(), percents.end(), *v) != percents.end())
      return makeError("", "'" + item + "' is named twice");
    percents.push_back(*v);
  }
  if (percents.empty()) return makeError("", "give at least one loss in percent, e.g. 0 for NDR");
  std::sort(percents.begin(), percents.end());
  const auto partial = std::count_if(percents.begin(), percents.end(), [](double v) { return v > 0; });
  std::vector<LossGoal> goals;
  for (double v : percents) {
    std::string name = v == 0 ? "NDR" : partial == 1 ? "PDR" : "PDR " + shown(v) + " %";
    goals.push_back({std::move(name), v / 100, 0});
  }
  return goals;
}

void setRelativePrecision(BenchmarkConfig& c, double fraction) {
  c.search.relativePrecision = fraction;
  c.search.absolutePrecision = 0;
}

void setTrialSeconds(BenchmarkConfig& c, double seconds) {
  c.search.trialSeconds = c.latency.trialSeconds = c.frameLoss.trialSeconds = seconds;
  c.search.initialTrialSeconds = std::min(c.search.initialTrialSeconds, seconds);
  if (c.search.durationSum != 0) c.search.durationSum = std::max(c.search.durationSum, seconds);
}

}  // namespace staccato::bench
