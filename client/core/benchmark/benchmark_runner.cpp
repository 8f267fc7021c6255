#include "client/core/benchmark/benchmark_runner.h"

#include <algorithm>

#include "client/core/benchmark/binary_search.h"
#include "client/core/benchmark/mlr_search.h"
#include "common/core/clock.h"

namespace staccato::bench {
namespace {

/// The goal RFC 9004 calls the throughput: the one allowing the least loss (NDR).
const GoalResult* strictestGoal(const SearchOutcome& t) {
  const GoalResult* best = nullptr;
  for (const GoalResult& g : t.goals)
    if (!best || g.goal.lossRatio < best->goal.lossRatio) best = &g;
  return best;
}

Status runSize(const BenchmarkConfig& c, TrialRunner& runner, SizeResult& out) {
  if (c.runs(TestKind::kThroughput)) {
    auto t = searchThroughput(runner, c);
    if (!t) return t.error();
    out.throughput = std::move(t).value();
  }
  if (c.runs(TestKind::kLatency)) {
    double base = c.latency.fixedLoad;
    std::string basis = "fixed load";
    if (out.throughput) {
      const GoalResult& g = out.throughput->goals[c.latency.goal];
      base = g.lowerLoad;
      basis = g.goal.name + " throughput";
    }
    if (base > 0) {
      auto l = latencyTest(runner, c.latency, c.criteria, base, basis);
      if (!l) return l.error();
      out.latency = std::move(l).value();
    } else {
      out.note += "latency not measured: no throughput found for " + basis + ". ";
    }
  }
  if (c.runs(TestKind::kFrameLoss)) {
    auto f = frameLossTest(runner, c.frameLoss);
    if (!f) return f.error();
    out.frameLoss = std::move(f).value();
  }
  if (c.runs(TestKind::kBackToBack)) {
    const GoalResult* g = out.throughput ? strictestGoal(*out.throughput) : nullptr;
    auto b = backToBack(runner, c.backToBack, g ? runner.ppsAt(g->lowerLoad) : 0);
    if (!b) return b.error();
    if (g && g->testerLimited) b->note += (b->note.empty() ? "" : "; ") + std::string("the throughput was tester-limited: the correction is a bound");
    out.backToBack = std::move(b).value();
  }
  return Ok{};
}

}  // namespace

Result<SearchOutcome> searchThroughput(TrialRunner& runner, const BenchmarkConfig& c) {
  return c.search.method == SearchMethod::kBinary ? binarySearch(runner, c.search, c.criteria)
                                                  : multiGoalSearch(runner, c.search, c.criteria);
}

BenchmarkResult runBenchmark(const BenchmarkConfig& config, const Calibration& calibration, TrialExecutor& executor,
                             const RunHooks& hooks, std::string generator) {
  BenchmarkResult result;
  result.generator = std::move(generator);
  result.config = config;
  result.calibration = calibration;
  result.startedNs = int64_t(realtimeNs());
  if (auto s = checkConfig(config); !s) {
    result.error = s.error().toString();
    result.endedNs = result.startedNs;
    return result;
  }
  TrialRunner runner(executor, result.config, result.calibration, hooks, result.trials);
  const std::vector<FrameSize> sizes = config.sizes();
  for (size_t i = 0; i < sizes.size(); ++i) {
    runner.setFrameSize(sizes[i], i, sizes.size());
    SizeResult size{sizes[i], {}, {}, {}, {}, {}};
    Status s = executor.prepare(sizes[i], config);
    if (s) s = runSize(config, runner, size);
    result.sizes.push_back(std::move(size));
    if (hooks.sizeDone) hooks.sizeDone(result.sizes.back());
    if (!s) {
      result.stopped = runner.stopped();
      if (!result.stopped) result.error = "frame size " + sizes[i].label() + ": " + s.error().toString();
      break;
    }
  }
  result.endedNs = int64_t(realtimeNs());
  return result;
}

}  // namespace staccato::bench
