#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: options must be well-formed (a tunnel encapsulation limit).
const RegisterFieldCaseRules kFieldCases({
    .protocol = "ipv6.dstopts",
    .values = {{"ipv6.dstopts.options", "040104"}},
});

TEST(Ipv6DestinationOptions, AfterHopByHopBeforeUdp) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("ipv6.hopopts"),
                          L("ipv6.dstopts", {{"ipv6.dstopts.options", "040104"}}), L("udp"), L("payload")},
                         128));
  auto row = tsharkFields({f}, {"ipv6.nxt", "ipv6.plen", "ipv6.hopopts.nxt", "ipv6.dstopts.nxt", "ipv6.dstopts.len",
                                "ipv6.opt.type", "ipv6.opt.tel", "udp.checksum.status", "udp.length",
                                "frame.protocols"})[0];
  EXPECT_EQ(row["ipv6.nxt"], "0");
  EXPECT_EQ(row["ipv6.plen"], "70");
  EXPECT_EQ(row["ipv6.hopopts.nxt"], "60");
  EXPECT_EQ(row["ipv6.dstopts.nxt"], "17");
  EXPECT_EQ(row["ipv6.dstopts.len"], "0");
  EXPECT_EQ(row["ipv6.opt.type"], "0x01,0x04,0x01");  // hop-by-hop PadN; limit, PadN
  EXPECT_EQ(row["ipv6.opt.tel"], "4");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["udp.length"], "54");  // 70 - 8 - 8
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ipv6:ipv6.hopopts:ipv6.dstopts:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_GE(parsed.size(), 5u);
  EXPECT_EQ(parsed[3].state.spec->name, "ipv6.dstopts");
  EXPECT_EQ(parsed[4].state.spec->name, "udp");
  expectRebuildsTheSame(f);
}

TEST(Ipv6DestinationOptions, LongOptionsGrowTheLength) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("ipv6.dstopts", {{"ipv6.dstopts.options", "1e0c" + std::string(24, 'a')}}),
                          L("payload")},
                         100));
  auto row = tsharkFields({f}, {"ipv6.nxt", "ipv6.dstopts.len", "ipv6.dstopts.len_oct", "ipv6.dstopts.nxt"})[0];
  EXPECT_EQ(row["ipv6.nxt"], "60");
  EXPECT_EQ(row["ipv6.dstopts.len"], "1");  // 2 + 14 = 16 bytes
  EXPECT_EQ(row["ipv6.dstopts.len_oct"], "16");
  EXPECT_EQ(row["ipv6.dstopts.nxt"], "59");
  expectRebuildsTheSame(f);
}

TEST(Ipv6DestinationOptions, UdpPortVariesBehindIt) {
  v1::Stream s = S({L("eth"), L("ipv6"), L("ipv6.dstopts"), L("udp"), L("payload")}, 100);
  auto* v = s.add_variable_fields();
  v->set_field("udp.dstport");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"udp.dstport", "udp.checksum.status"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(std::stoi(rows[1]["udp.dstport"]), std::stoi(rows[0]["udp.dstport"]) + 1);
  EXPECT_EQ(rows[1]["udp.checksum.status"], "1");
}

}  // namespace
}  // namespace staccato::test
