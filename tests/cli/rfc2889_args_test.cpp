// staccato-cli benchmark rfc2889's options (client/cli/rfc2889_args.h): each test's settings, the
// defaults, and errors that name the option and what it allows.
#include <gtest/gtest.h>

#include "client/cli/drone_options.h"
#include "client/cli/rfc2889_args.h"

namespace staccato::cli {
namespace {

Result<Rfc2889Options> parse(const std::string& test, std::vector<std::string> argv) {
  auto args = parseArgs(argv, withDroneOptions(rfc2889ValueOptions()), withDroneFlags(rfc2889FlagOptions()));
  if (!args) return args.error();
  return parseRfc2889Options(test, *args);
}

std::string error(const std::string& test, std::vector<std::string> argv) {
  auto o = parse(test, std::move(argv));
  return o ? "" : o.error().toString();
}

const std::vector<std::string> kPorts{"--learning", "va", "--test", "vb@lab-b", "--monitor", "vc", "--aging", "6.5"};

std::vector<std::string> with(std::vector<std::string> more) {
  std::vector<std::string> argv = kPorts;
  argv.insert(argv.end(), more.begin(), more.end());
  return argv;
}

TEST(Rfc2889Args, CachingSettingsAndDefaults) {
  auto o = parse("caching", with({"--max-addresses", "2048", "--learning-rate", "20000", "--test-rate", "5000",
                                  "--json", "r.json", "--drain", "300"}));
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->test, Rfc2889Test::kCaching);
  EXPECT_EQ(o->ports, (std::vector<std::string>{"va", "vb@lab-b", "vc"}));
  EXPECT_EQ(o->caching.maxAddresses, 2048u);
  EXPECT_EQ(o->caching.resolution, 1u);
  EXPECT_DOUBLE_EQ(o->caching.learningPps, 20000);
  EXPECT_DOUBLE_EQ(o->probe.testPps, 5000);
  EXPECT_DOUBLE_EQ(o->probe.agingSeconds, 6.5);
  EXPECT_FALSE(o->probe.freshAddressesEachTrial) << "the same addresses: a late sweep cannot change the answer";
  EXPECT_EQ(o->json, "r.json");
  EXPECT_DOUBLE_EQ(o->executor.drainSeconds, 0.3);
}

TEST(Rfc2889Args, LearningSettingsAndFreshAddresses) {
  auto o = parse("learning", with({"--addresses", "500", "--min-rate", "1000", "--max-rate", "50000", "--resolution", "0.02"}));
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->test, Rfc2889Test::kLearning);
  EXPECT_EQ(o->learningRate.addresses, 500u);
  EXPECT_DOUBLE_EQ(o->learningRate.minPps, 1000);
  EXPECT_DOUBLE_EQ(o->learningRate.maxPps, 50000);
  EXPECT_DOUBLE_EQ(o->learningRate.resolution, 0.02);
  EXPECT_TRUE(o->probe.freshAddressesEachTrial) << "a device that kept the last trial's addresses learns nothing";
}

