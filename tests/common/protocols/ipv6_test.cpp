#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: the version decides the decoding.
const RegisterFieldCaseRules kFieldCases({.protocol = "ipv6", .structural = {{"ipv6.version", ""}}});


TEST(Ipv6, AutoFieldsAndAddresses) {
  Frame f = buildFrame(S({L("eth"), L("ipv6", {{"ipv6.src", "fe80::1"}, {"ipv6.dst", "ff02::1:ff00:2"},
                                                {"ipv6.hlim", "255"}, {"ipv6.flow", "0x12345"},
                                                {"ipv6.tclass.dscp", "10"}}),
                          L("udp"), L("payload")},
                         100));
  auto row = tsharkFields({f}, {"ipv6.plen", "ipv6.nxt", "ipv6.src", "ipv6.dst", "ipv6.hlim", "ipv6.flow",
                                "ipv6.tclass.dscp", "udp.checksum.status"})[0];
  EXPECT_EQ(row["ipv6.plen"], "42");  // 96 - 14 - 40
  EXPECT_EQ(row["ipv6.nxt"], "17");
  EXPECT_EQ(row["ipv6.src"], "fe80::1");
  EXPECT_EQ(row["ipv6.dst"], "ff02::1:ff00:2");
  EXPECT_EQ(row["ipv6.hlim"], "255");
  EXPECT_EQ(row["ipv6.flow"], "0x012345");
  EXPECT_EQ(row["ipv6.tclass.dscp"], "10");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
}

TEST(Ipv6, NextHeaderFollowsTheLayerAbove) {
  auto rows = tsharkFields({buildFrame(S({L("eth"), L("ipv6"), L("tcp")}, 80)),
                            buildFrame(S({L("eth"), L("ipv6"), L("icmpv6")}, 80)),
                            buildFrame(S({L("eth"), L("ipv6"), L("payload")}, 80)),
                            buildFrame(S({L("eth"), L("ip"), L("ipv6"), L("udp")}, 100))},
                           {"ipv6.nxt", "ip.proto"});
  EXPECT_EQ(rows[0]["ipv6.nxt"], "6");
  EXPECT_EQ(rows[1]["ipv6.nxt"], "58");
  EXPECT_EQ(rows[2]["ipv6.nxt"], "59");
  EXPECT_EQ(rows[3]["ip.proto"], "41");
  EXPECT_EQ(rows[3]["ipv6.nxt"], "17");
}

TEST(Ipv6, BadAddressNamesTheField) {
  EXPECT_EQ(compileError(S({L("eth"), L("ipv6", {{"ipv6.dst", "2001:db8::g"}})}, 80)),
            "layers[1].ipv6.dst: '2001:db8::g' is not a valid Destination address (allowed an IPv6 address like "
            "2001:db8::1)");
}

}  // namespace
}  // namespace staccato::test
