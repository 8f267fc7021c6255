// Trials, their latency histograms and the calibration in the result file.
#include "client/core/benchmark/json_sections.h"

namespace staccato::bench::json {
namespace {

void writeRequest(JsonWriter& w, const TrialRequest& q) {
  w.beginObject("request");
  w.add("kind", q.kind == TrialKind::kBurst ? "burst" : "continuous");
  write(w, "frame_size", q.frameSize);
  w.add("load", q.load);
  w.add("pps", q.pps);
  w.add("duration_seconds", q.durationSeconds);
  w.add("burst_frames", q.burstFrames);
  w.add("ramp_seconds", q.rampSeconds);
  w.add("learning", q.learning);
  w.add("latency", q.latency);
  w.endObject();
}

TrialRequest readRequest(const JsonIn& in) {
  TrialRequest q;
  const std::string kind = in["kind"].text("continuous");
  if (kind != "continuous" && kind != "burst") in["kind"].fail("must be continuous or burst");
  q.kind = kind == "burst" ? TrialKind::kBurst : TrialKind::kContinuous;
  q.frameSize = readFrameSize(in["frame_size"]);
  q.load = in["load"].number();
  q.pps = in["pps"].number();
  q.durationSeconds = in["duration_seconds"].number();
  q.burstFrames = in["burst_frames"].count();
  q.rampSeconds = in["ramp_seconds"].number();
  q.learning = in["learning"].flag(true);
  q.latency = in["latency"].flag();
  return q;
}

}  // namespace

void write(JsonWriter& w, std::string_view key, const LatencyHistogram& l) {
  w.beginObject(key);
  w.add("samples", l.samples);
  w.add("min_ns", l.minNs);
  w.add("avg_ns", l.avgNs);
  w.add("max_ns", l.maxNs);
  w.add("jitter_ns", l.jitterNs);
  // For readers: the percentiles the buckets give (not read back; the buckets are the data).
  w.add("p50_ns", l.percentile(0.5));
  w.add("p90_ns", l.percentile(0.9));
  w.add("p99_ns", l.percentile(0.99));
  w.add("p999_ns", l.percentile(0.999));
  w.add("sub_bucket_bits", uint32_t{l.subBucketBits});
  w.beginArray("bucket_index");
  for (uint32_t i : l.index) w.add("", i);
  w.endArray();
  w.beginArray("bucket_count");
  for (uint64_t c : l.count) w.add("", c);
  w.endArray();
  w.endObject();
}

LatencyHistogram readLatency(const JsonIn& in) {
  LatencyHistogram l;
  l.samples = in["samples"].count();
  l.minNs = in["min_ns"].count();
  l.avgNs = in["avg_ns"].number();
  l.maxNs = in["max_ns"].count();
  l.jitterNs = in["jitter_ns"].number();
  l.subBucketBits = unsigned(in["sub_bucket_bits"].count());
  for (const JsonIn& i : in["bucket_index"].items()) l.index.push_back(uint32_t(i.count()));
  for (const JsonIn& c : in["bucket_count"].items()) l.count.push_back(c.count());
  if (auto s = l.check(); !s) in.fail(s.error().toString());
  return l;
}

void write(JsonWriter& w, std::string_view key, const TrialResult& t) {
  w.beginObject(key);
  w.add("number", t.number);
  w.add("test", t.test);
  w.add("phase", t.phase);
  writeRequest(w, t.request);
  w.add("start", isoTime(t.startNs));
  w.add("end", isoTime(t.endNs));
  w.add("duration_seconds", t.durationSeconds);
  w.add("intended_pps", t.request.pps);  // for readers: the request's, per flow
  w.add("offered_pps", t.offeredPps);
  w.add("received_pps", t.receivedPps);
  w.add("tx_frames", t.txFrames);
  w.add("rx_frames", t.rxFrames);
  w.add("lost_frames", t.lostFrames());  // for readers
  w.add("loss_ratio", t.lossRatio());    // for readers
  w.add("reordered", t.reordered);
  w.add("duplicated", t.duplicated);
  if (!t.latency.empty()) write(w, "latency", t.latency);
  w.add("receiver_missed", t.receiverMissed);
  w.add("tester_limited", t.testerLimited);
  w.add("tester_limit_reason", t.testerLimitReason);
  w.add("counted", t.counted);
  w.add("note", t.note);
  w.endObject();
}

TrialResult readTrial(const JsonIn& in) {
  TrialResult t;
  t.number = uint32_t(in["number"].count());
  t.test = in["test"].text();
  t.phase = in["phase"].text();
  t.request = readRequest(in["request"]);
  t.startNs = in["start"].time();
  t.endNs = in["end"].time();
  t.durationSeconds = in["duration_seconds"].number();
  t.offeredPps = in["offered_pps"].number();
  t.receivedPps = in["received_pps"].number();
  t.txFrames = in["tx_frames"].count();
  t.rxFrames = in["rx_frames"].count();
  t.reordered = in["reordered"].count();
  t.duplicated = in["duplicated"].count();
  t.latency = readLatency(in["latency"]);
  t.receiverMissed = in["receiver_missed"].flag();
  t.testerLimited = in["tester_limited"].flag();
  t.testerLimitReason = in["tester_limit_reason"].text();
  t.counted = in["counted"].flag();
  t.note = in["note"].text();
  return t;
}

void write(JsonWriter& w, std::string_view key, const Calibration& c) {
  w.beginObject(key);
  w.add("setup", c.setup);
  w.add("measured", isoTime(c.measuredNs));
  w.beginArray("points");
  for (const CalibrationPoint& p : c.points) {
    w.beginObject();
    write(w, "frame_size", p.frameSize);
    w.add("max_pps", p.maxPps);
    w.add("line_rate_bps", p.lineRateBps);
    w.add("kpps", p.kpps());        // for readers
    w.add("l1_mbps", p.l1Mbps());   // for readers: preamble and gap included
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

Calibration readCalibration(const JsonIn& in) {
  Calibration c;
  c.setup = in["setup"].text();
  c.measuredNs = in["measured"].time();
  for (const JsonIn& p : in["points"].items())
    c.points.push_back({readFrameSize(p["frame_size"]), p["max_pps"].number(), p["line_rate_bps"].number()});
  return c;
}

}  // namespace staccato::bench::json
