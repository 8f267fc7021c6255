#include "client/core/benchmark/report_junit.h"

#include <algorithm>
#include <vector>

#include "client/core/benchmark/junit_xml.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {

JunitCase throughputCase(const SizeResult& s) {
  JunitCase c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  for (const GoalResult& g : s.throughput->goals) {
    c.out += g.goal.name + ": " + goalText(g) + "\n";
    if (std::string f = goalFailure(g); !f.empty()) c.failure += (c.failure.empty() ? "" : "; ") + f;
    if (g.testerLimited) c.skipped += (c.skipped.empty() ? "" : "; ") + g.goal.name + " " + g.testerLimit;
  }
  return c;
}

JunitCase latencyCase(const SizeResult& s) {
  JunitCase c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  for (const LatencyPoint& p : s.latency->points) {
    const std::string at = percentText(p.fraction) + " of " + s.latency->basis;
    c.out += at + ": " + (p.trials ? "avg " + nsText(p.latency.avgNs) + ", max " + nsText(double(p.latency.maxNs)) : "not measured") +
             (p.failure.empty() ? "" : " (" + p.failure + ")") + "\n";
    if (p.failure.empty()) continue;
    (p.testerLimited ? c.skipped : c.failure) += (c.failure.empty() ? "" : "; ") + at + ": " + p.failure;
  }
  return c;
}

JunitCase lossCase(const SizeResult& s) {
  JunitCase c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
  bool measured = false;
  for (const LossStep& step : s.frameLoss->steps) {
    c.out += loadText(step.load) + ": " + (step.txFrames ? percentText(step.lossRatio) + " lost" : step.note) + "\n";
    measured |= !step.testerLimited;
  }
  if (!measured) c.skipped = "tester-limited at every load";
  return c;
}

JunitCase backToBackCase(const SizeResult& s) {
  const BackToBackResult& b = *s.backToBack;
  JunitCase c{s.frameSize.label() + " B", {}, {}, {}, {}, 0};
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

}  // namespace

std::string junitReport(const BenchmarkResult& r) {
  std::vector<JunitSuite> suites;
  const auto add = [&](std::string_view suite, JunitCase c) {  // suites in first-seen order
    auto it = std::find_if(suites.begin(), suites.end(), [&](const JunitSuite& s) { return s.name == suite; });
    if (it == suites.end()) it = suites.insert(suites.end(), {std::string(suite), {}});
    it->cases.push_back(std::move(c));
  };
  const auto addTimed = [&](std::string_view suite, JunitCase c, const FrameSize& size) {
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
  return junitXml("staccato benchmark", "benchmark", suites, double(r.endedNs - r.startedNs) / 1e9);
}

}  // namespace staccato::bench
