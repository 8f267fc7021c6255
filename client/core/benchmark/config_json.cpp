// The config's part of the result file (also a config file of its own).
#include "client/core/benchmark/json_sections.h"

namespace staccato::bench::json {
namespace {

template <typename T>
void addOptional(JsonWriter& w, std::string_view key, const std::optional<T>& v) {
  if (v) w.add(key, *v);
}

void writeSearch(JsonWriter& w, const SearchSettings& s) {
  w.beginObject("search");
  w.add("method", searchMethodName(s.method));
  w.beginArray("goals");
  for (const LossGoal& g : s.goals) {
    w.beginObject();
    w.add("name", g.name);
    w.add("loss_ratio", g.lossRatio);
    w.add("required_load", g.requiredLoad);
    w.endObject();
  }
  w.endArray();
  w.add("trial_seconds", s.trialSeconds);
  w.add("initial_trial_seconds", s.initialTrialSeconds);
  w.add("preceding_targets", uint32_t{s.precedingTargets});
  w.add("duration_sum", s.durationSum);
  w.add("exceed_ratio", s.exceedRatio);
  w.add("absolute_precision", s.absolutePrecision);
  w.add("relative_precision", s.relativePrecision);
  w.add("min_load", s.minLoad);
  w.add("max_load", s.maxLoad);
  w.endObject();
}

void readSearch(const JsonIn& in, SearchSettings& s) {
  if (in["method"].present()) {
    const auto method = searchMethodFromName(in["method"].text());
    if (!method) in["method"].fail("must be binary or multi-goal");
    s.method = method.value_or(s.method);
  }
  if (in["goals"].present()) {
    s.goals.clear();
    for (const JsonIn& g : in["goals"].items())
      s.goals.push_back({g["name"].text(), g["loss_ratio"].number(), g["required_load"].number()});
  }
  s.trialSeconds = in["trial_seconds"].number(s.trialSeconds);
  s.initialTrialSeconds = in["initial_trial_seconds"].number(s.initialTrialSeconds);
  s.precedingTargets = unsigned(in["preceding_targets"].count(s.precedingTargets));
  s.durationSum = in["duration_sum"].number(s.durationSum);
  s.exceedRatio = in["exceed_ratio"].number(s.exceedRatio);
  s.absolutePrecision = in["absolute_precision"].number(s.absolutePrecision);
  s.relativePrecision = in["relative_precision"].number(s.relativePrecision);
  s.minLoad = in["min_load"].number(s.minLoad);
  s.maxLoad = in["max_load"].number(s.maxLoad);
}

void writeCriteria(JsonWriter& w, const PassCriteria& c) {
  w.beginObject("criteria");
  addOptional(w, "max_latency_ns", c.maxLatencyNs);
  addOptional(w, "percentile", c.percentile);
  addOptional(w, "percentile_latency_ns", c.percentileLatencyNs);
  addOptional(w, "max_jitter_ns", c.maxJitterNs);
  addOptional(w, "max_reordered", c.maxReordered);
  addOptional(w, "max_duplicated", c.maxDuplicated);
  w.endObject();
}

void readCriteria(const JsonIn& in, PassCriteria& c) {
  c.maxLatencyNs = in["max_latency_ns"].optionalCount<uint64_t>();
  c.percentile = in["percentile"].optionalNumber();
  c.percentileLatencyNs = in["percentile_latency_ns"].optionalCount<uint64_t>();
  c.maxJitterNs = in["max_jitter_ns"].optionalCount<uint64_t>();
  c.maxReordered = in["max_reordered"].optionalCount<uint64_t>();
  c.maxDuplicated = in["max_duplicated"].optionalCount<uint64_t>();
}

void writeTests(JsonWriter& w, const BenchmarkConfig& c) {
  const LatencySettings& l = c.latency;
  w.beginObject("latency");
  w.beginArray("load_fractions");
  for (double f : l.loadFractions) w.add("", f);
  w.endArray();
  w.add("trials", uint32_t{l.trials});
  w.add("trial_seconds", l.trialSeconds);
  w.add("goal", uint64_t{l.goal});
  w.add("fixed_load", l.fixedLoad);
  w.endObject();
  w.beginObject("loss");
  w.add("start_load", c.frameLoss.startLoad);
  w.add("step", c.frameLoss.step);
  w.add("trial_seconds", c.frameLoss.trialSeconds);
  w.add("zero_loss_to_stop", uint32_t{c.frameLoss.zeroLossToStop});
  w.endObject();
  w.beginObject("b2b");
  w.add("trials", uint32_t{c.backToBack.trials});
  w.add("trial_seconds", c.backToBack.trialSeconds);
  w.add("max_burst_seconds", c.backToBack.maxBurstSeconds);
  w.add("relative_precision", c.backToBack.relativePrecision);
  w.endObject();
  w.beginObject("trial");
  w.add("ramp_seconds", c.trial.rampSeconds);
  w.add("learning", c.trial.learning);
  w.add("receiver_retries", uint32_t{c.trial.receiverRetries});
  w.add("tester_tolerance", c.trial.testerTolerance);
  w.endObject();
}

void readTests(const JsonIn& in, BenchmarkConfig& c) {
  const JsonIn l = in["latency"];
  if (l["load_fractions"].present()) {
    c.latency.loadFractions.clear();
    for (const JsonIn& f : l["load_fractions"].items()) c.latency.loadFractions.push_back(f.number());
  }
  c.latency.trials = unsigned(l["trials"].count(c.latency.trials));
  c.latency.trialSeconds = l["trial_seconds"].number(c.latency.trialSeconds);
  c.latency.goal = size_t(l["goal"].count(c.latency.goal));
  c.latency.fixedLoad = l["fixed_load"].number(c.latency.fixedLoad);
  const JsonIn f = in["loss"];
  c.frameLoss.startLoad = f["start_load"].number(c.frameLoss.startLoad);
  c.frameLoss.step = f["step"].number(c.frameLoss.step);
  c.frameLoss.trialSeconds = f["trial_seconds"].number(c.frameLoss.trialSeconds);
  c.frameLoss.zeroLossToStop = unsigned(f["zero_loss_to_stop"].count(c.frameLoss.zeroLossToStop));
  const JsonIn b = in["b2b"];
  c.backToBack.trials = unsigned(b["trials"].count(c.backToBack.trials));
  c.backToBack.trialSeconds = b["trial_seconds"].number(c.backToBack.trialSeconds);
  c.backToBack.maxBurstSeconds = b["max_burst_seconds"].number(c.backToBack.maxBurstSeconds);
  c.backToBack.relativePrecision = b["relative_precision"].number(c.backToBack.relativePrecision);
  const JsonIn t = in["trial"];
  c.trial.rampSeconds = t["ramp_seconds"].number(c.trial.rampSeconds);
  c.trial.learning = t["learning"].flag(c.trial.learning);
  c.trial.receiverRetries = unsigned(t["receiver_retries"].count(c.trial.receiverRetries));
  c.trial.testerTolerance = t["tester_tolerance"].number(c.trial.testerTolerance);
}

}  // namespace

void write(JsonWriter& w, std::string_view key, const FrameSize& s) { w.add(key, s.label()); }

FrameSize readFrameSize(const JsonIn& in) {
  auto size = parseFrameSize(in.text("64"));
  if (!size) in.fail(size.error().message);
  return size ? *size : FrameSize{};
}

void write(JsonWriter& w, std::string_view key, const BenchmarkConfig& c) {
  w.beginObject(key);
  w.add("preset", c.preset);
  w.beginArray("tests");
  for (TestKind t : c.tests) w.add("", testName(t));
  w.endArray();
  w.beginArray("frame_sizes");
  for (const FrameSize& s : c.frameSizes) write(w, "", s);
  w.endArray();
  w.add("line_rate_bps", c.lineRateBps);
  w.add("direction", c.direction == Direction::kBidirectional ? "bidirectional" : "unidirectional");
  w.beginArray("port_pairs");
  for (const PortPair& p : c.portPairs) {
    w.beginObject();
    w.add("tx", p.tx);
    w.add("rx", p.rx);
    w.endObject();
  }
  w.endArray();
  w.add("ip_version", uint32_t{c.ipVersion});
  writeSearch(w, c.search);
  writeCriteria(w, c.criteria);
  writeTests(w, c);
  w.endObject();
}

void read(const JsonIn& in, BenchmarkConfig& c) {
  c.preset = in["preset"].text(c.preset);
  if (in["tests"].present()) {
    c.tests.clear();
    for (const JsonIn& t : in["tests"].items()) {
      const auto test = testFromName(t.text());
      if (!test) t.fail("must be throughput, latency, loss or b2b");
      else c.tests.push_back(*test);
    }
  }
  if (in["frame_sizes"].present()) {
    c.frameSizes.clear();
    for (const JsonIn& s : in["frame_sizes"].items()) c.frameSizes.push_back(readFrameSize(s));
  }
  c.lineRateBps = in["line_rate_bps"].number(c.lineRateBps);
  if (in["direction"].present()) {
    const std::string d = in["direction"].text();
    if (d != "unidirectional" && d != "bidirectional") in["direction"].fail("must be unidirectional or bidirectional");
    c.direction = d == "bidirectional" ? Direction::kBidirectional : Direction::kUnidirectional;
  }
  if (in["port_pairs"].present()) {
    c.portPairs.clear();
    for (const JsonIn& p : in["port_pairs"].items()) c.portPairs.push_back({p["tx"].text(), p["rx"].text()});
  }
  c.ipVersion = unsigned(in["ip_version"].count(c.ipVersion));
  readSearch(in["search"], c.search);
  readCriteria(in["criteria"], c.criteria);
  readTests(in, c);
}

}  // namespace staccato::bench::json
