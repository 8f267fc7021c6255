#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: options must be well-formed (a router alert, padded automatically).
const RegisterFieldCaseRules kFieldCases({
    .protocol = "ipv6.hopopts",
    .values = {{"ipv6.hopopts.options", "05020000"}},
});

TEST(Ipv6HopByHop, RouterAlertPaddedBeforeUdp) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("ipv6.hopopts", {{"ipv6.hopopts.options", "05020000"}}), L("udp"),
                          L("payload")},
                         128));
  auto row = tsharkFields({f}, {"ipv6.nxt", "ipv6.plen", "ipv6.hopopts.nxt", "ipv6.hopopts.len",
                                "ipv6.hopopts.len_oct", "ipv6.opt.router_alert", "ipv6.opt.type",
                                "udp.checksum.status", "udp.length", "frame.protocols"})[0];
  EXPECT_EQ(row["ipv6.nxt"], "0");
  EXPECT_EQ(row["ipv6.plen"], "70");  // 124 - 14 - 40
  EXPECT_EQ(row["ipv6.hopopts.nxt"], "17");
  EXPECT_EQ(row["ipv6.hopopts.len"], "0");
  EXPECT_EQ(row["ipv6.hopopts.len_oct"], "8");
  EXPECT_EQ(row["ipv6.opt.router_alert"], "0");
  EXPECT_EQ(row["ipv6.opt.type"], "0x05,0x01");  // router alert, then PadN
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["udp.length"], "62");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ipv6:ipv6.hopopts:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_GE(parsed.size(), 4u);
  EXPECT_EQ(parsed[2].state.spec->name, "ipv6.hopopts");
  EXPECT_EQ(parsed[3].state.spec->name, "udp");
  expectRebuildsTheSame(f);
}

TEST(Ipv6HopByHop, PaddingTakesPad1OrPadN) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), L("ipv6"), L("ipv6.hopopts"), L("payload")}, 80)),
      buildFrame(S({L("eth"), L("ipv6"), L("ipv6.hopopts", {{"ipv6.hopopts.options", "010400000000"}}),
                    L("payload")},
                   80)),
      buildFrame(S({L("eth"), L("ipv6"), L("ipv6.hopopts", {{"ipv6.hopopts.options", "0502000001020000"}}),
                    L("payload")},
                   80)),
  };
  auto rows = tsharkFields(frames, {"ipv6.hopopts.len", "ipv6.opt.type", "ipv6.hopopts.nxt"});
  EXPECT_EQ(rows[0]["ipv6.hopopts.len"], "0");
  EXPECT_EQ(rows[0]["ipv6.opt.type"], "0x01");  // PadN of 4
  EXPECT_EQ(rows[0]["ipv6.hopopts.nxt"], "59");
  EXPECT_EQ(rows[1]["ipv6.opt.type"], "0x01");  // 2 + 6: no padding
  EXPECT_EQ(rows[2]["ipv6.hopopts.len"], "1");  // 2 + 8 + PadN of 6
  EXPECT_EQ(rows[2]["ipv6.opt.type"], "0x05,0x01,0x01");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  for (const Frame& f : frames) expectRebuildsTheSame(f);
}

TEST(Ipv6HopByHop, InnerFlowLabelVaries) {
  v1::Stream s = S({L("eth"), L("ipv6"), L("ipv6.hopopts"), L("udp"), L("payload")}, 100);
  auto* v = s.add_variable_fields();
  v->set_field("ipv6.flow");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"ipv6.flow", "udp.checksum.status"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["ipv6.flow"], "0x000000");
  EXPECT_EQ(rows[1]["ipv6.flow"], "0x000001");
  EXPECT_EQ(rows[1]["udp.checksum.status"], "1");
}

}  // namespace
}  // namespace staccato::test
