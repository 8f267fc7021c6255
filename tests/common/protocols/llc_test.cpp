#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: a 2-byte (I or S format) control field would change the shape.
const RegisterFieldCaseRules kFieldCases({.protocol = "llc", .structural = {{"llc.control", ""}}});

TEST(Llc, SnapCarriesIpv4InAnIeee8023Frame) {
  Frame f = buildFrame(S({L("eth"), L("llc"), L("ip"), L("udp"), L("payload")}, 128));
  auto row = tsharkFields({f}, {"eth.len", "eth.type", "llc.dsap", "llc.ssap", "llc.control", "llc.oui", "llc.type",
                                "ip.len", "udp.checksum.status", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.len"], "110");  // 124 - 14
  EXPECT_EQ(row["eth.type"], "");
  EXPECT_EQ(row["llc.dsap"], "0xaa");
  EXPECT_EQ(row["llc.ssap"], "0xaa");
  EXPECT_EQ(row["llc.control"], "0x0003");
  EXPECT_EQ(row["llc.oui"], "0");
  EXPECT_EQ(row["llc.type"], "0x0800");
  EXPECT_EQ(row["ip.len"], "102");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["frame.protocols"], "eth:llc:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_GE(parsed.size(), 3u);
  EXPECT_EQ(parsed[1].state.spec->name, "llc");
  EXPECT_EQ(parsed[2].state.spec->name, "ip");
  expectRebuildsTheSame(f);
}

TEST(Llc, ShortFrameLengthLeavesThePaddingOut) {
  Frame f = buildFrame(S({L("eth"), L("llc", {{"llc.dsap", "0xfe"}, {"llc.control", "0x03"}}),
                          L("raw", {{"raw.data", "8102"}})},
                         64));
  ASSERT_EQ(f.size(), 60u);
  auto row = tsharkFields({f}, {"eth.len", "llc.dsap", "llc.ssap"})[0];
  EXPECT_EQ(row["eth.len"], "5");
  EXPECT_EQ(row["llc.dsap"], "0xfe");
  EXPECT_EQ(row["llc.ssap"], "0xfe");
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 3u);  // eth, llc, the 2 raw bytes: the zero padding is not a layer
  EXPECT_EQ(parsed[2].length, 2u);
  expectRebuildsTheSame(f);
}

TEST(Llc, OuiVaries) {
  v1::Stream s = S({L("eth"), L("vlan"), L("llc", {{"llc.oui", "0x123456"}, {"llc.type", "0x2000"}}), L("payload")}, 80);
  auto* v = s.add_variable_fields();
  v->set_field("llc.oui");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"vlan.len", "llc.oui", "llc.pid"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["vlan.len"], "58");  // 76 - 14 - 4
  EXPECT_EQ(rows[0]["llc.oui"], "1193046");  // 0x123456; Wireshark names the type the PID there
  EXPECT_EQ(rows[0]["llc.pid"], "0x2000");
  EXPECT_EQ(rows[1]["llc.oui"], "1193047");
}

}  // namespace
}  // namespace staccato::test
