#include "client/core/benchmark/rfc2889_traffic_result.h"

#include <cmath>

#include "client/core/benchmark/rfc2889_result_file.h"
#include "common/core/si_units.h"

namespace staccato::bench {
namespace {

std::string percent(double share) { return formatSi(share * 100, "%"); }

}  // namespace

std::string Rfc2889TrafficResult::answer() const {
  std::string value;
  if (searched()) {
    const TrafficTrial* best = search.atThroughput();
    const char* per = pattern == TrafficPattern::kMeshed ? " of the line rate per port (" : " of the line rate per sending port (";
    value = best ? "throughput " + percent(search.throughput) + per +
                       formatSi(forwardingRate(*best), "fps") + " forwarded over " + std::to_string(best->pairs.size()) +
                       " pairs)"
                 : "throughput: none (frames were lost or misdelivered even at " +
                       percent(search.trials.empty() ? settings.minLoad : search.trials.back().load) + ")";
    if (pattern == TrafficPattern::kManyToOne && ports.size() > 2)
      value += "; the receiving port takes " + std::to_string(ports.size() - 1) + " times that";
  } else if (swept()) {
    value = forwardingOf(search, lineFps()).text();
  } else if (pattern == TrafficPattern::kErroredFrames) {
    if (const TrafficTrial* t = search.heaviest()) value = "at " + percent(t->load) + ": " + erroredOf(*t, size, errored).text();
  } else if (pattern == TrafficPattern::kCongestion) {
    if (const TrafficTrial* t = search.heaviest()) value = "at " + percent(t->load) + ": " + congestionOf(*t).text();
  } else if (const TrafficTrial* t = search.heaviest()) {
    value = "broadcast at " + percent(t->load) + ": " + formatSi(forwardingRate(*t), "fps") + " forwarded to " +
            std::to_string(t->pairs.size()) + " ports, " + std::to_string(t->lost()) + " lost";
  }
  return answerOf(value, error, search.complete, search.note);
}

std::string rfc2889TrafficJson(const Rfc2889TrafficResult& r) {
  JsonWriter w;
  beginRfc2889Result(w, r.generator, std::string(patternName(r.pattern)), r.startNs, r.endNs);
  w.beginArray("ports");
  for (const std::string& p : r.ports) w.add("", p);
  w.endArray();
  w.beginObject("settings");
  w.add("frame_size", r.size.label());
  w.add("trial_seconds", r.trialSeconds);
  w.add("line_rate_bps", r.lineRateBps);
  w.add("max_load", r.settings.maxLoad);
  w.add("min_load", r.settings.minLoad);
  w.add("resolution", r.settings.resolution);
  if (r.pattern == TrafficPattern::kErroredFrames) {
    w.add("undersize_bytes", uint64_t(r.errored.undersize));
    w.add("oversize_bytes", uint64_t(r.errored.oversize));
  }
  if (r.swept()) {
    w.add("sweep_min_load", r.forwarding.minLoad);
    w.add("sweep_step", r.forwarding.step);
    w.add("sweep_max_load", r.forwarding.maxLoad);
  }
  w.endObject();
  w.beginObject("result");
  w.add("complete", r.complete());
  if (r.searched()) w.add("throughput_load", r.search.throughput);
  if (const TrafficTrial* t = r.search.heaviest(); t && r.pattern == TrafficPattern::kCongestion) {
    const CongestionVerdict v = congestionOf(*t);
    w.add("judged", v.judged);
    w.add("head_of_line_blocking", v.headOfLineBlocking);
    w.add("congested", v.congested);
    w.add("back_pressure", v.backPressure);
    w.add("congested_loss_ratio", v.congestedLossRatio);
    w.add("expected_loss_ratio", v.expectedLossRatio);
  }
  if (r.swept()) {
    const ForwardingVerdict v = forwardingOf(r.search, r.lineFps());
    w.add("max_forwarding_fps", v.maxForwardingFps);
    w.add("max_forwarding_load", v.mfrLoad);
    w.add("line_fps", v.lineFps);
    w.add("pressure_judged", v.pressureJudged);
    w.add("forward_pressure", v.forwardPressure);
    w.add("overload_sent_fps", v.overloadSentFps);
    w.add("overload_forwarded_fps", v.overloadForwardedFps);
  }
  if (const TrafficTrial* t = r.search.heaviest(); t && r.pattern == TrafficPattern::kErroredFrames) {
    const ErroredVerdict v = erroredOf(*t, r.size, r.errored);
    w.add("judged", v.judged);
    w.add("passed", v.passed());
    w.add("valid_all_forwarded", v.validAllForwarded);
    w.add("undersize_filtered", v.undersizeFiltered);
    w.add("oversize_filtered", v.oversizeFiltered);
    w.beginArray("kinds");
    for (const FrameKindCount& k : v.kinds) {
      w.beginObject();
      w.add("kind", k.kind);
      w.add("size", k.size);
      w.add("sent", k.sent);
      w.add("forwarded", k.forwarded);
      w.add("not_tested", k.notTested);
      w.endObject();
    }
    w.endArray();
  }
  w.add("answer", r.answer());
  w.add("note", r.search.note);
  w.add("error", r.error);
  w.endObject();
  w.beginArray("trials");
  for (const TrafficTrial& t : r.search.trials) {
    w.beginObject();
    w.add("load", t.load);
    w.add("offered_fps_per_port", t.offeredFps);
    w.add("seconds", t.seconds);
    w.add("sent", t.sent());
    w.add("received", t.received());
    w.add("lost", t.lost());
    w.add("elsewhere", t.elsewhere());
    w.add("forwarded_fps", forwardingRate(t));
    w.add("judged", t.judged());
    w.add("passed", t.passed());
    w.add("tester_note", t.testerNote);
    w.beginArray("pairs");
    for (const PairCount& p : t.pairs) {
      w.beginObject();
      w.add("tx", p.tx);
      w.add("rx", p.rx);
      w.add("sent", p.sent);
      w.add("received", p.received);
      w.add("lost", p.lost());
      w.add("elsewhere", p.elsewhere);
      w.add("latency_avg_us", p.latencyAvgUs);
      w.add("sent_fps", p.sentFps);
      w.add("received_fps", p.receivedFps);
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.text() + "\n";
}

}  // namespace staccato::bench
