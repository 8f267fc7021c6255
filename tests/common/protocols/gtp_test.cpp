#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: version, protocol type, extension flag and message type
// decide how Wireshark reads the rest.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "gtp",
    .structural = {{"gtp.flags.version", ""}, {"gtp.flags.payload", ""}, {"gtp.flags.e", ""},
                   {"gtp.flags.reserved", ""}, {"gtp.message", ""}, {"gtp.next", ""}},
});

v1::Stream tunnel(std::map<std::string, std::string> gtp) {
  return S({L("eth"), L("ip"), L("udp"), L("gtp", std::move(gtp)),
            L("ip", {{"ip.src", "10.0.0.1"}, {"ip.dst", "10.0.0.2"}}), L("udp"), L("payload")},
           128);
}

TEST(Gtp, GpduCarriesIpv4OverUdp2152) {
  Frame f = buildFrame(tunnel({{"gtp.teid", "4660"}}));
  auto row = tsharkFields({f}, {"udp.dstport", "udp.length", "udp.checksum.status", "gtp.flags", "gtp.flags.version",
                                "gtp.message", "gtp.length", "gtp.teid", "ip.src", "ip.checksum.status",
                                "frame.protocols"})[0];
  EXPECT_EQ(row["udp.dstport"], "2152,49153");
  EXPECT_EQ(row["udp.length"], "90,54");  // 124 - 14 - 20; the inner: 90 - 8 - 8 - 20
  EXPECT_EQ(row["udp.checksum.status"], "1,1");
  EXPECT_EQ(row["gtp.flags"], "0x30");
  EXPECT_EQ(row["gtp.flags.version"], "1");
  EXPECT_EQ(row["gtp.message"], "0xff");
  EXPECT_EQ(row["gtp.length"], "74");  // 90 - 8 - 8
  EXPECT_EQ(std::stoul(row["gtp.teid"], nullptr, 0), 4660u);
  EXPECT_EQ(row["ip.src"], "192.0.2.1,10.0.0.1");
  EXPECT_EQ(row["ip.checksum.status"], "1,1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ip:udp:gtp:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 7u);
  EXPECT_EQ(parsed[3].state.spec->name, "gtp");
  EXPECT_EQ(parsed[4].state.spec->name, "ip");
  expectRebuildsTheSame(f);
}

TEST(Gtp, SequenceNumberSetsTheSFlagAndCarriesIpv6) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("udp"), L("gtp", {{"gtp.seq_number", "77"}}), L("ipv6"), L("udp"),
                          L("payload")},
                         128));
  auto row = tsharkFields({f}, {"gtp.flags.s", "gtp.seq_number", "gtp.length", "ipv6.plen", "udp.checksum.status",
                                "frame.protocols"})[0];
  EXPECT_EQ(row["gtp.flags.s"], "1");
  EXPECT_EQ(std::stoul(row["gtp.seq_number"], nullptr, 0), 77u);
  EXPECT_EQ(row["gtp.length"], "74");  // 124 - 14 - 20 - 8 - 8: the optional 4 bytes count
  EXPECT_EQ(row["udp.checksum.status"], "1,1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ip:udp:gtp:ipv6:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Gtp, NpduNumberSetsThePnFlag) {
  Frame f = buildFrame(tunnel({{"gtp.npdu_number", "0x21"}}));
  auto row = tsharkFields({f}, {"gtp.flags.s", "gtp.flags.pn", "gtp.npdu_number", "gtp.length"})[0];
  EXPECT_EQ(row["gtp.flags.s"], "1");
  EXPECT_EQ(row["gtp.flags.pn"], "1");
  EXPECT_EQ(row["gtp.npdu_number"], "0x21");
  EXPECT_EQ(row["gtp.length"], "74");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Gtp, TeidVaries) {
  v1::Stream s = tunnel({{"gtp.teid", "1000"}});
  auto* v = s.add_variable_fields();
  v->set_field("gtp.teid");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"gtp.teid", "udp.checksum.status"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(std::stoul(rows[0]["gtp.teid"], nullptr, 0), 1000u);
  EXPECT_EQ(std::stoul(rows[1]["gtp.teid"], nullptr, 0), 1001u);
  EXPECT_EQ(rows[1]["udp.checksum.status"], "1,1");
}

}  // namespace
}  // namespace staccato::test
