#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: as ARP's, the types and sizes decide the decoding; RARP
// carries nothing.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "rarp",
    .structural = {{"arp.hw.type", ""}, {"arp.proto.type", ""}, {"arp.hw.size", ""}, {"arp.proto.size", ""}},
    .carriesPayload = false,
});

const std::vector<std::string> kFields = {"eth.type",       "frame.protocols",    "arp.opcode",
                                          "arp.src.hw_mac", "arp.src.proto_ipv4", "arp.dst.hw_mac",
                                          "arp.dst.proto_ipv4"};

/// What the parser makes of the layer after Ethernet.
std::string secondLayer(const Frame& f) {
  std::vector<ParsedLayer> layers = parseFrame(f);
  return layers.size() > 1 ? std::string(layers[1].state.spec->name) : "";
}

TEST(Rarp, RequestAndReplyOnTheirOwnEtherType) {
  Frame request = buildFrame(S({L("eth", {{"eth.dst", "ff:ff:ff:ff:ff:ff"}}), L("rarp")}));
  Frame reply = buildFrame(S({L("eth", {{"eth.src", "02:00:00:00:00:09"}}),
                              L("rarp", {{"arp.opcode", "rarp-reply"},
                                         {"arp.src.hw_mac", "02:00:00:00:00:09"},
                                         {"arp.src.proto_ipv4", "192.0.2.9"},
                                         {"arp.dst.proto_ipv4", "192.0.2.77"}})}));
  auto rows = tsharkFields({request, reply}, kFields);
  EXPECT_EQ(rows[0]["eth.type"], "0x8035");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:arp");
  EXPECT_EQ(rows[0]["arp.opcode"], "3");
  EXPECT_EQ(rows[0]["arp.src.hw_mac"], "02:00:00:00:00:01");
  EXPECT_EQ(rows[0]["arp.dst.hw_mac"], "02:00:00:00:00:01");  // the asking host's own
  EXPECT_EQ(rows[0]["arp.src.proto_ipv4"], "0.0.0.0");
  EXPECT_EQ(rows[1]["eth.type"], "0x8035");
  EXPECT_EQ(rows[1]["arp.opcode"], "4");
  EXPECT_EQ(rows[1]["arp.src.proto_ipv4"], "192.0.2.9");
  EXPECT_EQ(rows[1]["arp.dst.proto_ipv4"], "192.0.2.77");
  EXPECT_EQ(tsharkProblems({request, reply}), std::vector<std::string>{});

  // parse(build(x)) == x, and 0x8035 parses as rarp while ARP's 0x0806 stays arp.
  for (const Frame& f : {request, reply}) expectRebuildsTheSame(f);
  EXPECT_EQ(secondLayer(request), "rarp");
  EXPECT_EQ(secondLayer(buildFrame(S({L("eth"), L("arp", {{"arp.opcode", "rarp-request"}})}))), "arp");
}

TEST(Rarp, SenderMacVaries) {
  v1::Stream s = S({L("eth"), L("rarp", {{"arp.src.hw_mac", "02:00:00:00:00:fe"}})});
  auto* v = s.add_variable_fields();
  v->set_field("arp.src.hw_mac");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 4), {"eth.type", "arp.src.hw_mac"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["arp.src.hw_mac"], "02:00:00:00:00:fe");
  EXPECT_EQ(rows[1]["arp.src.hw_mac"], "02:00:00:00:00:ff");
  EXPECT_EQ(rows[2]["arp.src.hw_mac"], "02:00:00:00:01:00");
  EXPECT_EQ(rows[3]["arp.src.hw_mac"], "02:00:00:00:00:fe");
  for (auto& row : rows) EXPECT_EQ(row["eth.type"], "0x8035");
}

TEST(Rarp, ItsEtherTypeHasItsName) {
  EXPECT_EQ(buildFrame(S({L("eth", {{"eth.type", "rarp"}}), L("raw", {{"raw.data", "0001"}})})),
            buildFrame(S({L("eth", {{"eth.type", "0x8035"}}), L("raw", {{"raw.data", "0001"}})})));
}

}  // namespace
}  // namespace staccato::test
