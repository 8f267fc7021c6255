#include "client/core/flows/flow_search_report.h"

#include "client/core/benchmark/junit_xml.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"
#include "client/core/flows/flow_verdict.h"
#include "common/core/csv_text.h"
#include "common/core/decimal_text.h"
#include "common/core/iso_time.h"
#include "common/files/stream_file.h"

namespace staccato::client {
namespace {

std::string ms(const v1::LatencyStats& l) { return l.samples() ? bench::fixed(double(l.p99_ns()) / 1e6, 3) : ""; }

std::string count(uint64_t n) { return std::to_string(n); }

double seconds(int64_t fromNs, int64_t toNs) { return toNs > fromNs ? double(toNs - fromNs) / 1e9 : 0; }

/// The figures behind a trial's verdict in one line (JUnit's system-out).
std::string figuresLine(const FlowSearchRun& run, const FlowSearchTrial& t) {
  const FlowTrialFigures f = flowTrialFigures(run, t);
  if (!f.measured) return "not run: " + t.outcome.why;
  std::string line = "steady phase: " + count(f.steady.attempted) + " attempted, " + count(f.steady.established) +
                     " established, " + count(f.steady.failures()) + " failed";
  if (const std::string kinds = flowFailureKinds(f.steady); !kinds.empty()) line += " (" + kinds + ")";
  if (f.steady.tester) line += ", " + count(f.steady.tester) + " not opened for the tester's own limits";
  line += "; " + bench::fixed(f.connectionsPerSecond, 1) + " connections/s established";
  for (const auto& [name, l] : {std::pair{"connect", &f.connect}, std::pair{"first byte", &f.firstByte},
                                std::pair{"last byte", &f.lastByte}})
    if (l->samples()) line += "; " + std::string(name) + " p99 " + ms(*l) + " ms";
  return line;
}

}  // namespace

FlowTrialFigures flowTrialFigures(const FlowSearchRun& run, const FlowSearchTrial& t) {
  FlowTrialFigures f;
  if (!t.outcome.client) return f;
  const v1::PortFlows& c = *t.outcome.client;
  f.measured = true;
  f.steady = flowTotals(c, "steady");
  f.connectionsPerSecond = perSecond(f.steady.established, run.profile.load().steady_seconds());
  f.connect = mergedFlowLatency(c, FlowLatency::kConnect, "steady");
  f.firstByte = mergedFlowLatency(c, FlowLatency::kFirstByte, "steady");
  f.lastByte = mergedFlowLatency(c, FlowLatency::kLastByte, "steady");
  return f;
}

std::string flowSearchUnit(const FlowSearchRun& run) { return run.byRate ? "connections/s" : "concurrent"; }

std::string flowTrialVerdict(const FlowTrialOutcome& o) {
  return o.stopped ? "stopped" : o.testerLimited ? "tester-limited" : o.passed ? "passed" : "failed";
}

std::string flowSearchFound(const FlowSearchRun& run) {
  const FlowSearchResult& r = run.result;
  return std::string(run.byRate ? "connections per second: " : "concurrent connections: ") +
         (r.found > 0 ? (r.atLeast ? "at least " : "") + decimalText(r.found) : std::string("none passed")) +
         (r.complete ? "" : " (incomplete)");
}

std::string flowSearchAnswer(const FlowSearchRun& run) { return flowSearchFound(run) + " - " + run.result.why; }

std::string flowSearchCriteriaText(const FlowCriteria& c) {
  return "at most " + bench::percentText(c.maxFailureRatio) + " of the steady phase's connections failed" +
         (c.maxP99Ns ? ", last-byte p99 at most " + bench::nsText(double(c.maxP99Ns)) : std::string(", latency not judged"));
}

std::string flowSearchTesterNote(const FlowSearchRun& run) {
  const std::vector<FlowSearchTrial>& trials = run.result.trials;
  for (size_t i = 0; i < trials.size(); ++i) {
    const FlowSearchTrial& t = trials[i];
    if (!t.outcome.testerLimited) continue;
    if (t.outcome.stopped)
      return "Trial " + std::to_string(i + 1) + " at " + decimalText(t.load) + " " + flowSearchUnit(run) +
             " was stopped on request (" + t.outcome.why + "): not judged, and the search ended there, incomplete. " +
             (run.result.found > 0 ? "The result, " + decimalText(run.result.found) + ", is what passed below it, not the device's limit."
                                   : std::string("No load passed before it: the device's limit is not known."));
    return "The tester limited trial " + std::to_string(i + 1) + " at " + decimalText(t.load) + " " + flowSearchUnit(run) +
           " (" + t.outcome.why + "): its numbers do not judge the device, and the search ended there, incomplete. " +
           (run.result.found > 0 ? "The result, " + decimalText(run.result.found) + ", is what passed below it, not the device's limit."
                                 : std::string("No load passed before it: the device's limit is not known."));
  }
  return "";
}

std::string flowSearchPacingNote(const v1::FlowProfile& profile, bool byRate) {
  if (byRate || profile.load().open_rate() > 0) return "";
  // Seen with nftables' ct count: the refused SYNs of a storm are counted for a few ms each, so
  // the device held 200 of its 300 while the client replaced refusals 30,000 times a second.
  return "The profile sets no load.open_rate: a refused connection is replaced at once, thousands of times a second "
         "at a full device, and a device that counts refused attempts against its limit (nftables' ct count does, "
         "briefly) then holds fewer. RFC 9411's capacity test opens at a defined rate: set load.open_rate.";
}

std::string flowSearchJunit(const FlowSearchRun& run) {
  bench::JunitSuite trials{"trials", {}};
  const std::vector<FlowSearchTrial>& all = run.result.trials;
  for (size_t i = 0; i < all.size(); ++i) {
    const FlowSearchTrial& t = all[i];
    bench::JunitCase c{"trial " + std::to_string(i + 1) + " at " + decimalText(t.load) + " " + flowSearchUnit(run), {}, {}, {}, {},
                       seconds(t.outcome.startNs, t.outcome.endNs)};
    // The tester's limit is <skipped>, as the other benchmarks' tester-limited results are: never
    // the device's failure, nor its pass.
    if (t.outcome.testerLimited) c.skipped = flowTrialVerdict(t.outcome) + ": " + t.outcome.why;
    else if (!t.outcome.passed) c.failure = t.outcome.why;
    c.out = flowTrialVerdict(t.outcome) + ": " + t.outcome.why + "\n" + figuresLine(run, t) + "\n";
    trials.cases.push_back(std::move(c));
  }
  bench::JunitCase result{run.byRate ? "connections per second" : "concurrent connections", {}, {}, {}, {}, 0};
  result.out = flowSearchAnswer(run) + "\n";
  if (const std::string note = flowSearchTesterNote(run); !note.empty()) result.out += note + "\n";
  if (!run.result.complete) result.skipped = "incomplete: " + run.result.why;
  else if (run.result.found <= 0) result.failure = run.result.why;
  return bench::junitXml("staccato rfc9411", "rfc9411", {trials, {"result", {result}}}, seconds(run.startNs, run.endNs));
}

std::string flowSearchCsv(const FlowSearchRun& run) {
  std::string out = csvRow({"number", "load", "unit", "verdict", "tester_limited", "attempted", "established", "completed",
                            "failed", "refused", "reset", "timed_out", "invalid", "tester", "connections_per_second",
                            "connect_p99_ms", "first_byte_p99_ms", "last_byte_p99_ms", "why", "start", "end"});
  const std::vector<FlowSearchTrial>& all = run.result.trials;
  for (size_t i = 0; i < all.size(); ++i) {
    const FlowSearchTrial& t = all[i];
    const FlowTrialFigures f = flowTrialFigures(run, t);
    const FlowTotals& s = f.steady;
    auto n = [&](uint64_t v) { return f.measured ? count(v) : std::string(); };
    out += csvRow({std::to_string(i + 1), decimalText(t.load), flowSearchUnit(run), flowTrialVerdict(t.outcome),
                   t.outcome.testerLimited ? "1" : "0", n(s.attempted), n(s.established), n(s.completed), n(s.failures()),
                   n(s.refused), n(s.reset), n(s.timedOut), n(s.invalid), n(s.tester),
                   f.measured ? bench::fixed(f.connectionsPerSecond, 3) : "", ms(f.connect), ms(f.firstByte), ms(f.lastByte),
                   t.outcome.why, t.outcome.startNs ? isoTime(t.outcome.startNs) : "", t.outcome.endNs ? isoTime(t.outcome.endNs) : ""});
  }
  return out;
}

Status writeFlowSearchHtml(const std::string& path, const FlowSearchRun& run) {
  return writeFileAtomically(path, flowSearchHtml(run));
}

Status writeFlowSearchJunit(const std::string& path, const FlowSearchRun& run) {
  return writeFileAtomically(path, flowSearchJunit(run));
}

Status writeFlowSearchCsv(const std::string& path, const FlowSearchRun& run) {
  return writeFileAtomically(path, flowSearchCsv(run));
}

}  // namespace staccato::client
