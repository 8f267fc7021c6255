// staccato-cli benchmark's options: what each sets, and the errors that name the option and what
// it allows (client/cli/benchmark_args.h).
#include <gtest/gtest.h>

#include "client/cli/benchmark_args.h"
#include "client/cli/drone_options.h"

namespace staccato::cli {
namespace {

Result<BenchmarkOptions> parse(std::vector<std::string> argv, bool calibrate = false) {
  auto args = parseArgs(argv, withDroneOptions(benchmarkValueOptions(calibrate)), withDroneFlags(benchmarkFlagOptions(calibrate)));
  if (!args) return args.error();
  return parseBenchmarkOptions(*args, calibrate);
}

std::string error(std::vector<std::string> argv, bool calibrate = false) {
  auto o = parse(std::move(argv), calibrate);
  return o ? "" : o.error().toString();
}

TEST(BenchmarkArgs, EveryOptionSetsTheConfig) {
  auto o = parse({"--tx", "va", "--rx", "vb@unix:/tmp/d.sock", "--bidirectional", "--sizes", "64,128,imix", "--duration", "2.5",
                  "--loss", "0,0.5", "--tests", "throughput,b2b", "--search", "binary", "--precision", "1", "--ramp", "200",
                  "--drain", "300", "--learning-frames", "4", "--ipv6", "--report", "out.html", "--json", "out.json"});
  ASSERT_TRUE(o) << o.error().toString();
  const bench::BenchmarkConfig& c = o->config;
  ASSERT_EQ(c.portPairs.size(), 1u);
  EXPECT_EQ(c.portPairs[0].rx, "vb@unix:/tmp/d.sock");
  EXPECT_EQ(c.direction, bench::Direction::kBidirectional);
  ASSERT_EQ(c.frameSizes.size(), 3u);
  EXPECT_EQ(c.frameSizes[1], bench::FrameSize::fixed(128));
  EXPECT_EQ(c.frameSizes[2], bench::FrameSize::imix());
  EXPECT_DOUBLE_EQ(c.search.trialSeconds, 2.5);
  EXPECT_DOUBLE_EQ(c.latency.trialSeconds, 2.5);
  EXPECT_LE(c.search.initialTrialSeconds, 2.5);
  ASSERT_EQ(c.search.goals.size(), 2u);
  EXPECT_EQ(c.search.goals[0].name, "NDR");
  EXPECT_EQ(c.search.goals[1].name, "PDR");
  EXPECT_DOUBLE_EQ(c.search.goals[1].lossRatio, 0.005);
  EXPECT_EQ(c.tests, (std::vector{bench::TestKind::kThroughput, bench::TestKind::kBackToBack}));
  EXPECT_EQ(c.search.method, bench::SearchMethod::kBinary);
  EXPECT_DOUBLE_EQ(c.search.relativePrecision, 0.01);
  EXPECT_DOUBLE_EQ(c.trial.rampSeconds, 0.2);
  EXPECT_EQ(c.ipVersion, 6u);
  EXPECT_DOUBLE_EQ(o->executor.drainSeconds, 0.3);
  EXPECT_EQ(o->executor.learningFrames, 4u);
  EXPECT_EQ(o->reports.html, "out.html");
  EXPECT_EQ(o->reports.json, "out.json");
}

TEST(BenchmarkArgs, AConfigThatIsNoRegularFileIsRefusedUnread) {
  // Once read until the CLI ran out of memory.
  const std::string e = error({"--tx", "a", "--rx", "b", "--config", "/dev/zero", "--report", "o.html"});
  EXPECT_NE(e.find("--config: /dev/zero: not a regular file"), std::string::npos) << e;
}

TEST(BenchmarkArgs, PresetFirstThenOptionsOverIt) {
  auto o = parse({"--preset", "rfc2544-strict", "--tx", "a", "--rx", "b", "--duration", "10", "--junit", "o.xml"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->config.preset, "rfc2544-strict");
  EXPECT_EQ(o->config.search.method, bench::SearchMethod::kBinary);
  EXPECT_DOUBLE_EQ(o->config.search.trialSeconds, 10);
  EXPECT_EQ(o->config.latency.trials, 20u);  // the preset's, not touched
}

TEST(BenchmarkArgs, CustomImixKeepsItsCommas) {
  auto o = parse({"--tx", "a", "--rx", "b", "--sizes", "64,imix:64x7,1518x1,512", "--csv", "o.csv"});
  ASSERT_TRUE(o) << o.error().toString();
  ASSERT_EQ(o->config.frameSizes.size(), 3u);
  EXPECT_EQ(o->config.frameSizes[1].label(), "imix:64x7,1518x1");
  EXPECT_EQ(o->config.frameSizes[2], bench::FrameSize::fixed(512));
}

TEST(BenchmarkArgs, SeveralPairsAndPartialDropGoals) {
  auto o = parse({"--tx", "a", "--rx", "b", "--tx", "c", "--rx", "d", "--loss", "0.1,1", "--report", "r.html"});
  ASSERT_TRUE(o) << o.error().toString();
  ASSERT_EQ(o->config.portPairs.size(), 2u);
  EXPECT_EQ(o->config.portPairs[1].tx, "c");
  EXPECT_EQ(o->config.search.goals[0].name, "PDR 0.1 %");
  EXPECT_EQ(o->config.search.goals[1].name, "PDR 1 %");
}

TEST(BenchmarkArgs, ErrorsNameTheOptionAndWhatItAllows) {
  const std::vector<std::string> base = {"--tx", "a", "--rx", "b", "--report", "r.html"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> v = base;
    v.insert(v.end(), more.begin(), more.end());
    return error(v);
  };
  EXPECT_EQ(with({"--sizes", "63"}), "--sizes: '63': frame size 63 is out of range (allowed 64..16384, FCS included)");
  EXPECT_EQ(with({"--sizes", "64,64"}), "--sizes: '64' is named twice");
  EXPECT_EQ(with({"--duration", "0"}), "--duration: '0' is not a number in (0, 86400]");
  EXPECT_EQ(with({"--duration", "abc"}), "--duration: 'abc' is not a number in (0, 86400]");
  EXPECT_EQ(with({"--loss", "60"}), "--loss: '60' is not a number in [0, 50] (a loss in percent)");
  EXPECT_EQ(with({"--loss", "0,0"}), "--loss: '0' is named twice");
  EXPECT_EQ(with({"--tests", "throughput,speed"}), "--tests: 'speed' is not a test (allowed: throughput, latency, loss, b2b)");
  EXPECT_EQ(with({"--preset", "fast"}), "--preset: 'fast' is not a preset (known: rfc2544-strict, quick)");
  EXPECT_EQ(with({"--search", "linear"}), "--search: 'linear' is not a search (allowed: binary, multi-goal)");
  EXPECT_EQ(with({"--precision", "50.5"}), "--precision: '50.5' is not a number in (0, 50]");
  EXPECT_EQ(with({"--ramp", "700000"}), "--ramp: '700000' is not a number in 0..600000");
  EXPECT_EQ(with({"--b2b-trials", "0"}), "--b2b-trials: '0' is not a number in 1..1000");
  EXPECT_EQ(with({"--start-margin", "0"}), "--start-margin: '0' is not a number in 1..5000");
  EXPECT_NE(with({"--frobnicate", "1"}).find("--frobnicate: unknown option"), std::string::npos);
  EXPECT_NE(error({"--tx", "a", "--report", "r.html"}).find("--tx: name the ports"), std::string::npos);
  EXPECT_NE(error({"--tx", "a", "--rx", "b"}).find("--report: name where the results go"), std::string::npos);
}

TEST(BenchmarkArgs, AReflectorInsteadOfTheReceivePort) {
  auto o = parse({"--tx", "va", "--reflector", "@far:r0", "--tx", "vc", "--reflector", "r1@unix:/tmp/r.sock",
                  "--reflect-swap", "l4", "--report", "out.html"});
  ASSERT_TRUE(o) << o.error().toString();
  ASSERT_EQ(o->config.portPairs.size(), 2u);
  EXPECT_EQ(o->config.portPairs[0], (bench::PortPair{"va", "va", "@far:r0"}));
  EXPECT_EQ(o->config.portPairs[1], (bench::PortPair{"vc", "vc", "r1@unix:/tmp/r.sock"}));
  EXPECT_EQ(o->executor.reflect, v1::PortConfig::REFLECT_L4);
  EXPECT_EQ(parse({"--tx", "va", "--reflector", "r0", "--report", "o.html"})->executor.reflect, v1::PortConfig::REFLECT_L3)
      << "l3 unless asked";
  EXPECT_EQ(error({"--tx", "va", "--rx", "vb", "--reflector", "r0", "--report", "o.html"}).rfind("--rx: through a reflector", 0), 0u);
  EXPECT_EQ(error({"--tx", "va", "--tx", "vb", "--reflector", "r0", "--report", "o.html"}).rfind("--reflector: one --reflector PORT", 0), 0u);
  EXPECT_EQ(error({"--tx", "va", "--reflector", "r0", "--reflect-swap", "off", "--report", "o.html"})
                .rfind("--reflect-swap: 'off' (allowed: l2, l3, l4)", 0), 0u);
  EXPECT_NE(error({"--tx", "va", "--reflector", "r0", "--bidirectional", "--report", "o.html"}).find("both ways already"),
            std::string::npos);
}

TEST(BenchmarkArgs, CalibrateTakesJsonAsAFlagAndNoReports) {
  auto o = parse({"--tx", "a", "--rx", "b", "--sizes", "64,1518", "--json", "--duration", "1"}, true);
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_DOUBLE_EQ(o->calibration.trialSeconds, 1);
  EXPECT_NE(error({"--tx", "a", "--rx", "b", "--report", "r.html"}, true).find("--report: unknown option"), std::string::npos);
}

}  // namespace
}  // namespace staccato::cli
