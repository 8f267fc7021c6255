#pragma once
/// The benchmark result file's one description: each part's members listed once, in the file's
/// order, by a fields(v, part) function. The JSON writer, the reader and the schema
/// (`staccato-cli benchmark schema`, which the Python package is checked against) all walk these
/// lists (json_fields.h), so that none of them can drift from another. v(name, member) is a
/// member written and read back; v.derived(name, value) one written for readers only (a
/// percentile, a loss ratio), never read back.
#include <cstdint>
#include <vector>

#include "client/core/benchmark/benchmark_result.h"

namespace staccato::bench {

/// A realtime (ns since the Unix epoch) that the file holds as ISO 8601 text.
struct IsoTime {
  int64_t& ns;
};

/// A member the file leaves out while it is empty (a trial's latency when none was asked for).
template <class T>
struct OmitEmpty {
  T& value;
};

/// A part the file holds as a bare array of its items.
inline std::vector<LossStep>& itemsOf(FrameLossResult& f) { return f.steps; }

// The config (also a config file of its own).

template <class V>
void fields(V& v, LossGoal& g) {
  v("name", g.name);
  v("loss_ratio", g.lossRatio);
  v("required_load", g.requiredLoad);
}

template <class V>
void fields(V& v, SearchSettings& s) {
  v("method", s.method);
  v("goals", s.goals);
  v("trial_seconds", s.trialSeconds);
  v("initial_trial_seconds", s.initialTrialSeconds);
  v("preceding_targets", s.precedingTargets);
  v("duration_sum", s.durationSum);
  v("exceed_ratio", s.exceedRatio);
  v("absolute_precision", s.absolutePrecision);
  v("relative_precision", s.relativePrecision);
  v("min_load", s.minLoad);
  v("max_load", s.maxLoad);
}

template <class V>
void fields(V& v, PassCriteria& c) {
  v("max_latency_ns", c.maxLatencyNs);
  v("percentile", c.percentile);
  v("percentile_latency_ns", c.percentileLatencyNs);
  v("max_jitter_ns", c.maxJitterNs);
  v("max_reordered", c.maxReordered);
  v("max_duplicated", c.maxDuplicated);
}

template <class V>
void fields(V& v, LatencySettings& l) {
  v("load_fractions", l.loadFractions);
  v("trials", l.trials);
  v("trial_seconds", l.trialSeconds);
  v("goal", l.goal);
  v("fixed_load", l.fixedLoad);
}

template <class V>
void fields(V& v, FrameLossSettings& f) {
  v("start_load", f.startLoad);
  v("step", f.step);
  v("trial_seconds", f.trialSeconds);
  v("zero_loss_to_stop", f.zeroLossToStop);
}

template <class V>
void fields(V& v, BackToBackSettings& b) {
  v("trials", b.trials);
  v("trial_seconds", b.trialSeconds);
  v("max_burst_seconds", b.maxBurstSeconds);
  v("relative_precision", b.relativePrecision);
}

template <class V>
void fields(V& v, TrialSettings& t) {
  v("ramp_seconds", t.rampSeconds);
  v("learning", t.learning);
  v("receiver_retries", t.receiverRetries);
  v("tester_tolerance", t.testerTolerance);
  v("bound_catch_up", t.boundCatchUp);
}

template <class V>
void fields(V& v, PortPair& p) {
  v("tx", p.tx);
  v("rx", p.rx);
  v("reflector", OmitEmpty<std::string>{p.reflector});
}

template <class V>
void fields(V& v, BenchmarkConfig& c) {
  v("preset", c.preset);
  v("tests", c.tests);
  v("frame_sizes", c.frameSizes);
  v("line_rate_bps", c.lineRateBps);
  v("direction", c.direction);
  v("port_pairs", c.portPairs);
  v("ip_version", c.ipVersion);
  v("search", c.search);
  v("criteria", c.criteria);
  v("latency", c.latency);
  v("loss", c.frameLoss);
  v("b2b", c.backToBack);
  v("trial", c.trial);
}

// Trials and the calibration.

template <class V>
void fields(V& v, LatencyHistogram& h) {
  v("samples", h.samples);
  v("min_ns", h.minNs);
  v("avg_ns", h.avgNs);
  v("max_ns", h.maxNs);
  v("jitter_ns", h.jitterNs);
  v.derived("p50_ns", h.percentile(0.5));  // the buckets are the data; these for readers
  v.derived("p90_ns", h.percentile(0.9));
  v.derived("p99_ns", h.percentile(0.99));
  v.derived("p999_ns", h.percentile(0.999));
  v("sub_bucket_bits", h.subBucketBits);
  v("bucket_index", h.index);
  v("bucket_count", h.count);
}

template <class V>
void fields(V& v, TrialRequest& q) {
  v("kind", q.kind);
  v("frame_size", q.frameSize);
  v("load", q.load);
  v("pps", q.pps);
  v("duration_seconds", q.durationSeconds);
  v("burst_frames", q.burstFrames);
  v("ramp_seconds", q.rampSeconds);
  v("learning", q.learning);
  v("latency", q.latency);
}

template <class V>
void fields(V& v, TrialResult& t) {
  v("number", t.number);
  v("test", t.test);
  v("phase", t.phase);
  v("request", t.request);
  v("start", IsoTime{t.startNs});
  v("end", IsoTime{t.endNs});
  v("duration_seconds", t.durationSeconds);
  v.derived("intended_pps", t.request.pps);  // per flow
  v("offered_pps", t.offeredPps);
  v("received_pps", t.receivedPps);
  v("tx_frames", t.txFrames);
  v("rx_frames", t.rxFrames);
  v.derived("lost_frames", t.lostFrames());
  v.derived("loss_ratio", t.lossRatio());
  v("reordered", t.reordered);
  v("duplicated", t.duplicated);
  v("latency", OmitEmpty<LatencyHistogram>{t.latency});
  v("receiver_missed", t.receiverMissed);
  v("sender_late_ns", t.senderLateNs);
  v("sender_skipped_ns", t.senderSkippedNs);
  v("sender_stalled", t.senderStalled);
  v("sender_blocked_ns", t.senderBlockedNs);
  v("device_pushed_back", t.devicePushedBack);
  v("tester_limited", t.testerLimited);
  v("tester_limit_reason", t.testerLimitReason);
  v("counted", t.counted);
  v("note", t.note);
}

template <class V>
void fields(V& v, CalibrationPoint& p) {
  v("frame_size", p.frameSize);
  v("max_pps", p.maxPps);
  v("line_rate_bps", p.lineRateBps);
  v.derived("kpps", p.kpps());
  v.derived("l1_mbps", p.l1Mbps());  // preamble and gap included
}

template <class V>
void fields(V& v, Calibration& c) {
  v("setup", c.setup);
  v("measured", IsoTime{c.measuredNs});
  v("points", c.points);
}

// Each frame size's results, and the whole file.

template <class V>
void fields(V& v, GoalResult& g) {
  fields(v, g.goal);
  v("lower_load", g.lowerLoad);
  v("upper_load", g.upperLoad);
  v("tester_limited", g.testerLimited);
  v("tester_limit", g.testerLimit);
  v("device_limit", g.deviceLimit);
  v("irregular", g.irregular);
}

template <class V>
void fields(V& v, SearchOutcome& t) {
  v("trials", t.trials);
  v("full_length_trials", t.fullLengthTrials);
  v("trial_seconds", t.trialSeconds);
  v("goals", t.goals);
}

template <class V>
void fields(V& v, LatencyPoint& p) {
  v("fraction", p.fraction);
  v("load", p.load);
  v("trials", p.trials);
  v("latency", p.latency);
  v("reordered", p.reordered);
  v("duplicated", p.duplicated);
  v("tester_limited", p.testerLimited);
  v("failure", p.failure);
}

template <class V>
void fields(V& v, LatencyResult& l) {
  v("base_load", l.baseLoad);
  v("basis", l.basis);
  v("points", l.points);
}

template <class V>
void fields(V& v, LossStep& s) {
  v("load", s.load);
  v("offered_load", s.offeredLoad);
  v("loss_ratio", s.lossRatio);
  v("tx_frames", s.txFrames);
  v("rx_frames", s.rxFrames);
  v("tester_limited", s.testerLimited);
  v("note", s.note);
}

template <class V>
void fields(V& v, BackToBackResult& b) {
  v("burst_load", b.burstLoad);
  v("burst_pps", b.burstPps);
  v("bursts", b.bursts);
  v("average_frames", b.averageFrames);
  v("throughput_pps", b.throughputPps);
  v("implied_buffer_seconds", b.impliedBufferSeconds);
  v("corrected_buffer_seconds", b.correctedBufferSeconds);
  v.derived("corrected_buffer_frames", b.correctedBufferFrames());
  v("tester_limited", b.testerLimited);
  v("note", b.note);
}

template <class V>
void fields(V& v, SizeResult& s) {
  v("frame_size", s.frameSize);
  v("throughput", s.throughput);
  v("latency", s.latency);
  v("loss", s.frameLoss);
  v("b2b", s.backToBack);
  v("note", s.note);
}

template <class V>
void fields(V& v, BenchmarkResult& r) {
  v("generator", r.generator);
  v("started", IsoTime{r.startedNs});
  v("ended", IsoTime{r.endedNs});
  v("stopped", r.stopped);
  v("error", r.error);
  v("config", r.config);
  v("calibration", r.calibration);
  v("sizes", r.sizes);
  v("trials", r.trials);
}

}  // namespace staccato::bench
