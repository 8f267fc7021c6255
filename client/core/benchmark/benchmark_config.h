#pragma once
/// What a benchmark runs: RFC 2544's tests (26.1 throughput, 26.2 latency, 26.3 frame-loss rate,
/// 26.4 back-to-back with RFC 9004's update), several loss goals searched at once as RFC 9971
/// (MLRsearch) does, pass criteria beyond loss, trial lengths and the ports. Plain data; the
/// presets and the checks are in benchmark_config.cpp. docs/benchmarks.md explains every option.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "client/core/benchmark/enum_names.h"
#include "client/core/benchmark/frame_size.h"
#include "common/core/result.h"

namespace staccato::bench {

enum class TestKind { kThroughput, kLatency, kFrameLoss, kBackToBack };
/// "throughput", "latency", "loss", "b2b": the names the CLI and the JSON use.
template <>
struct EnumNames<TestKind> {
  static constexpr std::pair<TestKind, std::string_view> kAll[] = {
      {TestKind::kThroughput, "throughput"}, {TestKind::kLatency, "latency"}, {TestKind::kFrameLoss, "loss"}, {TestKind::kBackToBack, "b2b"}};
};
inline std::string_view testName(TestKind test) { return enumName(test); }
inline std::optional<TestKind> testFromName(std::string_view name) { return enumFromName<TestKind>(name); }

/// A loss goal: the highest load whose trials lose at most `lossRatio` of their frames (and meet
/// the pass criteria). NDR is a goal of 0, PDR one of e.g. 0.005 (0.5 %).
struct LossGoal {
  std::string name;        ///< "NDR", "PDR", shown in reports
  double lossRatio = 0;    ///< 0..1 (not percent)
  double requiredLoad = 0; ///< JUnit: fails below this fraction of line rate; 0 = any result passes
  bool operator==(const LossGoal&) const = default;
};

/// Limits a trial must also meet to count as passing, in the throughput search and the latency test.
struct PassCriteria {
  std::optional<uint64_t> maxLatencyNs;
  std::optional<double> percentile;           ///< with percentileLatencyNs: e.g. 0.99
  std::optional<uint64_t> percentileLatencyNs;
  std::optional<uint64_t> maxJitterNs;        ///< RFC 3550 interarrival jitter
  std::optional<uint64_t> maxReordered;       ///< frames
  std::optional<uint64_t> maxDuplicated;      ///< frames
  /// Whether any limit needs latency histograms from the trials.
  bool needsLatency() const { return maxLatencyNs || percentileLatencyNs || maxJitterNs; }
  bool operator==(const PassCriteria&) const = default;
};

enum class SearchMethod {
  kBinary,     ///< RFC 2544 26.1: one binary search per goal, every trial full length
  kMultiGoal,  ///< RFC 9971: all goals in one search, short trials first, full length to confirm
};
template <>
struct EnumNames<SearchMethod> {
  static constexpr std::pair<SearchMethod, std::string_view> kAll[] = {{SearchMethod::kBinary, "binary"},
                                                                       {SearchMethod::kMultiGoal, "multi-goal"}};
};
inline std::string_view searchMethodName(SearchMethod method) { return enumName(method); }
inline std::optional<SearchMethod> searchMethodFromName(std::string_view name) { return enumFromName<SearchMethod>(name); }

struct SearchSettings {
  SearchMethod method = SearchMethod::kMultiGoal;
  std::vector<LossGoal> goals = {{"NDR", 0, 0}, {"PDR", 0.005, 0}};
  double trialSeconds = 30;         ///< full-length trials (RFC 2544: at least 60 s)
  double initialTrialSeconds = 1;   ///< multi-goal: the shortest trials
  unsigned precedingTargets = 2;    ///< multi-goal: coarser steps with shorter trials before the final one
  double durationSum = 0;           ///< multi-goal: full-length seconds that confirm a bound; 0 = one trial
  double exceedRatio = 0;           ///< multi-goal: share of those seconds allowed to fail the goal
  double absolutePrecision = 0;     ///< stop when bounds are this close (fraction of line rate); 0 = relative only
  double relativePrecision = 0.005; ///< ... or when (upper - lower) / upper is this small; 0 = absolute only
  double minLoad = 0.001;           ///< fraction of line rate
  double maxLoad = 1.0;
  bool operator==(const SearchSettings&) const = default;
};

/// RFC 2544 26.2 at fractions of the throughput found.
struct LatencySettings {
  std::vector<double> loadFractions = {1.0, 0.9, 0.5, 0.1};
  unsigned trials = 1;        ///< per load (RFC 2544: at least 20)
  double trialSeconds = 10;   ///< RFC 2544: at least 120 s
  size_t goal = 0;            ///< the throughput of which goal (index into search.goals)
  double fixedLoad = 0;       ///< without the throughput test: run at this fraction of line rate
  bool operator==(const LatencySettings&) const = default;
};

/// RFC 2544 26.3: loss at falling loads, from `startLoad` down in steps, until
/// `zeroLossToStop` trials in a row lose nothing.
struct FrameLossSettings {
  double startLoad = 1.0;
  double step = 0.1;
  double trialSeconds = 10;   ///< RFC 2544: 60 s
  unsigned zeroLossToStop = 2;
  bool operator==(const FrameLossSettings&) const = default;
};

/// RFC 2544 26.4 with RFC 9004: the longest burst at the highest rate this tester sends (line
/// rate, or the calibration's ceiling when lower) that loses nothing.
struct BackToBackSettings {
  unsigned trials = 5;            ///< searches averaged (RFC 9004: at least 50)
  double trialSeconds = 2;        ///< each burst trial, drain included (RFC 9004: at least 2 s)
  double maxBurstSeconds = 1;     ///< the longest burst tried, in seconds at the burst rate
  double relativePrecision = 0.01;
  bool operator==(const BackToBackSettings&) const = default;
};

/// How each trial runs (the executor's part), and how the runner judges the tester.
struct TrialSettings {
  double rampSeconds = 0;        ///< rise to the trial's rate over this long (its frames count)
  bool learning = true;          ///< learning frames and ARP/NDP before each trial
  unsigned receiverRetries = 3;  ///< repeats of a trial whose receiver missed frames, or whose sender stalled before a loss
  double testerTolerance = 0.01; ///< offered load may fall this short of intended (fraction)
  /// A sender that fell behind catches up at most senderPacingLimitNs and lets the rest go (a
  /// stall then lowers the rate it offered instead of bursting into a shaper near its rate): for
  /// a tester with cores of its own; on a busy one every trial then falls short and is repeated.
  bool boundCatchUp = false;
  bool operator==(const TrialSettings&) const = default;
};

enum class Direction { kUnidirectional, kBidirectional };
template <>
struct EnumNames<Direction> {
  static constexpr std::pair<Direction, std::string_view> kAll[] = {{Direction::kUnidirectional, "unidirectional"},
                                                                    {Direction::kBidirectional, "bidirectional"}};
};

/// A pair of tester ports with the device between them: "PORT" (on the default drone) or "PORT@DRONE".
/// Through a reflector, the device sits between `tx` and `reflector`, which returns the frames
/// to `tx` (that receives them: `rx` is `tx`): one tester end measures the round trip.
struct PortPair {
  std::string tx, rx;
  std::string reflector;  ///< "" = none
  bool operator==(const PortPair&) const = default;
};

struct BenchmarkConfig {
  std::string preset;  ///< the preset it started from ("" = none)
  std::vector<TestKind> tests = {TestKind::kThroughput};
  std::vector<FrameSize> frameSizes;  ///< empty = kDefaultFrameSizes
  double lineRateBps = 10e9;          ///< per port (Port.line_rate_bps)
  Direction direction = Direction::kUnidirectional;
  std::vector<PortPair> portPairs;
  unsigned ipVersion = 4;
  SearchSettings search;
  PassCriteria criteria;
  LatencySettings latency;
  FrameLossSettings frameLoss;
  BackToBackSettings backToBack;
  TrialSettings trial;

  bool runs(TestKind test) const;
  /// Flows each trial sends: one per port pair and direction (at least 1).
  unsigned flows() const;
  /// frameSizes, or the RFC 2544 defaults when empty.
  std::vector<FrameSize> sizes() const;
  bool operator==(const BenchmarkConfig&) const = default;
};

/// "rfc2544-strict": all four tests; a binary search for 0 % loss with 60 s trials, latency
/// 20 x 120 s, loss steps of 60 s, back-to-back 50 x 2 s. "quick": all four tests; NDR 0 % and
/// PDR 0.5 % in one multi-goal search (0.5 s trials first, 5 s to confirm, 1 % precision),
/// latency 1 x 2 s, loss steps of 2 s, back-to-back 3 x 2 s.
Result<BenchmarkConfig> presetConfig(std::string_view name);
std::vector<std::string_view> presetNames();

/// Ok when the config can run; otherwise the first option that is wrong and what is allowed.
Status checkConfig(const BenchmarkConfig& config);

}  // namespace staccato::bench
