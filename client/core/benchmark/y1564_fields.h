#pragma once
/// The Y.1564 files' one description, as result_fields.h is the RFC 2544 result's: the config
/// file's members (y1564_json.h) and the result file's (y1564_result_json.h), each part's listed
/// once for the JSON writer, reader and schema (json_fields.h). A result's measured values are
/// Within ranges, so that a hostile file is refused at the member that is wrong.
#include <array>
#include <cstdint>

#include "client/core/benchmark/json_fields.h"
#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench {

// The config (a config file of its own, and a result's "config").

template <class V>
void fields(V& v, AcceptanceCriteria& a) {
  v("ftd_ms", a.maxFtdMs);
  v("fdv_ms", a.maxFdvMs);
  v("flr", a.maxFlr);
  v("avail", a.minAvail);
}

template <class V>
void fields(V& v, Y1564Service& s) {
  v("name", s.name);
  v("frame_size", s.frameSize);
  v("vlan", s.vlan);
  v("pcp", s.pcp);
  v("dscp", s.dscp);
  v("cir_mbps", s.cirMbps);
  v("eir_mbps", s.eirMbps);
  v("cbs_bytes", s.cbsBytes);
  v("ebs_bytes", s.ebsBytes);
  v("colour", s.colour);
  v("yellow_mark", s.yellowMark);
  v("sac", s.sac);
}

template <class V>
void fields(V& v, Y1564Config& c) {
  v("services", c.services);
  v("cir_steps", c.cirSteps);
  v("step_seconds", c.stepSeconds);
  v("performance_seconds", c.performanceSeconds);
  v("ses_loss_ratio", c.sesLossRatio);
  v("rate_tolerance", c.rateTolerance);
}

// The result's ranges: generous for any real run, and what the reports can draw.

inline constexpr uint64_t kMaxY1564Count = uint64_t{1} << 53;  ///< frames: a JSON number is exact up to here
inline constexpr double kMaxY1564Mbps = 1e7;                  ///< 10 Tbit/s
inline constexpr double kMaxY1564Seconds = 1e7;               ///< longer than the longest test (a week)
inline constexpr double kMaxY1564DelayMs = 1e7;
inline constexpr uint64_t kMaxY1564BurstBytes = uint64_t{1} << 40;

/// A second of the performance test is the row [sent, received] (a day is 86400 of them).
inline std::array<uint64_t*, 2> rowOf(SecondCounts& s) { return {&s.sent, &s.received}; }

template <class V>
void fields(V& v, Y1564Step& s) {
  v("service", Within<size_t>{s.service, 0, kMaxY1564Services - 1});
  v("kind", s.kind);
  v("label", s.label);
  v("rate_mbps", Within<double>{s.rateMbps, 0, kMaxY1564Mbps});
  v("seconds", Within<double>{s.seconds, 0, kMaxY1564Seconds});
  v("burst_bytes", Within<uint64_t>{s.burstBytes, 0, kMaxY1564BurstBytes});
  v("note", s.note);
}

template <class V>
void fields(V& v, Y1564Measurement& m) {
  v("sent", Within<uint64_t>{m.sent, 0, kMaxY1564Count});
  v("received", Within<uint64_t>{m.received, 0, kMaxY1564Count});
  v("seconds", Within<double>{m.seconds, 0, kMaxY1564Seconds});
  v("delay_measured", m.delayMeasured);
  v("ftd_ms", Within<double>{m.ftdMs, 0, kMaxY1564DelayMs});
  v("fdv_ms", Within<double>{m.fdvMs, 0, kMaxY1564DelayMs});
  v("tester_note", m.testerNote);
}

template <class V>
void fields(V& v, Y1564Verdict& d) {
  v.derived("outcome", std::string(verdictWord(d)));  // PASS, FAIL or INCOMPLETE
  v("pass", d.pass);
  v("incomplete", d.incomplete);
  v("ir_mbps", Within<double>{d.irMbps, 0, kMaxY1564Mbps});
  v("flr", Within<double>{d.flr, 0, 1});
  v("failures", d.failures);
}

template <class V>
void fields(V& v, Y1564StepResult& s) {
  v("step", s.step);
  v("measured", s.measured);
  v("verdict", s.verdict);
}

template <class V>
void fields(V& v, Availability& a) {
  v("seconds", a.seconds);
  v("severely_errored", a.severelyErrored);
  v("unavailable", a.unavailable);
  v.derived("avail", a.ratio());
}

template <class V>
void fields(V& v, Y1564ServicePerformance& p) {
  v("measured", p.measured);
  v("availability", p.availability);
  v("verdict", p.verdict);
  v("per_second", p.perSecond);  // last: the long part
}

template <class V>
void fields(V& v, Y1564Result& r) {
  v("generator", r.generator);
  v.derived("verdict", std::string(r.verdictWord()));
  v("started", IsoTime{r.startedNs});
  v("ended", IsoTime{r.endedNs});
  v("ports", r.ports);
  v("line_rate_bps", Within<double>{r.lineRateBps, 0, kMaxY1564Mbps * 1e6});
  v("error", r.error);
  v("config", r.config);
  v("configuration", r.configuration);
  v("performance", r.performance);
}

}  // namespace staccato::bench
