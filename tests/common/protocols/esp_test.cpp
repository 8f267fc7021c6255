#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(Esp, HeaderOverIpv4AndIpv6) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), L("ip"), L("esp", {{"esp.spi", "0x12345678"}, {"esp.sequence", "7"}}), L("payload")},
                   128)),
      buildFrame(S({L("eth"), L("ipv6"), L("esp", {{"esp.spi", "0x00001000"}}), L("payload")}, 128)),
  };
  auto rows = tsharkFields(frames, {"ip.proto", "ip.len", "ip.checksum.status", "ipv6.nxt", "esp.spi", "esp.sequence",
                                    "frame.protocols"});
  EXPECT_EQ(rows[0]["ip.proto"], "50");
  EXPECT_EQ(rows[0]["ip.len"], "110");
  EXPECT_EQ(rows[0]["ip.checksum.status"], "1");
  EXPECT_EQ(std::stoul(rows[0]["esp.spi"], nullptr, 0), 0x12345678u);
  EXPECT_EQ(rows[0]["esp.sequence"], "7");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:ip:esp");
  EXPECT_EQ(rows[1]["ipv6.nxt"], "50");
  EXPECT_EQ(std::stoul(rows[1]["esp.spi"], nullptr, 0), 0x1000u);
  EXPECT_EQ(rows[1]["esp.sequence"], "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});

  // parse(build(x)) == x
  for (const Frame& f : frames) {
    std::vector<ParsedLayer> parsed = parseFrame(f);
    ASSERT_GE(parsed.size(), 3u);
    EXPECT_EQ(parsed[2].state.spec->name, "esp");
    expectRebuildsTheSame(f);
  }
}

TEST(Esp, SequenceNumberIncrements) {
  v1::Stream s = S({L("eth"), L("ip"), L("esp"), L("payload")}, 100);
  auto* v = s.add_variable_fields();
  v->set_field("esp.sequence");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_count(1000);
  std::vector<Frame> frames = buildFrames(s, 3);
  auto rows = tsharkFields(frames, {"esp.sequence"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0]["esp.sequence"], "1");
  EXPECT_EQ(rows[2]["esp.sequence"], "3");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});  // no sequence analysis complaint
}

}  // namespace
}  // namespace staccato::test
