#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: the version decides the decoding; options must be valid.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "ip", .structural = {{"ip.version", ""}}, .values = {{"ip.options", "94040000"}}});  // router alert


TEST(Ipv4, AutoFieldsAreRight) {
  Frame f = buildFrame(S({L("eth"), L("ip", {{"ip.ttl", "7"}, {"ip.id", "0xbeef"}, {"ip.flags.df", "1"},
                                              {"ip.dsfield.dscp", "46"}, {"ip.dsfield.ecn", "1"}}),
                          L("udp"), L("payload")},
                         100));
  auto row = tsharkFields({f}, {"ip.len", "ip.hdr_len", "ip.proto", "ip.checksum.status", "ip.ttl", "ip.id",
                                "ip.flags.df", "ip.dsfield.dscp", "ip.dsfield.ecn"})[0];
  EXPECT_EQ(row["ip.len"], "82");  // 96 frame bytes - 14 Ethernet
  EXPECT_EQ(row["ip.hdr_len"], "20");
  EXPECT_EQ(row["ip.proto"], "17");
  EXPECT_EQ(row["ip.checksum.status"], "1");
  EXPECT_EQ(row["ip.ttl"], "7");
  EXPECT_EQ(row["ip.id"], "0xbeef");
  EXPECT_EQ(row["ip.flags.df"], "1");
  EXPECT_EQ(row["ip.dsfield.dscp"], "46");
  EXPECT_EQ(row["ip.dsfield.ecn"], "1");
}

TEST(Ipv4, OptionsGrowTheHeader) {
  Frame f = buildFrame(S({L("eth"), L("ip", {{"ip.options", "94040000"}}), L("udp"), L("payload")}));
  auto row = tsharkFields({f}, {"ip.hdr_len", "ip.opt.ra", "ip.checksum.status", "udp.checksum.status"})[0];
  EXPECT_EQ(row["ip.hdr_len"], "24");
  EXPECT_EQ(row["ip.opt.ra"], "0");
  EXPECT_EQ(row["ip.checksum.status"], "1");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(compileError(S({L("eth"), L("ip", {{"ip.options", "940400"}})})),
            "layers[1].ip.options: 3 bytes; options must be a multiple of 4 bytes, at most 40 (pad with 00 "
            "end-of-list or 01 no-op bytes)");
}

TEST(Ipv4, WrongChecksumOnPurpose) {
  Frame f = buildFrame(S({L("eth"), L("ip", {{"ip.checksum", "0x1234"}}), L("udp"), L("payload")}));
  auto row = tsharkFields({f}, {"ip.checksum", "ip.checksum.status"})[0];
  EXPECT_EQ(row["ip.checksum"], "0x1234");
  EXPECT_EQ(row["ip.checksum.status"], "0");  // bad
}

TEST(Ipv4, LengthExcludesEthernetPadding) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("udp")}, 64));
  auto row = tsharkFields({f}, {"ip.len", "udp.length", "eth.padding"})[0];
  EXPECT_EQ(row["ip.len"], "28");
  EXPECT_EQ(row["udp.length"], "8");
  EXPECT_EQ(row["eth.padding"], "000000000000000000000000000000000000");
}

TEST(Ipv4, IpInIpAndIcmpQuote) {
  Frame f = buildFrame(S({L("eth"), L("ip", {{"ip.src", "10.0.0.1"}}), L("ip", {{"ip.src", "10.1.0.1"}}), L("udp"),
                          L("payload")},
                         100));
  auto row = tsharkFields({f}, {"ip.proto", "ip.src", "ip.checksum.status", "udp.checksum.status"})[0];
  EXPECT_EQ(row["ip.proto"], "4,17");
  EXPECT_EQ(row["ip.src"], "10.0.0.1,10.1.0.1");
  EXPECT_EQ(row["ip.checksum.status"], "1,1");
  EXPECT_EQ(row["udp.checksum.status"], "1");
}

}  // namespace
}  // namespace staccato::test
