#include "tests/benchmark/sample_result.h"

#include <algorithm>

#include "client/core/benchmark/benchmark_runner.h"
#include "tests/benchmark/simulated_device.h"

namespace staccato::bench::testing {

BenchmarkResult sampleResult() {
  BenchmarkConfig c = presetConfig("quick").value();
  c.lineRateBps = 1e9;
  c.frameSizes = {FrameSize::fixed(64), FrameSize::fixed(128), FrameSize::fixed(512), FrameSize::fixed(1518), FrameSize::imix()};
  c.direction = Direction::kBidirectional;
  c.portPairs = {{"lab/eth1", "lab/eth2"}};
  c.search.goals[0].requiredLoad = 0.31;
  c.criteria.maxLatencyNs = 1'000'000;
  c.latency.trials = 2;
  constexpr double kGeneratorPps = 400e3;  // per flow: below what the device forwards at 64 bytes
  Calibration calibration{"lab: eth1 -> eth2, loop cable", 1'764'000'000'000'000'000, {}};
  for (const FrameSize& size : c.frameSizes)
    calibration.points.push_back({size, std::min(kGeneratorPps, maxFrameRate(c.lineRateBps, size.averageBytes())), c.lineRateBps});
  SimulatedDevice device({.lineRateBps = c.lineRateBps, .rateBps = 300e6, .queueFrames = 2000,
                          .testerCeilingPps = kGeneratorPps, .receiverMissEvery = 11});
  return runBenchmark(c, calibration, device, {}, "staccato (simulated device)");
}

}  // namespace staccato::bench::testing
