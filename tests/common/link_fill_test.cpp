// eth.src "device" and eth.dst "resolve": the compiler accepts them, leaves zeros in the
// template and records where the drone fills the MACs; misuse is refused naming the field.
#include <gtest/gtest.h>

#include "common/stream/compiler.h"
#include "tests/support/stacks.h"

namespace staccato {
namespace {

using test::L;
using test::S;

std::string errorOf(const v1::Stream& s) {
  auto p = compile(s);
  return p ? "" : p.error().toString();
}

TEST(LinkFill, RecordsWhereTheDroneFillsTheMacs) {
  auto plan = compile(S({L("eth", {{"eth.src", "device"}, {"eth.dst", "resolve"}}), L("ieee8021ad"), L("vlan"),
                         L("ipv6"), L("udp")},
                        128));
  ASSERT_TRUE(plan) << plan.error().toString();
  const LinkFill& link = plan->link;
  EXPECT_TRUE(link.deviceSource);
  EXPECT_TRUE(link.resolveDestination);
  EXPECT_EQ(link.ipVersion, 6);
  EXPECT_EQ(link.vlanCount, 2);
  EXPECT_EQ(link.vlanTpidOffsets[0], 12);
  EXPECT_EQ(link.vlanTpidOffsets[1], 16);
  EXPECT_EQ(link.ipSrcOffset, 22 + 8);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(plan->frameTemplate[i], 0) << "placeholder MACs are zeros until the drone fills them";

  auto plain = compile(S({L("eth", {{"eth.dst", "resolve"}}), L("ip"), L("udp")}));
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->link.deviceSource);
  EXPECT_TRUE(plain->link.resolveDestination);
  EXPECT_EQ(plain->link.ipSrcOffset, 14 + 12);
  EXPECT_FALSE(compile(S({L("eth"), L("ip")}))->link.active());
}

TEST(LinkFill, MisuseIsRefusedNamingTheField) {
  EXPECT_EQ(errorOf(S({L("eth", {{"eth.src", "resolve"}}), L("ip")})),
            "layers[0].eth.src: 'resolve' is not a valid Source (allowed a MAC address like 00:11:22:33:44:55)");
  EXPECT_EQ(errorOf(S({L("eth", {{"eth.src", "device"}}), L("arp")})),
            "layers: eth.src: device needs an IPv4 or IPv6 header right after Ethernet (and its VLAN tags): the drone finds "
            "the emulated host and the next hop by its addresses");
  EXPECT_EQ(errorOf(S({L("eth"), L("ip"), L("gre"), L("eth", {{"eth.dst", "resolve"}}), L("ip")}, 128)),
            "layers[3].eth.dst: 'resolve' only in the outermost Ethernet header");
  v1::Stream varying = S({L("eth", {{"eth.src", "device"}}), L("ip"), L("udp")});
  varying.add_variable_fields()->set_field("eth.src");
  EXPECT_EQ(errorOf(varying), "variable_fields: eth.src is filled by the drone (eth.src: device); it cannot also vary");
}

}  // namespace
}  // namespace staccato
