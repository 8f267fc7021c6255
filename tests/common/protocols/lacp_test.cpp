#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: the subtype, version and TLV headers decide how Wireshark
// reads the LACPDU; reserved bytes stay 0; nothing follows.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "lacp",
    .structural = {{"lacp.subtype", ""}, {"lacp.version", ""}, {"lacp.tlv_type", ""}, {"lacp.tlv_length", ""},
                   {"lacp.partner.tlv_type", ""}, {"lacp.partner.tlv_length", ""}, {"lacp.collector.tlv_type", ""},
                   {"lacp.collector.tlv_length", ""}, {"lacp.terminator.tlv_type", ""},
                   {"lacp.terminator.tlv_length", ""}, {"lacp.actor.reserved", ""}, {"lacp.partner.reserved", ""},
                   {"lacp.coll_reserved", ""}, {"lacp.pad", ""}},
    .carriesPayload = false,
});

TEST(Lacp, Lacpdu) {
  Frame f = buildFrame(S({L("eth"), L("lacp", {{"lacp.actor.sysid", "02:00:00:00:00:aa"},
                                               {"lacp.actor.key", "13"},
                                               {"lacp.actor.port", "7"},
                                               {"lacp.partner.state", "0x05"}})},
                         128));
  ASSERT_EQ(f.size(), 124u);
  auto row = tsharkFields({f}, {"eth.dst", "eth.type", "slow.subtype", "lacp.version", "lacp.tlv_type",
                                "lacp.actor.sysid", "lacp.actor.key", "lacp.actor.port", "lacp.actor.state",
                                "lacp.actor.state.synchronization", "lacp.partner.sys_priority",
                                "lacp.partner.state", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.dst"], "01:80:c2:00:00:02");  // automatic
  EXPECT_EQ(row["eth.type"], "0x8809");
  EXPECT_EQ(row["slow.subtype"], "0x01");
  EXPECT_EQ(row["lacp.version"], "0x01");
  EXPECT_EQ(row["lacp.tlv_type"], "0x01,0x02,0x03,0x00");
  EXPECT_EQ(row["lacp.actor.sysid"], "02:00:00:00:00:aa");
  EXPECT_EQ(row["lacp.actor.key"], "13");
  EXPECT_EQ(row["lacp.actor.port"], "7");
  EXPECT_EQ(row["lacp.actor.state"], "0x3d");
  EXPECT_EQ(row["lacp.actor.state.synchronization"], "1");
  EXPECT_EQ(row["lacp.partner.sys_priority"], "32768");
  EXPECT_EQ(row["lacp.partner.state"], "0x05");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:slow:lacp");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_GE(parsed.size(), 2u);
  EXPECT_EQ(parsed[1].state.spec->name, "lacp");
  EXPECT_EQ(parsed[1].length, 110u);
  expectRebuildsTheSame(f);
}

TEST(Lacp, ActorPortVaries) {
  v1::Stream s = S({L("eth"), L("lacp", {{"lacp.actor.port", "1"}})}, 128);
  auto* v = s.add_variable_fields();
  v->set_field("lacp.actor.port");
  v->set_count(48);
  auto rows = tsharkFields(buildFrames(s, 3), {"lacp.actor.port"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["lacp.actor.port"], "3");
}

}  // namespace
}  // namespace staccato::test
