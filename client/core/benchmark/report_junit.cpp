#include "client/core/benchmark/report_junit.h"

#include <algorithm>
#include <vector>

#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"
#include "common/core/xml_text.h"

namespace staccato::bench {
namespace {

struct Case {
  std::string name, failure, skipped, error, out;
  double seconds = 0;
};

Case throughputCase(const SizeResult& s) {
  Case c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  for (const GoalResult& g : s.throughput->goals) {
    c.out += g.goal.name + ": " + goalText(g) + "\n";
    if (std::string f = goalFailure(g); !f.empty()) c.failure += (c.failure.empty() ? "" : "; ") + f;
    if (g.testerLimited) c.skipped += (c.skipped.empty() ? "" : "; ") + g.goal.name + " " + g.testerLimit;
  }
  return c;
}

Case latencyCase(const SizeResult& s) {
  Case c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  for (const LatencyPoint& p : s.latency->points) {
    const std::string at = percentText(p.fraction) + " of " + s.latency->basis;
    c.out += at + ": " + (p.trials ? "avg " + nsText(p.latency.avgNs) + ", max " + nsText(double(p.latency.maxNs)) : "not measured") +
             (p.failure.empty() ? "" : " (" + p.failure + ")") + "\n";
    if (p.failure.empty()) continue;
    (p.testerLimited ? c.skipped : c.failure) += (c.failure.empty() ? "" : "; ") + at + ": " + p.failure;
  }
  return c;
}

Case lossCase(const SizeResult& s) {
  Case c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  bool measured = false;
  for (const LossStep& step : s.frameLoss->steps) {
    c.out += loadText(step.load) + ": " + (step.txFrames ? percentText(step.lossRatio) + " lost" : step.note) + "\n";
    measured |= !step.testerLimited;
  }
  if (!measured) c.skipped = "tester-limited at every load";
  return c;
}

Case backToBackCase(const SizeResult& s) {
  const BackToBackResult& b = *s.backToBack;
  Case c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  if (!b.bursts.empty())
    c.out = "average longest burst " + fixed(b.averageFrames, 1) + " frames; corrected buffer " +
            fixed(b.correctedBufferSeconds * 1e6, 1) + " us\n";
  if (b.testerLimited || b.bursts.empty()) c.skipped = b.note;
  return c;
}

/// The sending time of a test's trials at a frame size, repeats included: each case's time.
double trialSeconds(const BenchmarkResult& r, std::string_view test, const FrameSize& size) {
  double seconds = 0;
  for (const TrialResult& t : r.trials)
    if (t.test == test && t.request.frameSize == size) seconds += t.durationSeconds;
  return seconds;
}

std::string xmlCase(const std::string& suite, const Case& c) {
  std::string x = "    <testcase classname=\"benchmark." + xmlEscape(suite) + "\" name=\"" + xmlEscape(c.name) + "\" time=\"" +
                  fixed(c.seconds, 3) + "\">\n";
  if (!c.error.empty()) x += "      <error message=\"" + xmlEscape(c.error) + "\"/>\n";
  else if (!c.failure.empty()) x += "      <failure message=\"" + xmlEscape(c.failure) + "\"/>\n";
  else if (!c.skipped.empty()) x += "      <skipped message=\"" + xmlEscape(c.skipped) + "\"/>\n";
  if (!c.out.empty()) x += "      <system-out>" + xmlEscape(c.out) + "</system-out>\n";
  return x + "    </testcase>\n";
}

}  // namespace

std::string junitReport(const BenchmarkResult& r) {
  std::vector<std::pair<std::string, std::vector<Case>>> suites;
  const auto add = [&](std::string_view suite, Case c) {  // suites in first-seen order
    auto it = std::find_if(suites.begin(), suites.end(), [&](const auto& s) { return s.first == suite; });
    if (it == suites.end()) it = suites.insert(suites.end(), {std::string(suite), {}});
    it->second.push_back(std::move(c));
  };
  const auto addTimed = [&](std::string_view suite, Case c, const FrameSize& size) {
    c.seconds = trialSeconds(r, suite, size);
    add(suite, std::move(c));
  };
  for (const SizeResult& s : r.sizes) {
    if (s.throughput) addTimed("throughput", throughputCase(s), s.frameSize);
    if (s.latency) addTimed("latency", latencyCase(s), s.frameSize);
    if (s.frameLoss) addTimed("loss", lossCase(s), s.frameSize);
    if (s.backToBack) addTimed("b2b", backToBackCase(s), s.frameSize);
  }
  if (!r.error.empty()) add("run", {"benchmark", {}, {}, r.error, {}, 0});
  if (r.stopped) add("run", {"benchmark", {}, "stopped on request before the end", {}, {}, 0});
  size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  std::string body;
  for (const auto& [suite, cases] : suites) {
    size_t f = 0, e = 0, sk = 0;
    double seconds = 0;
    for (const Case& c : cases) {
      e += !c.error.empty();
      f += c.error.empty() && !c.failure.empty();
      sk += c.error.empty() && c.failure.empty() && !c.skipped.empty();
      seconds += c.seconds;
    }
    body += "  <testsuite name=\"" + xmlEscape(suite) + "\" tests=\"" + std::to_string(cases.size()) + "\" failures=\"" +
            std::to_string(f) + "\" errors=\"" + std::to_string(e) + "\" skipped=\"" + std::to_string(sk) + "\" time=\"" +
            fixed(seconds, 3) + "\">\n";
    for (const Case& c : cases) body += xmlCase(suite, c);
    body += "  </testsuite>\n";
    tests += cases.size(), failures += f, errors += e, skipped += sk;
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"staccato benchmark\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" + std::to_string(errors) +
         "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" + fixed(double(r.endedNs - r.startedNs) / 1e9, 3) + "\">\n" +
         body + "</testsuites>\n";
}

}  // namespace staccato::bench
