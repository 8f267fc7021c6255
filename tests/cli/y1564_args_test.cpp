// staccato-cli benchmark y1564's options: the config file and what the command line sets over
// it, and the errors that name the option (or the config's member) and what it allows
// (client/cli/y1564_args.h). The docs' example config is read as users get it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "client/cli/drone_options.h"
#include "client/cli/y1564_args.h"

namespace staccato::cli {
namespace {

const std::string kExample = std::string(STACCATO_SOURCE_DIR) + "/docs/examples/y1564/two-services.json";

Result<Y1564Options> parse(std::vector<std::string> argv) {
  auto args = parseArgs(argv, withDroneOptions(y1564ValueOptions()), withDroneFlags(y1564FlagOptions()));
  if (!args) return args.error();
  return parseY1564Options(*args);
}

std::string error(std::vector<std::string> argv) {
  auto o = parse(std::move(argv));
  return o ? "" : o.error().toString();
}

TEST(Y1564Args, TheExampleConfigAndWhatTheCommandLineSetsOverIt) {
  auto o = parse({"--config", kExample, "--tx", "va", "--rx", "vb@unix:/tmp/d.sock", "--step-seconds", "2",
                  "--performance-seconds", "60", "--no-performance", "--drain", "300", "--ipv6", "--json", "r.json"});
  ASSERT_TRUE(o) << o.error().toString();
  ASSERT_EQ(o->config.services.size(), 2u);
  EXPECT_EQ(o->config.services[0].name, "voice");
  EXPECT_EQ(o->config.services[1].frameSize, bench::FrameSize::imix());
  EXPECT_DOUBLE_EQ(o->config.stepSeconds, 2);
  EXPECT_DOUBLE_EQ(o->config.performanceSeconds, 60);
  EXPECT_EQ(o->tests, bench::Y1564Tests::kConfiguration);
  EXPECT_EQ(o->rx, "vb@unix:/tmp/d.sock");
  EXPECT_EQ(o->ipVersion, 6u);
  EXPECT_DOUBLE_EQ(o->executor.drainSeconds, 0.3);
  EXPECT_EQ(o->reports.json, "r.json");
  auto only = parse({"--config", kExample, "--tx", "va", "--rx", "vb", "--performance-only"});
  ASSERT_TRUE(only) << only.error().toString();
  EXPECT_EQ(only->tests, bench::Y1564Tests::kPerformance);
}

TEST(Y1564Args, AReflectorInsteadOfTheReceivePort) {
  auto o = parse({"--config", kExample, "--tx", "va", "--reflector", "@far:r0"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->rx, "va");
  EXPECT_EQ(o->reflector, "@far:r0");
  EXPECT_EQ(error({"--config", kExample, "--tx", "va", "--rx", "vb", "--reflector", "r0"}).rfind("--tx: name the two ports", 0), 0u);
}

TEST(Y1564Args, ErrorsNameTheOptionOrTheConfigsMember) {
  EXPECT_EQ(error({"--tx", "va", "--rx", "vb"}).rfind("--config: name the services to test", 0), 0u);
  EXPECT_EQ(error({"--config", kExample, "--tx", "va"}).rfind("--tx: name the two ports", 0), 0u);
  EXPECT_EQ(error({"--config", kExample, "--tx", "va", "--rx", "vb", "--tx", "vc", "--rx", "vd"}).rfind("--tx:", 0), 0u)
      << "one pair: the service runs between two ports";
  EXPECT_EQ(error({"--config", kExample, "--tx", "va", "--rx", "vb", "--step-seconds", "0"}).rfind("--step-seconds", 0), 0u);
  EXPECT_EQ(error({"--config", kExample, "--tx", "va", "--rx", "vb", "--performance-seconds", "nan"}).rfind("--performance-seconds", 0), 0u);
  EXPECT_EQ(error({"--config", kExample, "--tx", "va", "--rx", "vb", "--no-performance", "--performance-only"})
                .rfind("--performance-only: give --no-performance or --performance-only, not both", 0), 0u);
  const std::string bad = testing::TempDir() + "/y1564-bad.json";
  std::ofstream(bad) << R"({"format": "staccato-y1564-config", "services": [{"name": "a", "cir_mbps": 10, "dscp": 64}]})";
  const std::string e = error({"--config", bad, "--tx", "va", "--rx", "vb"});
  EXPECT_EQ(e.rfind("--config " + bad + ": services[0]", 0), 0u) << e;
  EXPECT_NE(e.find("dscp: 64 is not a DSCP (0..63)"), std::string::npos) << e;
  std::remove(bad.c_str());
}

}  // namespace
}  // namespace staccato::cli
