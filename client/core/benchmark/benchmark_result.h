#pragma once
/// Everything a benchmark found: the config it ran, the calibration, each frame size's results
/// and every trial. The JSON file is this (result_json.h); every report is rendered from it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "client/core/benchmark/back_to_back.h"
#include "client/core/benchmark/frame_loss_test.h"
#include "client/core/benchmark/latency_test.h"
#include "client/core/benchmark/search_result.h"

namespace staccato::bench {

struct SizeResult {
  FrameSize frameSize;
  std::optional<SearchOutcome> throughput;
  std::optional<LatencyResult> latency;
  std::optional<FrameLossResult> frameLoss;
  std::optional<BackToBackResult> backToBack;
  std::string note;  ///< a test that could not run at this size, and why
  bool operator==(const SizeResult&) const = default;
};

struct BenchmarkResult {
  std::string generator;    ///< "staccato 0.1.0"
  BenchmarkConfig config;
  Calibration calibration;
  int64_t startedNs = 0;    ///< realtime, ns since the Unix epoch
  int64_t endedNs = 0;
  std::vector<SizeResult> sizes;
  std::vector<TrialResult> trials;  ///< every trial, in order
  bool stopped = false;     ///< stopped on request before the end
  std::string error;        ///< what ended it early ("" = ran to the end)
  bool operator==(const BenchmarkResult&) const = default;
};

}  // namespace staccato::bench