TEST(Rfc2889Args, MeshedPortsLoadSearchAndTrials) {
  auto o = parse("meshed", {"--ports", "va,vb,vc@lab-b,vd", "--load", "80", "--min-load", "5", "--resolution", "0.5",
                            "--duration", "3", "--size", "128"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->test, Rfc2889Test::kMeshed);
  EXPECT_EQ(o->ports, (std::vector<std::string>{"va", "vb", "vc@lab-b", "vd"}));
  EXPECT_DOUBLE_EQ(o->throughput.maxLoad, 0.8);
  EXPECT_DOUBLE_EQ(o->throughput.minLoad, 0.05);
  EXPECT_DOUBLE_EQ(o->throughput.resolution, 0.005);
  EXPECT_DOUBLE_EQ(o->traffic.seconds, 3);
  EXPECT_EQ(o->traffic.size.bytes, 128u);
}

TEST(Rfc2889Args, BroadcastSenderFirstThenEveryReceiver) {
  auto o = parse("broadcast", {"--tx", "va", "--rx", "vb,vc,vd", "--load", "10"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->ports, (std::vector<std::string>{"va", "vb", "vc", "vd"}));
  EXPECT_DOUBLE_EQ(o->load, 0.1);
  EXPECT_DOUBLE_EQ(o->traffic.seconds, 10) << "the default trial";
}

TEST(Rfc2889Args, PartiallyMeshedTheOnePortFirst) {
  auto one = parse("one-to-many", {"--tx", "va", "--rx", "vb,vc", "--load", "50", "--resolution", "2"});
  ASSERT_TRUE(one) << one.error().toString();
  EXPECT_EQ(one->ports, (std::vector<std::string>{"va", "vb", "vc"}));
  EXPECT_EQ(one->pattern(), bench::TrafficPattern::kOneToMany);
  EXPECT_DOUBLE_EQ(one->throughput.maxLoad, 0.5);
  auto many = parse("many-to-one", {"--tx", "vb,vc,vd", "--rx", "va"});
  ASSERT_TRUE(many) << many.error().toString();
  EXPECT_EQ(many->ports, (std::vector<std::string>{"va", "vb", "vc", "vd"})) << "the receiving port first";
  EXPECT_EQ(many->pattern(), bench::TrafficPattern::kManyToOne);
  EXPECT_NE(error("many-to-one", {"--tx", "vb", "--rx", "va,vc"}).find("--rx: name the sending ports and the receiving one"),
            std::string::npos);
  EXPECT_EQ(error("one-to-many", {"--ports", "va,vb", "--tx", "va", "--rx", "vb"}), "--ports: is not an option of the one-to-many test");
}

TEST(Rfc2889Args, CongestionTakesFourPortsAndOneLoad) {
  auto o = parse("congestion", {"--ports", "va,vb,vc,vd", "--duration", "2"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->pattern(), bench::TrafficPattern::kCongestion);
  EXPECT_DOUBLE_EQ(o->load, 1.0) << "at the line rate unless asked";
  EXPECT_DOUBLE_EQ(o->traffic.seconds, 2);
  EXPECT_NE(error("congestion", {"--ports", "va,vb,vc"}).find("--ports: name four ports"), std::string::npos);
  EXPECT_EQ(error("congestion", {"--ports", "va,vb,vc,vd", "--min-load", "10"}), "--min-load: is not an option of the congestion test");
}

TEST(Rfc2889Args, ForwardPressureSweepsUpToTheLoad) {
  auto o = parse("forward-pressure", {"--tx", "va", "--rx", "vb", "--min-load", "50", "--step", "25", "--load", "90"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->pattern(), bench::TrafficPattern::kForwardPressure);
  EXPECT_EQ(o->ports, (std::vector<std::string>{"va", "vb"}));
  EXPECT_DOUBLE_EQ(o->forwarding.minLoad, 0.5);
  EXPECT_DOUBLE_EQ(o->forwarding.step, 0.25);
  EXPECT_DOUBLE_EQ(o->forwarding.maxLoad, 0.9);
  auto d = parse("forward-pressure", {"--tx", "va", "--rx", "vb"});
  ASSERT_TRUE(d);
  EXPECT_DOUBLE_EQ(d->forwarding.minLoad, 0.1) << "10 % to 100 % in steps of 10 unless asked";
  EXPECT_NE(error("forward-pressure", {"--tx", "va", "--rx", "vb,vc"}).find("--rx: name the one receiving port"), std::string::npos);
  EXPECT_NE(error("forward-pressure", {"--tx", "va", "--rx", "vb", "--min-load", "60", "--load", "50"}).find("--min-load"),
            std::string::npos);
  EXPECT_NE(error("forward-pressure", {"--tx", "va", "--rx", "vb", "--step", "0.5"}).find("--step"), std::string::npos);
  EXPECT_EQ(error("forward-pressure", {"--tx", "va", "--rx", "vb", "--undersize", "60"}),
            "--undersize: is not an option of the forward-pressure test");
}

TEST(Rfc2889Args, ErroredFramesSizes) {
  auto o = parse("errored-frames", {"--tx", "va", "--rx", "vb", "--undersize", "40", "--oversize", "1600", "--load", "50"});
  ASSERT_TRUE(o) << o.error().toString();
  EXPECT_EQ(o->pattern(), bench::TrafficPattern::kErroredFrames);
  EXPECT_EQ(o->traffic.errored.undersize, 40u);
  EXPECT_EQ(o->traffic.errored.oversize, 1600u);
  auto d = parse("errored-frames", {"--tx", "va", "--rx", "vb"});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->traffic.errored.undersize, 60u);
  EXPECT_EQ(d->traffic.errored.oversize, 1519u);
  EXPECT_NE(error("errored-frames", {"--tx", "va", "--rx", "vb", "--undersize", "64"}).find("--undersize"), std::string::npos);
  EXPECT_NE(error("errored-frames", {"--tx", "va", "--rx", "vb", "--oversize", "1518"}).find("--oversize"), std::string::npos);
  EXPECT_NE(error("errored-frames", {"--tx", "va", "--rx", "vb", "--undersize", "33"}).find("--undersize"), std::string::npos);
}

TEST(Rfc2889Args, ErrorsNameTheOptionAndWhatItAllows) {
  EXPECT_NE(error("meshed", {"--ports", "va"}).find("--ports: name 2..16 ports"), std::string::npos);
  EXPECT_NE(error("meshed", {"--ports", "va,vb", "--load", "0"}).find("--load"), std::string::npos);
  EXPECT_NE(error("meshed", {"--ports", "va,vb", "--load", "120"}).find("--load"), std::string::npos);
  EXPECT_NE(error("meshed", {"--ports", "va,vb", "--load", "10", "--min-load", "20"}).find("--min-load: must be at most --load"),
            std::string::npos);
  EXPECT_NE(error("meshed", {"--ports", "va,vb", "--size", "12"}).find("--size"), std::string::npos);
  EXPECT_EQ(error("meshed", {"--ports", "va,vb", "--aging", "1"}), "--aging: is not an option of the meshed test");
  EXPECT_NE(error("broadcast", {"--tx", "va"}).find("--rx PORT[,PORT...]"), std::string::npos);
  EXPECT_EQ(error("mesh", kPorts), "'mesh' is not an RFC 2889 test (allowed: caching, learning, meshed, one-to-many, "
                                   "many-to-one, congestion, broadcast, forward-pressure, errored-frames)");
  EXPECT_NE(error("caching", {"--learning", "va", "--test", "vb", "--aging", "1"}).find("--monitor PORT"), std::string::npos);
  EXPECT_NE(error("caching", {"--learning", "va", "--test", "vb", "--monitor", "vc"}).find("--aging: say how long"),
            std::string::npos);
  EXPECT_NE(error("caching", with({"--max-addresses", "0"})).find("--max-addresses"), std::string::npos);
  EXPECT_NE(error("caching", with({"--max-addresses", "100", "--resolution", "101"})).find("--resolution"), std::string::npos);
  EXPECT_NE(error("caching", with({"--learning-rate", "nan"})).find("--learning-rate"), std::string::npos);
  EXPECT_NE(error("caching", {"--learning", "va", "--test", "vb", "--monitor", "vc", "--aging", "-1"}).find("--aging"),
            std::string::npos);
  EXPECT_EQ(error("caching", with({"--max-rate", "5"})), "--max-rate: is not an option of the caching test");
  EXPECT_EQ(error("learning", with({"--max-addresses", "5"})), "--max-addresses: is not an option of the learning test");
  EXPECT_NE(error("learning", with({"--min-rate", "5000", "--max-rate", "1000"})).find("--max-rate: must be at least"),
            std::string::npos);
  EXPECT_NE(error("learning", with({"--resolution", "0.9"})).find("--resolution"), std::string::npos);
  EXPECT_EQ(error("caching", with({"extra"})), "unexpected argument 'extra'");
}

}  // namespace
}  // namespace staccato::cli
