#include <gtest/gtest.h>

#include "common/packet/field_text.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: the TLV headers and subtypes must match the MAC-sized IDs;
// LLDP ends the frame.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "lldp",
    .structural = {{"lldp.tlv.type", ""}, {"lldp.tlv.len", ""}, {"lldp.chassis.subtype", ""},
                   {"lldp.port.tlv.type", ""}, {"lldp.port.tlv.len", ""}, {"lldp.port.subtype", ""},
                   {"lldp.ttl.tlv.type", ""}, {"lldp.ttl.tlv.len", ""}},
    .values = {{"lldp.port.desc", "uplink to core"}, {"lldp.tlv.system.name", "switch-1"},
               {"lldp.tlv.system.desc", "Staccato test bridge"}},
    .carriesPayload = false,
});

TEST(Lldp, MandatoryAndTextTlvs) {
  Frame f = buildFrame(S({L("eth"), L("lldp", {{"lldp.chassis.id.mac", "02:00:00:00:00:aa"},
                                               {"lldp.port.id.mac", "02:00:00:00:00:bb"},
                                               {"lldp.time_to_live", "90"},
                                               {"lldp.port.desc", "uplink"},
                                               {"lldp.tlv.system.name", "switch-1"},
                                               {"lldp.tlv.system.desc", "Staccato test bridge"}})},
                         14 + 22 + 8 + 10 + 22 + 2 + 4));  // ends with the end TLV
  auto row = tsharkFields({f}, {"eth.dst", "eth.type", "lldp.tlv.type", "lldp.chassis.subtype", "lldp.chassis.id.mac",
                                "lldp.port.subtype", "lldp.port.id.mac", "lldp.time_to_live", "lldp.port.desc",
                                "lldp.tlv.system.name", "lldp.tlv.system.desc", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.dst"], "01:80:c2:00:00:0e");  // automatic
  EXPECT_EQ(row["eth.type"], "0x88cc");
  EXPECT_EQ(row["lldp.tlv.type"], "1,2,3,4,5,6,0");
  EXPECT_EQ(row["lldp.chassis.subtype"], "4");
  EXPECT_EQ(row["lldp.chassis.id.mac"], "02:00:00:00:00:aa");
  EXPECT_EQ(row["lldp.port.subtype"], "3");
  EXPECT_EQ(row["lldp.port.id.mac"], "02:00:00:00:00:bb");
  EXPECT_EQ(row["lldp.time_to_live"], "90");
  EXPECT_EQ(row["lldp.port.desc"], "uplink");
  EXPECT_EQ(row["lldp.tlv.system.name"], "switch-1");
  EXPECT_EQ(row["lldp.tlv.system.desc"], "Staccato test bridge");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:lldp");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[1].state.spec->name, "lldp");
  EXPECT_EQ(formatFieldValue(*ProtocolRegistry::builtin().findField("lldp.tlv.system.name"),
                             parsed[1].state.value("lldp.tlv.system.name")),
            "switch-1");
  expectRebuildsTheSame(f);
}

TEST(Lldp, MinimalFrameEndsAfterTtl) {
  Frame f = buildFrame(S({L("eth", {{"eth.dst", "01:80:c2:00:00:03"}}), L("lldp")}, 64));
  auto row = tsharkFields({f}, {"eth.dst", "lldp.tlv.type", "lldp.time_to_live"})[0];
  EXPECT_EQ(row["eth.dst"], "01:80:c2:00:00:03");
  EXPECT_EQ(row["lldp.tlv.type"], "1,2,3,0");
  EXPECT_EQ(row["lldp.time_to_live"], "120");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Lldp, OtherShapesStayRawBytes) {
  Frame f = buildFrame(S({L("eth"), L("lldp")}, 64));
  // Replace the end TLV by a system capabilities TLV (type 7), then the end TLV.
  const std::vector<uint8_t> caps = {0x0e, 0x04, 0x00, 0x14, 0x00, 0x14, 0x00, 0x00};
  std::copy(caps.begin(), caps.end(), f.begin() + 14 + 22);
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[1].state.spec->name, "raw");
  expectRebuildsTheSame(f);
}

TEST(Lldp, ChassisVaries) {
  v1::Stream s = S({L("eth"), L("lldp", {{"lldp.tlv.system.name", "sim"}})}, 64);
  auto* v = s.add_variable_fields();
  v->set_field("lldp.chassis.id.mac");
  v->set_count(100);
  auto rows = tsharkFields(buildFrames(s, 3), {"lldp.chassis.id.mac", "lldp.tlv.system.name"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["lldp.chassis.id.mac"], "02:00:00:00:00:03");
  EXPECT_EQ(rows[2]["lldp.tlv.system.name"], "sim");
}

}  // namespace
}  // namespace staccato::test
