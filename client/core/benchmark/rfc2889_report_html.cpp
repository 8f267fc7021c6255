#include "client/core/benchmark/rfc2889_report_html.h"

#include "client/core/benchmark/html_page.h"
#include "client/core/benchmark/html_table.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/rfc2889_result_file.h"
#include "client/core/benchmark/svg_chart.h"
#include "common/core/iso_time.h"
#include "common/files/stream_file.h"

namespace staccato::bench {
namespace {

std::string kfps(double fps) { return fixed(fps / 1e3, 2) + " kfps"; }
std::string count(uint64_t n) { return std::to_string(n); }

/// The verdict paragraph: the answer, coloured by whether it stands.
std::string answerParagraph(const std::string& answer, bool complete, const std::string& error) {
  return htmlParagraph(answer, complete ? "status verdict ok" : "status verdict warn") +
         (error.empty() ? "" : htmlParagraph("The run ended early: " + error, "status error"));
}

std::string footer(const std::string& generator) {
  return generator + ", result format " + std::string(kRfc2889ResultFormat) + " " + std::to_string(kRfc2889ResultFormatVersion);
}

std::string trialWord(bool judged, bool passed) { return !judged ? "not judged" : passed ? "passed" : "failed"; }

/// How the trials were chosen.
std::string trialsChosen(const Rfc2889TrafficResult& r) {
  if (r.searched())
    return "from " + loadText(r.settings.maxLoad) + " down to " + loadText(r.settings.minLoad) + ", resolution " +
           loadText(r.settings.resolution);
  if (r.swept())
    return "from " + loadText(r.forwarding.minLoad) + " to " + loadText(r.forwarding.maxLoad) + " in steps of " +
           loadText(r.forwarding.step) + ", then " + loadText(overloadFor(r.size.averageBytes())) +
           " (an 88-bit interframe gap)";
  return "one trial at " + loadText(r.settings.maxLoad);
}

std::string patternTitle(TrafficPattern p) {
  switch (p) {
    case TrafficPattern::kMeshed: return "Fully meshed (RFC 2889 5.1)";
    case TrafficPattern::kOneToMany: return "Partially meshed, one to many (RFC 2889 5.2)";
    case TrafficPattern::kManyToOne: return "Partially meshed, many to one (RFC 2889 5.2)";
    case TrafficPattern::kCongestion: return "Congestion control (RFC 2889 5.5)";
    case TrafficPattern::kErroredFrames: return "Errored frames filtering (RFC 2889 5.9)";
    case TrafficPattern::kForwardPressure: return "Forward pressure and maximum forwarding rate (RFC 2889 5.6)";
    case TrafficPattern::kBroadcast: return "Broadcast forwarding (RFC 2889 5.10)";
  }
  return "";
}

/// Trials as two series (passed, failed) of `y` over `x`; a trial not judged is a hollow point.
template <typename Trial, typename X, typename Y, typename Tip>
std::vector<ChartSeries> passFailSeries(const std::vector<Trial>& trials, X x, Y y, Tip tip) {
  std::vector<ChartSeries> series{{"passed", {}}, {"failed or not judged", {}}};
  for (const Trial& t : trials) series[t.passed() ? 0 : 1].points.push_back({x(t), y(t), tip(t), !t.judged()});
  return series;
}

/// Errored frames filtering: what each kind of frame did, in place of the pairs.
std::string erroredSection(const ErroredVerdict& v) {
  std::vector<std::vector<std::string>> rows;
  for (const FrameKindCount& k : v.kinds) {
    const bool valid = k.kind == "valid";
    const std::string outcome = !k.notTested.empty() ? "not tested: " + k.notTested
                                : !v.judged          ? "not judged"
                                : valid              ? (k.forwarded == k.sent ? "all forwarded" : "valid frames lost")
                                                     : (k.forwarded == 0 ? "filtered" : "forwarded");
    rows.push_back({k.kind, k.size, k.notTested.empty() ? count(k.sent) : "", k.notTested.empty() ? count(k.forwarded) : "", outcome});
  }
  return htmlSection("kinds", "Frames by kind", htmlTable({"Kind", "Size", "Sent", "Forwarded", "Outcome"}, rows));
}

}  // namespace

std::string rfc2889HtmlReport(const Rfc2889AddressResult& r) {
  const bool caching = r.cachingSettings.has_value();
  const AddressSearch& s = r.search();
  const std::string test = caching ? "Address caching capacity (RFC 2889 5.7)" : "Address learning rate (RFC 2889 5.8)";
  std::vector<std::vector<std::string>> settings = {
      {"Test", test},
      {"Started", isoTime(int64_t(r.startNs))},
      {"Duration", fixed(double(r.endNs - r.startNs) / 1e9, 0) + " s"},
      {"Ports", "learning " + r.learningPort + ", test " + r.testPort + ", monitor " + r.monitorPort},
      {"Aging time waited", fixed(r.agingSeconds, 1) + " s before each trial"},
      {"Test frames", kfps(r.testPps)},
      {"Generator", r.generator},
  };
  if (caching) settings.push_back({"Learning rate", kfps(r.cachingSettings->learningPps)});
  if (r.learningSettings) settings.push_back({"Addresses per trial", count(r.learningSettings->addresses)});
  std::vector<std::vector<std::string>> rows;
  for (const AddressTrial& t : s.trials)
    rows.push_back({count(t.addresses), kfps(t.askedPps), kfps(t.learningPps), count(t.testSent), count(t.forwarded),
                    count(t.flooded), trialWord(t.judged(), t.passed()), t.testerNote});
  Chart chart{caching ? "caching" : "learning", caching ? "Flooded test frames by addresses learned" : "Flooded test frames by learning rate",
              caching ? "addresses" : "learning rate as sent (kfps)", "test frames flooded", {}, {}, false};
  chart.series = passFailSeries(
      s.trials, [&](const AddressTrial& t) { return caching ? double(t.addresses) : t.learningPps / 1e3; },
      [](const AddressTrial& t) { return double(t.flooded); },
      [](const AddressTrial& t) {
        return count(t.addresses) + " addresses at " + kfps(t.learningPps) + ": " + count(t.flooded) + " flooded";
      });
  const std::string body =
      htmlSection("summary", "Summary",
                  answerParagraph((caching ? "Address caching capacity: " : "Address learning rate: ") + r.answer(), r.complete(), r.error) +
                      (caching ? htmlParagraph("Besides the test port's own address, which the device learned first.") : "") +
                      htmlTable({"Setting", "Value"}, settings, "kv")) +
      htmlSection("trials", "Trials",
                  svgChart(chart) + htmlTable({"Addresses", "Rate asked", "Rate as sent", "Test frames", "Forwarded",
                                               "Flooded", "Verdict", "Note"},
                                              rows));
  return htmlPage("RFC 2889 report: " + test, "RFC 2889 switch test report", body, footer(r.generator));
}

std::string rfc2889HtmlReport(const Rfc2889TrafficResult& r) {
  const std::string test = patternTitle(r.pattern);
  std::string ports;
  for (const std::string& p : r.ports) ports += (ports.empty() ? "" : ", ") + p;
  const std::vector<std::vector<std::string>> settings = {
      {"Test", test},
      {"Started", isoTime(int64_t(r.startNs))},
      {"Duration", fixed(double(r.endNs - r.startNs) / 1e9, 0) + " s"},
      {"Ports", ports},
      {"Line rate", fixed(r.lineRateBps / 1e6, 0) + " Mbit/s per port"},
      {"Frames", r.size.label() + (r.size.isMix() ? "" : " B") + ", trials of " + fixed(r.trialSeconds, 1) + " s"},
      {"Trials", trialsChosen(r)},
      {"Generator", r.generator},
  };
  std::vector<std::vector<std::string>> rows;
  for (const TrafficTrial& t : r.search.trials)
    rows.push_back({loadText(t.load), kfps(t.offeredFps), count(t.sent()), count(t.received()), count(t.lost()),
                    count(t.elsewhere()), kfps(forwardingRate(t)),
                    r.swept() && t.judged() ? (t.lost() ? "some lost" : "all forwarded") : trialWord(t.judged(), t.passed()),
                    t.testerNote});
  Chart chart{"forwarding", "Forwarded frames by load", "load per sending port (%)", "forwarded (kfps, every pair)", {}, {}, false};
  chart.series = passFailSeries(
      r.search.trials, [](const TrafficTrial& t) { return 100 * t.load; },
      [](const TrafficTrial& t) { return forwardingRate(t) / 1e3; },
      [](const TrafficTrial& t) { return loadText(t.load) + ": " + kfps(forwardingRate(t)) + " forwarded, " + count(t.lost()) + " lost"; });
  // One trial (broadcast, congestion control) draws no chart: its table says it all.
  const std::string chartSvg = r.searched() || r.swept() ? svgChart(chart) : "";
  std::string pairsBody;
  const TrafficTrial* shown = r.searched() ? r.search.atThroughput() : r.search.heaviest();
  if (shown) {
    std::vector<std::vector<std::string>> pairs;
    for (const PairCount& p : shown->pairs)
      pairs.push_back({p.tx + " -> " + p.rx, count(p.sent), count(p.received), count(p.lost()), count(p.elsewhere),
                       p.latencyAvgUs > 0 ? fixed(p.latencyAvgUs, 1) + " us" : "", p.heldBack ? "yes" : ""});
    pairsBody = htmlSection("pairs", "Pairs at " + loadText(shown->load),
                            htmlTable({"Pair", "Sent", "Received", "Lost", "Elsewhere", "Latency (avg)", "Held back"}, pairs));
    if (r.pattern == TrafficPattern::kErroredFrames) pairsBody = erroredSection(erroredOf(*shown, r.size, r.errored));
  }
  const std::string answer = (r.pattern == TrafficPattern::kCongestion ? "Congestion control " : "") + r.answer();
  const std::string body =
      htmlSection("summary", "Summary",
                  answerParagraph(answer, r.complete(), r.error) + htmlTable({"Setting", "Value"}, settings, "kv")) +
      pairsBody +
      htmlSection("trials", "Trials",
                  chartSvg + htmlTable({"Load", "Offered a port", "Sent", "Received", "Lost", "Elsewhere", "Forwarded",
                                               "Verdict", "Note"},
                                              rows));
  return htmlPage("RFC 2889 report: " + test, "RFC 2889 switch test report", body, footer(r.generator));
}

Status writeRfc2889HtmlReport(const std::string& path, const Rfc2889AddressResult& r) {
  return writeFileAtomically(path, rfc2889HtmlReport(r));
}

Status writeRfc2889HtmlReport(const std::string& path, const Rfc2889TrafficResult& r) {
  return writeFileAtomically(path, rfc2889HtmlReport(r));
}

}  // namespace staccato::bench
