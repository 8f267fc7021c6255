#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: the types and sizes decide the decoding; ARP carries nothing.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "arp",
    .structural = {{"arp.hw.type", ""}, {"arp.proto.type", ""}, {"arp.hw.size", ""}, {"arp.proto.size", ""}},
    .carriesPayload = false,
});


TEST(Arp, RequestAndReplyDecode) {
  Frame req = buildFrame(S({L("eth", {{"eth.dst", "ff:ff:ff:ff:ff:ff"}}),
                            L("arp", {{"arp.src.proto_ipv4", "10.0.0.1"}, {"arp.dst.proto_ipv4", "10.0.0.2"}})}));
  Frame rep = buildFrame(S({L("eth"), L("arp", {{"arp.opcode", "reply"}, {"arp.src.hw_mac", "02:00:00:00:00:02"},
                                                {"arp.dst.hw_mac", "02:00:00:00:00:01"}})}));
  auto rows = tsharkFields({req, rep}, {"arp.opcode", "arp.src.proto_ipv4", "arp.dst.proto_ipv4", "arp.src.hw_mac",
                                        "arp.dst.hw_mac", "arp.hw.type", "arp.proto.type"});
  EXPECT_EQ(rows[0]["arp.opcode"], "1");
  EXPECT_EQ(rows[0]["arp.src.proto_ipv4"], "10.0.0.1");
  EXPECT_EQ(rows[0]["arp.dst.proto_ipv4"], "10.0.0.2");
  EXPECT_EQ(rows[0]["arp.hw.type"], "1");
  EXPECT_EQ(rows[0]["arp.proto.type"], "0x0800");
  EXPECT_EQ(rows[1]["arp.opcode"], "2");
  EXPECT_EQ(rows[1]["arp.src.hw_mac"], "02:00:00:00:00:02");
  EXPECT_EQ(rows[1]["arp.dst.hw_mac"], "02:00:00:00:00:01");
  EXPECT_EQ(tsharkProblems({req, rep}), std::vector<std::string>{});
}

TEST(Arp, OpcodeByNameOrNumber) {
  EXPECT_EQ(buildFrame(S({L("eth"), L("arp", {{"arp.opcode", "reply"}})})),
            buildFrame(S({L("eth"), L("arp", {{"arp.opcode", "2"}})})));
  EXPECT_NE(compileError(S({L("eth"), L("arp", {{"arp.opcode", "whois"}})})).find("request reply"), std::string::npos);
}

}  // namespace
}  // namespace staccato::test
