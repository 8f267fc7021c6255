#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: version 1 (PPTP) and the routing bit change the header's shape.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "gre",
    .structural = {{"gre.flags.version", ""}, {"gre.flags.routing", ""}},
});

v1::Layer outerIp() { return L("ip", {{"ip.src", "192.0.2.1"}, {"ip.dst", "192.0.2.2"}}); }

TEST(Gre, ChecksumKeyAndSequenceEachByItsFlag) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), outerIp(), L("gre"), L("ip"), L("udp"), L("payload")}, 128)),
      buildFrame(S({L("eth"), outerIp(), L("gre", {{"gre.key", "0x00001234"}}), L("ip"), L("udp"), L("payload")}, 128)),
      buildFrame(S({L("eth"), outerIp(),
                    L("gre", {{"gre.flags.checksum", "1"}, {"gre.key", "0xabcdef01"}, {"gre.sequence_number", "7"}}),
                    L("ip"), L("udp"), L("payload")},
                   128)),
  };
  auto rows = tsharkFields(frames, {"ip.proto", "gre.flags.checksum", "gre.flags.key", "gre.flags.sequence_number",
                                    "gre.checksum.status", "gre.key", "gre.sequence_number", "gre.proto",
                                    "udp.checksum.status", "frame.protocols"});
  EXPECT_EQ(rows[0]["ip.proto"], "47,17");
  EXPECT_EQ(rows[0]["gre.flags.key"], "0");
  EXPECT_EQ(rows[0]["gre.proto"], "0x0800");
  EXPECT_EQ(rows[0]["gre.key"], "");
  EXPECT_EQ(rows[1]["gre.flags.checksum"], "0");
  EXPECT_EQ(rows[1]["gre.flags.key"], "1");
  EXPECT_EQ(rows[1]["gre.key"], "0x00001234");
  EXPECT_EQ(rows[1]["gre.flags.sequence_number"], "0");
  EXPECT_EQ(rows[2]["gre.flags.checksum"], "1");
  EXPECT_EQ(rows[2]["gre.checksum.status"], "1");
  EXPECT_EQ(rows[2]["gre.key"], "0xabcdef01");
  EXPECT_EQ(rows[2]["gre.sequence_number"], "7");
  for (auto& row : rows) {
    EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ip:gre:ip:udp:data");
    EXPECT_EQ(row["udp.checksum.status"], "1");
  }
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  for (const Frame& f : frames) expectRebuildsTheSame(f);
}

TEST(Gre, EthernetIpv6AndMplsInside) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), outerIp(), L("gre"), L("eth"), L("ip"), L("payload")}, 128)),
      buildFrame(S({L("eth"), L("ipv6"), L("gre", {{"gre.flags.checksum", "1"}}), L("ipv6"), L("udp"), L("payload")},
                   128)),
      buildFrame(S({L("eth"), outerIp(), L("gre"), L("mpls", {{"mpls.label", "1000"}}), L("ip"), L("udp"),
                    L("payload")},
                   128)),
  };
  auto rows = tsharkFields(frames, {"gre.proto", "gre.checksum.status", "frame.protocols"});
  EXPECT_EQ(rows[0]["gre.proto"], "0x6558");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:ip:gre:eth:ethertype:ip:data");
  EXPECT_EQ(rows[1]["gre.proto"], "0x86dd");
  EXPECT_EQ(rows[1]["gre.checksum.status"], "1");
  EXPECT_EQ(rows[1]["frame.protocols"], "eth:ethertype:ipv6:gre:ipv6:udp:data");
  EXPECT_EQ(rows[2]["gre.proto"], "0x8847");
  EXPECT_EQ(rows[2]["frame.protocols"], "eth:ethertype:ip:gre:mpls:ip:udp:data");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  for (const Frame& f : frames) expectRebuildsTheSame(f);
}

TEST(Gre, KeyVariesAndTheChecksumFollows) {
  v1::Stream s = S({L("eth"), outerIp(), L("gre", {{"gre.flags.checksum", "1"}, {"gre.key", "0x00000100"}}), L("ip"),
                    L("payload")},
                   100);
  auto* v = s.add_variable_fields();
  v->set_field("gre.key");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_count(4);
  auto rows = tsharkFields(buildFrames(s, 3), {"gre.key", "gre.checksum.status"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0]["gre.key"], "0x00000100");
  EXPECT_EQ(rows[2]["gre.key"], "0x00000102");
  for (auto& row : rows) EXPECT_EQ(row["gre.checksum.status"], "1");
}

TEST(Gre, AFieldWithItsFlagClearedIsAnError) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("gre", {{"gre.flags.key", "0"}, {"gre.key", "5"}})})),
            "layers[2].gre.key: is not on the wire while gre.flags.key is 0 (leave the flag automatic, or set it to 1)");
  Frame wrong = buildFrame(S({L("eth"), outerIp(), L("gre", {{"gre.checksum", "0xdead"}}), L("ip"), L("payload")}, 100));
  EXPECT_EQ(tsharkFields({wrong}, {"gre.checksum.status"})[0]["gre.checksum.status"], "0");
}

}  // namespace
}  // namespace staccato::test
