#include <gtest/gtest.h>

#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(Ethernet, TypeFollowsTheLayerAbove) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), L("ip"), L("payload")})),   buildFrame(S({L("eth"), L("arp")})),
      buildFrame(S({L("eth"), L("ipv6"), L("payload")}, 80)), buildFrame(S({L("eth"), L("vlan"), L("payload")})),
      buildFrame(S({L("eth"), L("ieee8021ad"), L("payload")})), buildFrame(S({L("eth"), L("payload")})),
  };
  auto rows = tsharkFields(frames, {"eth.type"});
  std::vector<std::string> expected = {"0x0800", "0x0806", "0x86dd", "0x8100", "0x88a8", "0x88b5"};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(rows[i]["eth.type"], expected[i]) << i;
}

TEST(Ethernet, AddressesAndOverriddenTypeAreKept) {
  Frame f = buildFrame(S({L("eth", {{"eth.dst", "ff:ff:ff:ff:ff:ff"}, {"eth.src", "00:1b:21:aa:bb:cc"},
                                    {"eth.type", "0x1234"}}),
                          L("ip"), L("payload")}));
  auto row = tsharkFields({f}, {"eth.dst", "eth.src", "eth.type"})[0];
  EXPECT_EQ(row["eth.dst"], "ff:ff:ff:ff:ff:ff");
  EXPECT_EQ(row["eth.src"], "00:1b:21:aa:bb:cc");
  EXPECT_EQ(row["eth.type"], "0x1234");
}

TEST(Ethernet, AWholeFrameInsideAFrame) {
  Frame f = buildFrame(S({L("eth"), L("vlan"), L("eth", {{"eth.src", "02:00:00:00:00:99"}}), L("ip"), L("payload")}));
  auto row = tsharkFields({f}, {"vlan.etype", "eth.src", "eth.type", "frame.protocols"})[0];
  EXPECT_EQ(row["vlan.etype"], "0x6558");
  EXPECT_EQ(row["eth.src"], "02:00:00:00:00:01,02:00:00:00:00:99");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:vlan:ethertype:eth:ethertype:ip:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("eth")})).substr(0, 60),
            "layers[2]: eth cannot sit on ip (eth goes on: the start of a");
}

TEST(Ethernet, ShortFramesArePaddedWithZeros) {
  Frame f = buildFrame(S({L("eth"), L("arp")}, 64));
  ASSERT_EQ(f.size(), 60u);
  for (size_t i = 42; i < 60; ++i) EXPECT_EQ(f[i], 0) << i;
}

TEST(Ethernet, BadMacIsRejectedWithItsPath) {
  EXPECT_EQ(compileError(S({L("eth", {{"eth.dst", "00:11:22:33:44"}})})),
            "layers[0].eth.dst: '00:11:22:33:44' is not a valid Destination (allowed a MAC address like "
            "00:11:22:33:44:55)");
}

}  // namespace
}  // namespace staccato::test
