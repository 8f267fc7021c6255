#include <gtest/gtest.h>

#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(Vlan, SingleTagFieldsDecode) {
  Frame f = buildFrame(S({L("eth"), L("vlan", {{"vlan.id", "4094"}, {"vlan.priority", "5"}, {"vlan.dei", "1"}}),
                          L("ip"), L("udp"), L("payload")}));
  auto row = tsharkFields({f}, {"vlan.id", "vlan.priority", "vlan.dei", "vlan.etype", "ip.src"})[0];
  EXPECT_EQ(row["vlan.id"], "4094");
  EXPECT_EQ(row["vlan.priority"], "5");
  EXPECT_EQ(row["vlan.dei"], "1");
  EXPECT_EQ(row["vlan.etype"], "0x0800");
  EXPECT_EQ(row["ip.src"], "192.0.2.1");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
}

TEST(Vlan, QinQStacksServiceAndCustomerTags) {
  Frame f = buildFrame(S({L("eth"), L("ieee8021ad", {{"ieee8021ad.id", "100"}, {"ieee8021ad.priority", "3"}}),
                          L("vlan", {{"vlan.id", "200"}}), L("ipv6"), L("udp"), L("payload")},
                         128));
  auto row = tsharkFields({f}, {"eth.type", "ieee8021ad.id", "ieee8021ad.priority", "vlan.id", "vlan.etype",
                                "ipv6.src"})[0];
  EXPECT_EQ(row["eth.type"], "0x88a8");
  EXPECT_EQ(row["ieee8021ad.id"], "100");
  EXPECT_EQ(row["ieee8021ad.priority"], "3");
  EXPECT_EQ(row["vlan.id"], "200");
  EXPECT_EQ(row["vlan.etype"], "0x86dd");
  EXPECT_EQ(row["ipv6.src"], "2001:db8::1");
  // The S-tag's type field names the inner C-tag.
  EXPECT_EQ(f[16], 0x81);
  EXPECT_EQ(f[17], 0x00);
}

TEST(Vlan, FourTagsAllowedFiveRejected) {
  std::vector<v1::Layer> layers = {L("eth")};
  for (int i = 0; i < 4; ++i) layers.push_back(L("vlan", {{"vlan.id", std::to_string(10 + i)}}));
  layers.push_back(L("ip"));
  Frame f = buildFrame(S(layers, 128));
  auto row = tsharkFields({f}, {"vlan.id"})[0];
  EXPECT_EQ(row["vlan.id"], "10,11,12,13");
  layers.insert(layers.begin() + 1, L("vlan"));
  EXPECT_EQ(compileError(S(layers, 128)), "layers[5]: at most 4 VLAN tags may be stacked");
}

TEST(Vlan, IdOutOfRange) {
  EXPECT_EQ(compileError(S({L("eth"), L("vlan", {{"vlan.id", "4096"}})})),
            "layers[1].vlan.id: 4096 exceeds 12 bits (allowed 0..4095)");
}

}  // namespace
}  // namespace staccato::test
