// Each frame size's results, and the whole result file.
#include "client/core/benchmark/result_json.h"

#include <fstream>
#include <sstream>

#include "client/core/benchmark/json_sections.h"
#include "common/files/stream_file.h"

namespace staccato::bench {
namespace json {
namespace {

void write(JsonWriter& w, const SearchOutcome& t) {
  w.beginObject("throughput");
  w.add("trials", t.trials);
  w.add("full_length_trials", t.fullLengthTrials);
  w.add("trial_seconds", t.trialSeconds);
  w.beginArray("goals");
  for (const GoalResult& g : t.goals) {
    w.beginObject();
    w.add("name", g.goal.name);
    w.add("loss_ratio", g.goal.lossRatio);
    w.add("required_load", g.goal.requiredLoad);
    w.add("lower_load", g.lowerLoad);
    w.add("upper_load", g.upperLoad);
    w.add("tester_limited", g.testerLimited);
    w.add("tester_limit", g.testerLimit);
    w.beginArray("irregular");
    for (const std::string& s : g.irregular) w.add("", s);
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

SearchOutcome readThroughput(const JsonIn& in) {
  SearchOutcome t;
  t.trials = uint32_t(in["trials"].count());
  t.fullLengthTrials = uint32_t(in["full_length_trials"].count());
  t.trialSeconds = in["trial_seconds"].number();
  for (const JsonIn& g : in["goals"].items()) {
    GoalResult r;
    r.goal = {g["name"].text(), g["loss_ratio"].number(), g["required_load"].number()};
    r.lowerLoad = g["lower_load"].number();
    r.upperLoad = g["upper_load"].number();
    r.testerLimited = g["tester_limited"].flag();
    r.testerLimit = g["tester_limit"].text();
    for (const JsonIn& s : g["irregular"].items()) r.irregular.push_back(s.text());
    t.goals.push_back(std::move(r));
  }
  return t;
}

void write(JsonWriter& w, const LatencyResult& l) {
  w.beginObject("latency");
  w.add("base_load", l.baseLoad);
  w.add("basis", l.basis);
  w.beginArray("points");
  for (const LatencyPoint& p : l.points) {
    w.beginObject();
    w.add("fraction", p.fraction);
    w.add("load", p.load);
    w.add("trials", p.trials);
    json::write(w, "latency", p.latency);
    w.add("reordered", p.reordered);
    w.add("duplicated", p.duplicated);
    w.add("tester_limited", p.testerLimited);
    w.add("failure", p.failure);
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

LatencyResult readLatencyResult(const JsonIn& in) {
  LatencyResult l{in["base_load"].number(), in["basis"].text(), {}};
  for (const JsonIn& p : in["points"].items())
    l.points.push_back({p["fraction"].number(), p["load"].number(), uint32_t(p["trials"].count()), readLatency(p["latency"]),
                        p["reordered"].count(), p["duplicated"].count(), p["tester_limited"].flag(), p["failure"].text()});
  return l;
}

void write(JsonWriter& w, const FrameLossResult& f) {
  w.beginArray("loss");
  for (const LossStep& s : f.steps) {
    w.beginObject();
    w.add("load", s.load);
    w.add("offered_load", s.offeredLoad);
    w.add("loss_ratio", s.lossRatio);
    w.add("tx_frames", s.txFrames);
    w.add("rx_frames", s.rxFrames);
    w.add("tester_limited", s.testerLimited);
    w.add("note", s.note);
    w.endObject();
  }
  w.endArray();
}

FrameLossResult readFrameLoss(const JsonIn& in) {
  FrameLossResult f;
  for (const JsonIn& s : in.items())
    f.steps.push_back({s["load"].number(), s["offered_load"].number(), s["loss_ratio"].number(), s["tx_frames"].count(),
                       s["rx_frames"].count(), s["tester_limited"].flag(), s["note"].text()});
  return f;
}

void write(JsonWriter& w, const BackToBackResult& b) {
  w.beginObject("b2b");
  w.add("burst_load", b.burstLoad);
  w.add("burst_pps", b.burstPps);
  w.beginArray("bursts");
  for (uint64_t frames : b.bursts) w.add("", frames);
  w.endArray();
  w.add("average_frames", b.averageFrames);
  w.add("throughput_pps", b.throughputPps);
  w.add("implied_buffer_seconds", b.impliedBufferSeconds);
  w.add("corrected_buffer_seconds", b.correctedBufferSeconds);
  w.add("corrected_buffer_frames", b.correctedBufferFrames());  // for readers
  w.add("tester_limited", b.testerLimited);
  w.add("note", b.note);
  w.endObject();
}

BackToBackResult readBackToBack(const JsonIn& in) {
  BackToBackResult b;
  b.burstLoad = in["burst_load"].number();
  b.burstPps = in["burst_pps"].number();
  for (const JsonIn& f : in["bursts"].items()) b.bursts.push_back(f.count());
  b.averageFrames = in["average_frames"].number();
  b.throughputPps = in["throughput_pps"].number();
  b.impliedBufferSeconds = in["implied_buffer_seconds"].number();
  b.correctedBufferSeconds = in["corrected_buffer_seconds"].number();
  b.testerLimited = in["tester_limited"].flag();
  b.note = in["note"].text();
  return b;
}

}  // namespace

void write(JsonWriter& w, std::string_view key, const SizeResult& s) {
  w.beginObject(key);
  write(w, "frame_size", s.frameSize);
  if (s.throughput) write(w, *s.throughput);
  if (s.latency) write(w, *s.latency);
  if (s.frameLoss) write(w, *s.frameLoss);
  if (s.backToBack) write(w, *s.backToBack);
  w.add("note", s.note);
  w.endObject();
}

SizeResult readSize(const JsonIn& in) {
  SizeResult s;
  s.frameSize = readFrameSize(in["frame_size"]);
  if (in["throughput"].present()) s.throughput = readThroughput(in["throughput"]);
  if (in["latency"].present()) s.latency = readLatencyResult(in["latency"]);
  if (in["loss"].present()) s.frameLoss = readFrameLoss(in["loss"]);
  if (in["b2b"].present()) s.backToBack = readBackToBack(in["b2b"]);
  s.note = in["note"].text();
  return s;
}

}  // namespace json

std::string resultJson(const BenchmarkResult& r) {
  JsonWriter w;
  w.beginObject();
  w.add("format", kResultFormat);
  w.add("format_version", kResultFormatVersion);
  w.add("generator", r.generator);
  w.add("started", isoTime(r.startedNs));
  w.add("ended", isoTime(r.endedNs));
  w.add("stopped", r.stopped);
  w.add("error", r.error);
  json::write(w, "config", r.config);
  json::write(w, "calibration", r.calibration);
  w.beginArray("sizes");
  for (const SizeResult& s : r.sizes) json::write(w, "", s);
  w.endArray();
  w.beginArray("trials");
  for (const TrialResult& t : r.trials) json::write(w, "", t);
  w.endArray();
  w.endObject();
  return w.text();
}

Result<BenchmarkResult> parseResultJson(std::string_view text) {
  auto in = JsonIn::parse(text);
  if (!in) return in.error();
  if (in->operator[]("format").text() != kResultFormat)
    return makeError("format", "not a Staccato benchmark result (expected \"" + std::string(kResultFormat) + "\")");
  const uint64_t version = (*in)["format_version"].count();
  if (version < 1 || version > kResultFormatVersion)
    return makeError("format_version", std::to_string(version) + " is not a format this build reads (1.." +
                                           std::to_string(kResultFormatVersion) + "): the file is from a newer Staccato");
  BenchmarkResult r;
  r.generator = (*in)["generator"].text();
  r.startedNs = (*in)["started"].time();
  r.endedNs = (*in)["ended"].time();
  r.stopped = (*in)["stopped"].flag();
  r.error = (*in)["error"].text();
  json::read((*in)["config"], r.config);
  r.calibration = json::readCalibration((*in)["calibration"]);
  for (const JsonIn& s : (*in)["sizes"].items()) r.sizes.push_back(json::readSize(s));
  for (const JsonIn& t : (*in)["trials"].items()) r.trials.push_back(json::readTrial(t));
  if (auto s = in->status(); !s) return s.error();
  return r;
}

std::string configJson(const BenchmarkConfig& config) {
  JsonWriter w;
  json::write(w, "", config);
  return w.text();
}

Result<BenchmarkConfig> parseConfigJson(std::string_view text) {
  auto in = JsonIn::parse(text);
  if (!in) return in.error();
  BenchmarkConfig c;
  json::read(*in, c);
  if (auto s = in->status(); !s) return s.error();
  return c;
}

Status writeResultFile(const std::string& path, const BenchmarkResult& result) {
  return writeFileAtomically(path, resultJson(result));
}

Result<BenchmarkResult> readResultFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return makeError(path, "cannot be read", ErrorKind::kNotFound);
  std::ostringstream text;
  text << file.rdbuf();
  auto r = parseResultJson(text.str());
  if (!r) return makeError("", path + ": " + r.error().toString());
  return r;
}

}  // namespace staccato::bench
