#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: version, type and code decide how Wireshark reads the rest.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "pppoe",
    .structural = {{"pppoe.version", ""}, {"pppoe.type", ""}, {"pppoe.code", ""}},
});

TEST(PppoeSession, CarriesPppAndIpv4) {
  Frame f = buildFrame(
      S({L("eth"), L("pppoe", {{"pppoe.session_id", "0x1234"}}), L("ppp"), L("ip"), L("udp"), L("payload")}, 128));
  auto row = tsharkFields({f}, {"eth.type", "pppoe.version", "pppoe.type", "pppoe.code", "pppoe.session_id",
                                "pppoe.payload_length", "ppp.protocol", "ip.len", "ip.checksum.status",
                                "udp.checksum.status", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.type"], "0x8864");
  EXPECT_EQ(row["pppoe.version"], "1");
  EXPECT_EQ(row["pppoe.type"], "1");
  EXPECT_EQ(row["pppoe.code"], "0x00");
  EXPECT_EQ(row["pppoe.session_id"], "0x1234");
  EXPECT_EQ(row["pppoe.payload_length"], "104");  // 124 - 14 - 6
  EXPECT_EQ(row["ppp.protocol"], "0x0021");
  EXPECT_EQ(row["ip.len"], "102");
  EXPECT_EQ(row["ip.checksum.status"], "1");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:pppoes:ppp:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 6u);
  EXPECT_EQ(parsed[1].state.spec->name, "pppoe");
  EXPECT_EQ(parsed[2].state.spec->name, "ppp");
  EXPECT_EQ(parsed[3].state.spec->name, "ip");
  expectRebuildsTheSame(f);
}

TEST(PppoeSession, CarriesIpv6) {
  Frame f = buildFrame(S({L("eth"), L("pppoe"), L("ppp"), L("ipv6")}, 66));
  auto row = tsharkFields({f}, {"pppoe.payload_length", "ppp.protocol", "ipv6.plen", "frame.protocols"})[0];
  EXPECT_EQ(row["pppoe.payload_length"], "42");  // PPP 2 + IPv6 40
  EXPECT_EQ(row["ppp.protocol"], "0x0057");
  EXPECT_EQ(row["ipv6.plen"], "0");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:pppoes:ppp:ipv6");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(PppoeSession, SessionIdVaries) {
  v1::Stream s = S({L("eth"), L("pppoe", {{"pppoe.session_id", "0x0010"}}), L("ppp"), L("ip"), L("payload")}, 80);
  auto* v = s.add_variable_fields();
  v->set_field("pppoe.session_id");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"pppoe.session_id", "ip.checksum.status"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["pppoe.session_id"], "0x0010");
  EXPECT_EQ(rows[1]["pppoe.session_id"], "0x0011");
  EXPECT_EQ(rows[1]["ip.checksum.status"], "1");
}

TEST(Ppp, OnlyInAPppoeSession) {
  EXPECT_EQ(compileError(S({L("eth"), L("ppp")})), "layers[1]: ppp cannot sit on eth (ppp goes on: pppoe)");
  Frame lcp = buildFrame(
      S({L("eth"), L("pppoe"), L("ppp", {{"ppp.protocol", "lcp"}}), L("raw", {{"raw.data", "01010004"}})}, 64));
  auto row = tsharkFields({lcp}, {"ppp.protocol", "frame.protocols"})[0];
  EXPECT_EQ(row["ppp.protocol"], "0xc021");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:pppoes:ppp:lcp");
  // The payload length leaves the Ethernet padding out when parsing.
  EXPECT_EQ(tsharkFields({lcp}, {"pppoe.payload_length"})[0]["pppoe.payload_length"], "6");
  std::vector<ParsedLayer> parsed = parseFrame(lcp);
  ASSERT_EQ(parsed.size(), 4u);
  EXPECT_EQ(parsed[3].length, 4u);
  expectRebuildsTheSame(lcp);
}

}  // namespace
}  // namespace staccato::test
