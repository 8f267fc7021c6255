#include "client/core/benchmark/benchmark_config.h"

#include <algorithm>
#include <cmath>

namespace staccato::bench {
namespace {

constexpr double kMaxTrialSeconds = 86400;

bool fraction(double v, bool zeroAllowed) { return std::isfinite(v) && (zeroAllowed ? v >= 0 : v > 0) && v <= 1; }
bool seconds(double v) { return std::isfinite(v) && v > 0 && v <= kMaxTrialSeconds; }
std::string num(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

Status checkSearch(const SearchSettings& s) {
  if (s.goals.empty()) return makeError("search.goals", "at least one loss goal (e.g. 0 for NDR)");
  for (size_t i = 0; i < s.goals.size(); ++i) {
    const std::string at = "search.goals[" + std::to_string(i) + "]";
    if (!(std::isfinite(s.goals[i].lossRatio) && s.goals[i].lossRatio >= 0 && s.goals[i].lossRatio < 1))
      return makeError(at + ".loss_ratio", num(s.goals[i].lossRatio) + " is not a loss ratio (allowed 0 <= r < 1)");
    if (!fraction(s.goals[i].requiredLoad, true))
      return makeError(at + ".required_load", "a fraction of line rate, 0..1");
    if (s.goals[i].name.empty()) return makeError(at + ".name", "needs a name (e.g. NDR)");
  }
  if (!seconds(s.trialSeconds)) return makeError("search.trial_seconds", "must be above 0 (and at most a day)");
  if (!seconds(s.initialTrialSeconds) || s.initialTrialSeconds > s.trialSeconds)
    return makeError("search.initial_trial_seconds", "must be above 0 and at most trial_seconds (" + num(s.trialSeconds) + ")");
  if (s.precedingTargets > 8) return makeError("search.preceding_targets", "at most 8");
  if (s.durationSum != 0 && (!std::isfinite(s.durationSum) || s.durationSum < s.trialSeconds))
    return makeError("search.duration_sum", "0 (one trial) or at least trial_seconds (" + num(s.trialSeconds) + ")");
  if (!(std::isfinite(s.exceedRatio) && s.exceedRatio >= 0 && s.exceedRatio < 1))
    return makeError("search.exceed_ratio", "allowed 0 <= r < 1");
  if (!fraction(s.absolutePrecision, true) || !fraction(s.relativePrecision, true) ||
      (s.absolutePrecision == 0 && s.relativePrecision == 0) || s.absolutePrecision >= 0.5 || s.relativePrecision >= 0.5)
    return makeError("search.relative_precision", "an absolute (fraction of line rate) or relative precision above 0 and below 0.5");
  if (!fraction(s.minLoad, false) || !fraction(s.maxLoad, false) || s.minLoad >= s.maxLoad)
    return makeError("search.min_load", "min_load and max_load are fractions of line rate, 0 < min < max <= 1");
  return Ok{};
}

}  // namespace

bool BenchmarkConfig::runs(TestKind test) const { return std::find(tests.begin(), tests.end(), test) != tests.end(); }

unsigned BenchmarkConfig::flows() const {
  const unsigned pairs = std::max<unsigned>(1, unsigned(portPairs.size()));
  return direction == Direction::kBidirectional ? 2 * pairs : pairs;
}

std::vector<FrameSize> BenchmarkConfig::sizes() const {
  if (!frameSizes.empty()) return frameSizes;
  std::vector<FrameSize> out;
  for (uint32_t b : kDefaultFrameSizes) out.push_back(FrameSize::fixed(b));
  return out;
}

std::vector<std::string_view> presetNames() { return {"rfc2544-strict", "quick"}; }

Result<BenchmarkConfig> presetConfig(std::string_view name) {
  BenchmarkConfig c;
  c.preset = std::string(name);
  c.tests = {TestKind::kThroughput, TestKind::kLatency, TestKind::kFrameLoss, TestKind::kBackToBack};
  if (name == "rfc2544-strict") {
    c.search.method = SearchMethod::kBinary;
    c.search.goals = {{"NDR", 0, 0}};
    c.search.trialSeconds = c.search.initialTrialSeconds = 60;
    c.search.precedingTargets = 0;
    c.latency = {{1.0, 0.9, 0.5, 0.1}, 20, 120, 0, 0};
    c.frameLoss.trialSeconds = 60;
    c.backToBack.trials = 50;
    c.backToBack.trialSeconds = 2;
    return c;
  }
  if (name == "quick") {
    c.search.trialSeconds = 5;
    c.search.initialTrialSeconds = 0.5;
    c.search.relativePrecision = 0.01;
    c.latency = {{1.0, 0.9, 0.5, 0.1}, 1, 2, 0, 0};
    c.frameLoss.trialSeconds = 2;
    c.backToBack.trials = 3;
    return c;
  }
  std::string known;
  for (auto p : presetNames()) known += (known.empty() ? "" : ", ") + std::string(p);
  return makeError("preset", "'" + std::string(name) + "' is not a preset (known: " + known + ")");
}

Status checkConfig(const BenchmarkConfig& c) {
  if (c.tests.empty()) return makeError("tests", "at least one of throughput, latency, loss, b2b");
  for (const FrameSize& size : c.sizes())
    if (auto parsed = parseFrameSize(size.label()); !parsed || !(*parsed == size))
      return makeError("frame_sizes", size.label() + ": " + (parsed ? "not a frame size" : parsed.error().message));
  if (!std::isfinite(c.lineRateBps) || c.lineRateBps < 1e3 || c.lineRateBps > 1e13)
    return makeError("line_rate_bps", "the ports' line rate in bit/s (1e3..1e13)");
  if (c.ipVersion != 4 && c.ipVersion != 6) return makeError("ip_version", "4 or 6");
  for (size_t i = 0; i < c.portPairs.size(); ++i)
    if (c.portPairs[i].tx.empty() || c.portPairs[i].rx.empty())
      return makeError("port_pairs[" + std::to_string(i) + "]", "names a transmit and a receive port");
    else if (!c.portPairs[i].reflector.empty() && c.portPairs[i].rx != c.portPairs[i].tx)
      return makeError("port_pairs[" + std::to_string(i) + "]", "through a reflector the transmit port receives too");
    else if (!c.portPairs[i].reflector.empty() && c.direction == Direction::kBidirectional)
      return makeError("direction", "a reflector returns every frame: its test runs both ways already (leave out bidirectional)");
  if (auto s = checkSearch(c.search); !s) return s;
  if (c.criteria.percentile.has_value() != c.criteria.percentileLatencyNs.has_value() ||
      (c.criteria.percentile && !(*c.criteria.percentile > 0 && *c.criteria.percentile <= 1)))
    return makeError("criteria.percentile", "a quantile (0 < q <= 1, e.g. 0.99) together with its latency limit");
  if (c.runs(TestKind::kLatency)) {
    const LatencySettings& l = c.latency;
    if (l.loadFractions.empty() || std::any_of(l.loadFractions.begin(), l.loadFractions.end(), [](double f) { return !fraction(f, false); }))
      return makeError("latency.load_fractions", "fractions of the throughput found, each 0 < f <= 1");
    if (l.trials == 0 || l.trials > 1000) return makeError("latency.trials", "1..1000");
    if (!seconds(l.trialSeconds)) return makeError("latency.trial_seconds", "must be above 0");
    if (l.goal >= c.search.goals.size()) return makeError("latency.goal", "an index into search.goals");
    if (!c.runs(TestKind::kThroughput) && !fraction(l.fixedLoad, false))
      return makeError("latency.fixed_load", "latency runs at the throughput found: add the throughput test, or give a fixed load (fraction of line rate)");
  }
  if (c.runs(TestKind::kFrameLoss)) {
    const FrameLossSettings& f = c.frameLoss;
    if (!fraction(f.startLoad, false) || !fraction(f.step, false) || f.step > f.startLoad)
      return makeError("loss.step", "start load and step are fractions of line rate, 0 < step <= start <= 1");
    if (!seconds(f.trialSeconds)) return makeError("loss.trial_seconds", "must be above 0");
    if (f.zeroLossToStop == 0) return makeError("loss.zero_loss_to_stop", "at least 1 (RFC 2544: 2)");
  }
  if (c.runs(TestKind::kBackToBack)) {
    const BackToBackSettings& b = c.backToBack;
    if (b.trials == 0 || b.trials > 1000) return makeError("b2b.trials", "1..1000 (RFC 9004: at least 50)");
    if (!seconds(b.trialSeconds)) return makeError("b2b.trial_seconds", "must be above 0 (RFC 9004: at least 2)");
    if (!seconds(b.maxBurstSeconds) || b.maxBurstSeconds > b.trialSeconds)
      return makeError("b2b.max_burst_seconds", "above 0 and at most trial_seconds (" + num(b.trialSeconds) + ")");
    if (!fraction(b.relativePrecision, false) || b.relativePrecision >= 0.5) return makeError("b2b.relative_precision", "0 < p < 0.5");
  }
  if (c.trial.receiverRetries > 20) return makeError("trial.receiver_retries", "at most 20");
  if (!fraction(c.trial.testerTolerance, true) || c.trial.testerTolerance > 0.5)
    return makeError("trial.tester_tolerance", "a fraction, 0..0.5 (e.g. 0.01)");
  if (!std::isfinite(c.trial.rampSeconds) || c.trial.rampSeconds < 0 || c.trial.rampSeconds > kMaxTrialSeconds)
    return makeError("trial.ramp_seconds", "0 or more seconds");
  return Ok{};
}

}  // namespace staccato::bench
