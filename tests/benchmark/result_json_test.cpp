// The result file: written and read back to an equal result (every trial, histogram and the
// calibration), refused when it is not one or is from a newer Staccato, and wrong members named.
#include <gtest/gtest.h>

#include <filesystem>

#include "client/core/benchmark/json_writer.h"
#include "client/core/benchmark/result_json.h"
#include "tests/benchmark/benchmark_test_support.h"

namespace staccato::bench::testing {
namespace {

/// A result with every part filled: all four tests, latency criteria, a calibration, tester
/// limits and receiver misses in the trial log.
BenchmarkResult fullResult() {
  Result<BenchmarkConfig> c = presetConfig("quick");
  c->lineRateBps = 1e9;
  c->frameSizes = {FrameSize::fixed(64), FrameSize::fixed(1518), FrameSize::imix()};
  c->portPairs = {{"a/eth1", "a/eth2"}};
  c->direction = Direction::kBidirectional;
  c->criteria.percentile = 0.99;
  c->criteria.percentileLatencyNs = 10'000'000;
  c->criteria.maxReordered = 0;
  c->latency.trials = 2;
  const Calibration calibration{"a: eth1 -> eth2 \"loop\"", 1'700'000'000'123'456'789,
                                {{FrameSize::fixed(64), 0.6 * maxFrameRate(1e9, 64), 1e9}}};
  // The generator sends at most half the 1518-byte line rate: small frames are tester-limited.
  SimulatedDevice device({.rateBps = 300e6, .testerCeilingPps = 0.5 * maxFrameRate(1e9, 1518), .receiverMissEvery = 7});
  BenchmarkResult r = runBenchmark(*c, calibration, device, {}, "staccato test");
  return r;
}

TEST(ResultJson, RoundTripsEveryTrialAndTheCalibration) {
  const BenchmarkResult r = fullResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_GT(r.trials.size(), 50u);
  bool missed = false, limited = false, histogram = false;
  for (const TrialResult& t : r.trials) {
    missed |= t.receiverMissed;
    limited |= t.testerLimited;
    histogram |= !t.latency.index.empty();
  }
  ASSERT_TRUE(missed && limited && histogram) << "the sample lacks a part the file must keep";
  const std::string text = resultJson(r);
  auto back = parseResultJson(text);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  EXPECT_TRUE(*back == r);
  EXPECT_EQ(back->config, r.config);
  EXPECT_EQ(back->calibration, r.calibration);
  EXPECT_EQ(back->sizes, r.sizes);
  EXPECT_EQ(back->trials, r.trials);
  EXPECT_EQ(resultJson(*back), text);
}

TEST(ResultJson, FileIsWrittenAtomicallyAndReadBack) {
  const BenchmarkResult r = fullResult();
  const std::string path = (std::filesystem::temp_directory_path() / "staccato_benchmark_result_test.json").string();
  ASSERT_TRUE(writeResultFile(path, r).ok());
  auto back = readResultFile(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  EXPECT_TRUE(*back == r);
  EXPECT_FALSE(readResultFile(path).ok());
}

TEST(ResultJson, RefusesOtherFilesAndNamesWrongMembers) {
  EXPECT_FALSE(parseResultJson("{\"format\": \"something\"}").ok());
  auto newer = parseResultJson("{\"format\": \"staccato-benchmark\", \"format_version\": 2}");
  ASSERT_FALSE(newer.ok());
  EXPECT_NE(newer.error().toString().find("newer"), std::string::npos);
  auto wrong = parseResultJson("{\"format\": \"staccato-benchmark\", \"format_version\": 1, \"trials\": [{\"tx_frames\": -1}]}");
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().path, "trials[0].tx_frames");
  auto size = parseResultJson("{\"format\": \"staccato-benchmark\", \"format_version\": 1, \"config\": {\"frame_sizes\": [\"12\"]}}");
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.error().path, "config.frame_sizes[0]");
  EXPECT_FALSE(parseResultJson("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]").ok());
}

TEST(ResultJson, ConfigFileNeedsOnlyWhatDiffers) {
  auto c = parseConfigJson(R"({"tests": ["throughput", "b2b"], "frame_sizes": ["128", "imix"], "search": {"method": "binary"}})");
  ASSERT_TRUE(c.ok()) << c.error().toString();
  EXPECT_EQ(c->tests, (std::vector<TestKind>{TestKind::kThroughput, TestKind::kBackToBack}));
  EXPECT_EQ(c->search.method, SearchMethod::kBinary);
  EXPECT_EQ(c->search.goals, BenchmarkConfig{}.search.goals);
  auto back = parseConfigJson(configJson(*c));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, *c);
  EXPECT_FALSE(parseConfigJson(R"({"tests": ["speed"]})").ok());
}

TEST(ResultJson, FuzzSeedIsAValidResult) {
  // A seed that parses lets the fuzzer reach the report writers, not only the parser's refusals.
  auto r = readResultFile(STACCATO_SOURCE_DIR "/tests/fuzz/corpus/benchmark_result/sample.json");
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(r->sizes.size(), 1u);
  EXPECT_FALSE(r->trials.empty());
}

TEST(ResultJson, TimesKeepNanoseconds) {
  for (int64_t ns : {int64_t{0}, int64_t{1'700'000'000'123'456'789}, int64_t{4'102'444'800'000'000'001}}) {
    int64_t back = -1;
    ASSERT_TRUE(parseIsoTime(isoTime(ns), back)) << isoTime(ns);
    EXPECT_EQ(back, ns);
  }
  int64_t ignored;
  EXPECT_FALSE(parseIsoTime("2025-01-01T00:00:00Z", ignored));
}

}  // namespace
}  // namespace staccato::bench::testing
