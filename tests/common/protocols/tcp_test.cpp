#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: valid option values; MSS belongs on a SYN, a RST carries no data.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "tcp",
    .values = {{"tcp.options", "0402"}, {"tcp.options.wscale.shift", "9"}, {"tcp.options.mss_val", "1234"}},
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      if (c.field->name == "tcp.flags.reset") layers.pop_back();
      if (c.field->name == "tcp.options.mss_val") (*layers[c.layer].mutable_fields())["tcp.flags.syn"] = "1";
    },
});


TEST(Tcp, FlagsAndHeaderFields) {
  Frame f = buildFrame(S({L("eth"), L("ip"),
                          L("tcp", {{"tcp.flags.syn", "1"}, {"tcp.flags.ack", "1"}, {"tcp.seq_raw", "4000000000"},
                                    {"tcp.ack_raw", "17"}, {"tcp.window_size_value", "1024"}, {"tcp.dstport", "443"}}),
                          L("payload")},
                         80));
  auto row = tsharkFields({f}, {"tcp.flags", "tcp.flags.syn", "tcp.flags.ack", "tcp.flags.fin", "tcp.seq_raw",
                                "tcp.ack_raw", "tcp.window_size_value", "tcp.dstport", "tcp.hdr_len",
                                "tcp.checksum.status", "tcp.len"})[0];
  EXPECT_EQ(row["tcp.flags"], "0x0012");
  EXPECT_EQ(row["tcp.flags.syn"], "1");
  EXPECT_EQ(row["tcp.flags.fin"], "0");
  EXPECT_EQ(row["tcp.seq_raw"], "4000000000");
  EXPECT_EQ(row["tcp.ack_raw"], "17");
  EXPECT_EQ(row["tcp.window_size_value"], "1024");
  EXPECT_EQ(row["tcp.dstport"], "443");
  EXPECT_EQ(row["tcp.hdr_len"], "20");
  EXPECT_EQ(row["tcp.checksum.status"], "1");
  EXPECT_EQ(row["tcp.len"], "22");
}

TEST(Tcp, OptionsLikeALinuxSyn) {
  Frame f = buildFrame(S({L("eth"), L("ip"),
                          L("tcp", {{"tcp.flags.syn", "1"}, {"tcp.options.mss_val", "1460"}, {"tcp.options.sack_perm", "1"},
                                    {"tcp.options.timestamp.tsval", "123456"}, {"tcp.options.timestamp.tsecr", "0"},
                                    {"tcp.options.wscale.shift", "7"}})},
                         78));
  auto row = tsharkFields({f}, {"tcp.options.mss_val", "tcp.options.sack_perm", "tcp.options.timestamp.tsval",
                                "tcp.options.timestamp.tsecr", "tcp.options.wscale.shift", "tcp.hdr_len",
                                "tcp.checksum.status"})[0];
  EXPECT_EQ(row["tcp.options.mss_val"], "1460");
  EXPECT_FALSE(row["tcp.options.sack_perm"].empty());
  EXPECT_EQ(row["tcp.options.timestamp.tsval"], "123456");
  EXPECT_EQ(row["tcp.options.timestamp.tsecr"], "0");
  EXPECT_EQ(row["tcp.options.wscale.shift"], "7");
  EXPECT_EQ(row["tcp.hdr_len"], "40");
  EXPECT_EQ(row["tcp.checksum.status"], "1");
  // Same layout as Linux: 02 04 05b4 | 04 02 08 0a TSval TSecr | 01 03 03 07.
  const uint8_t expected[] = {2, 4, 5, 0xb4, 4, 2, 8, 10, 0, 1, 0xe2, 0x40, 0, 0, 0, 0, 1, 3, 3, 7};
  EXPECT_TRUE(std::equal(std::begin(expected), std::end(expected), f.begin() + 54));
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
}

TEST(Tcp, UnknownOptionLayoutsParseAsRawAndRebuildExactly) {
  // MSS, NOP, WS, NOP, NOP, SACK-perm: not our canonical order.
  Frame f = buildFrame(S({L("eth"), L("ip"), L("tcp", {{"tcp.options", "020405b4010303080101040200000000"}})}, 78));
  auto parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 3u);
  v1::Stream again;
  for (auto& p : parsed) *again.add_layers() = toModelLayer(p.state);
  again.mutable_frame_length()->set_fixed(static_cast<uint32_t>(f.size() + 4));
  EXPECT_EQ(buildFrame(again), f);
  EXPECT_EQ(tsharkFields({f}, {"tcp.options.mss_val"})[0]["tcp.options.mss_val"], "1460");
}

TEST(Tcp, TooManyOptionBytes) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("tcp", {{"tcp.options", std::string(80, '1')}})}, 128)), "");
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("tcp", {{"tcp.options", std::string(82, '1')}})}, 128)),
            "layers[2].tcp.options: options take 44 bytes, at most 40 fit in a TCP header");
}

TEST(Tcp, OverTcpIpv6) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("tcp", {{"tcp.flags.fin", "1"}}), L("payload")}, 100));
  auto row = tsharkFields({f}, {"tcp.checksum.status", "tcp.flags.fin"})[0];
  EXPECT_EQ(row["tcp.checksum.status"], "1");
  EXPECT_EQ(row["tcp.flags.fin"], "1");
}

}  // namespace
}  // namespace staccato::test
