#include <gtest/gtest.h>

#include "common/core/bits.h"
#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

constexpr const char* kTwoSegments = "20010db80000000000000000000000aa20010db80000000000000000000000bb";

// The registry's per-field cases: segment routing by default; type 2 (home address) for the
// other types' data, which must then be 4 reserved bytes and an address.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "ipv6.routing",
    .structural = {{"ipv6.routing.type", ""}},
    .values = {{"ipv6.routing.srh.segments", kTwoSegments},
               {"ipv6.routing.data", "0000000020010db8000000000000000000000099"}},
    .otherVariant = 2,
});

// At the end of its path (segments left 0, the destination is segment 0): the UDP checksum's
// pseudo-header takes ipv6.dst, which is then the final destination.
TEST(Ipv6Routing, SegmentRoutingHeaderBeforeUdp) {
  Frame f = buildFrame(S({L("eth"), L("ipv6", {{"ipv6.dst", "2001:db8::aa"}}),
                          L("ipv6.routing", {{"ipv6.routing.srh.segments", kTwoSegments},
                                             {"ipv6.routing.segleft", "0"},
                                             {"ipv6.routing.srh.tag", "0x1234"}}),
                          L("udp"), L("payload")},
                         160));
  auto row = tsharkFields({f}, {"ipv6.nxt", "ipv6.plen", "ipv6.routing.nxt", "ipv6.routing.len",
                                "ipv6.routing.type", "ipv6.routing.segleft", "ipv6.routing.srh.last_entry",
                                "ipv6.routing.srh.tag", "ipv6.routing.srh.addr", "udp.length", "udp.checksum.status",
                                "frame.protocols"})[0];
  EXPECT_EQ(row["ipv6.nxt"], "43");
  EXPECT_EQ(row["ipv6.plen"], "102");  // 156 - 14 - 40
  EXPECT_EQ(row["ipv6.routing.nxt"], "17");
  EXPECT_EQ(row["ipv6.routing.len"], "4");  // 8 + 32 bytes
  EXPECT_EQ(row["ipv6.routing.type"], "4");
  EXPECT_EQ(row["ipv6.routing.segleft"], "0");
  EXPECT_EQ(row["ipv6.routing.srh.last_entry"], "1");
  EXPECT_EQ(row["ipv6.routing.srh.tag"], "1234");
  EXPECT_EQ(row["ipv6.routing.srh.addr"], "2001:db8::aa,2001:db8::bb");
  EXPECT_EQ(row["udp.length"], "62");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ipv6:ipv6.routing:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_GE(parsed.size(), 4u);
  EXPECT_EQ(parsed[2].state.spec->name, "ipv6.routing");
  EXPECT_EQ(parsed[3].state.spec->name, "udp");
  expectRebuildsTheSame(f);
}

// On its way (segments left 1, ipv6.dst the active segment bb): the UDP checksum covers the final
// destination, segment 0 (aa), as RFC 8200 8.1 says and Wireshark checks. ipv6.dst varies and the
// frame length moves, so both the incremental and the full recompute are exercised.
TEST(Ipv6Routing, InTransitTheUpperChecksumCoversTheFinalDestination) {
  v1::Stream s = S({L("eth"), L("ipv6", {{"ipv6.dst", "2001:db8::bb"}}),
                    L("ipv6.routing", {{"ipv6.routing.srh.segments", kTwoSegments}}), L("udp"), L("payload")},
                   120);
  auto* v = s.add_variable_fields();
  v->set_field("ipv6.dst");
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 3), {"ipv6.dst", "ipv6.routing.segleft", "udp.checksum.status"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0]["ipv6.dst"], "2001:db8::bb");
  EXPECT_EQ(rows[2]["ipv6.dst"], "2001:db8::bd");
  for (auto& row : rows) {
    EXPECT_EQ(row["ipv6.routing.segleft"], "1");
    EXPECT_EQ(row["udp.checksum.status"], "1");
  }

  s.mutable_frame_length()->set_mode(v1::FrameLength::INCREMENT);
  s.mutable_frame_length()->set_min(120);
  s.mutable_frame_length()->set_max(123);
  auto frames = buildFrames(s, 4);
  for (auto& row : tsharkFields(frames, {"udp.checksum.status"})) EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  expectRebuildsTheSame(frames[1]);
}

// A user's segments left of 0 makes ipv6.dst final again, whatever the segment list holds.
TEST(Ipv6Routing, SegmentsLeftZeroSetByHandKeepsTheIpDestination) {
  Frame f = buildFrame(S({L("eth"), L("ipv6", {{"ipv6.dst", "2001:db8::cc"}}),
                          L("ipv6.routing", {{"ipv6.routing.srh.segments", kTwoSegments},
                                             {"ipv6.routing.segleft", "0"}}),
                          L("udp"), L("payload")},
                         120));
  Frame transit = buildFrame(S({L("eth"), L("ipv6", {{"ipv6.dst", "2001:db8::cc"}}),
                                L("ipv6.routing", {{"ipv6.routing.srh.segments", kTwoSegments}}), L("udp"),
                                L("payload")},
                               120));
  constexpr size_t kUdpChecksum = 14 + 40 + (8 + 32) + 6;  // after eth, ipv6 and two segments
  EXPECT_NE(loadBe16(f.data() + kUdpChecksum), loadBe16(transit.data() + kUdpChecksum));
  EXPECT_EQ(tsharkFields({f}, {"udp.checksum.status"})[0]["udp.checksum.status"], "1");
}

// Mobile IPv6 (type 2): the home address is the final destination.
TEST(Ipv6Routing, Type2TheUpperChecksumCoversTheHomeAddress) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"),
                          L("ipv6.routing", {{"ipv6.routing.type", "type-2"},
                                             {"ipv6.routing.data", "0000000020010db8000000000000000000000099"}}),
                          L("udp"), L("payload")},
                         128));
  auto row = tsharkFields({f}, {"ipv6.routing.segleft", "udp.checksum.status"})[0];
  EXPECT_EQ(row["ipv6.routing.segleft"], "1");
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
}

// The deprecated type 0: the last address of its list is the final destination.
TEST(Ipv6Routing, Type0TheUpperChecksumCoversTheLastAddress) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"),
                          L("ipv6.routing", {{"ipv6.routing.type", "source-route"},
                                             {"ipv6.routing.segleft", "2"},
                                             {"ipv6.routing.data", std::string("00000000") + kTwoSegments}}),
                          L("udp"), L("payload")},
                         160));
  EXPECT_EQ(tsharkFields({f}, {"udp.checksum.status"})[0]["udp.checksum.status"], "1");
}

TEST(Ipv6Routing, Type2HomeAddress) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"),
                          L("ipv6.routing", {{"ipv6.routing.type", "type-2"},
                                             {"ipv6.routing.data", "0000000020010db8000000000000000000000099"}}),
                          L("payload")},
                         128));
  auto row = tsharkFields({f}, {"ipv6.routing.len", "ipv6.routing.type", "ipv6.routing.segleft",
                                "ipv6.routing.mipv6.home_address"})[0];
  EXPECT_EQ(row["ipv6.routing.len"], "2");
  EXPECT_EQ(row["ipv6.routing.type"], "2");
  EXPECT_EQ(row["ipv6.routing.segleft"], "1");
  EXPECT_EQ(row["ipv6.routing.mipv6.home_address"], "2001:db8::99");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Ipv6Routing, SegmentsLeftAndLastEntryFollowTheSegments) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"),
                          L("ipv6.routing", {{"ipv6.routing.srh.segments", std::string(kTwoSegments) + kTwoSegments}}),
                          L("payload")},
                         160));
  auto row = tsharkFields({f}, {"ipv6.routing.len", "ipv6.routing.segleft", "ipv6.routing.srh.last_entry"})[0];
  EXPECT_EQ(row["ipv6.routing.len"], "8");  // 8 + 64 bytes
  EXPECT_EQ(row["ipv6.routing.segleft"], "3");
  EXPECT_EQ(row["ipv6.routing.srh.last_entry"], "3");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Ipv6Routing, SegmentsMustBeAddresses) {
  EXPECT_EQ(compileError(S({L("eth"), L("ipv6"), L("ipv6.routing", {{"ipv6.routing.srh.segments", "20010db8"}})})),
            "layers[2].ipv6.routing.srh.segments: 4 bytes; segments are IPv6 addresses, 16 bytes each (1 to 127)");
}

TEST(Ipv6Routing, TagVaries) {
  v1::Stream s = S({L("eth"), L("ipv6"), L("ipv6.routing", {{"ipv6.routing.srh.tag", "0x0010"}}), L("payload")}, 100);
  auto* v = s.add_variable_fields();
  v->set_field("ipv6.routing.srh.tag");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"ipv6.routing.srh.tag"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["ipv6.routing.srh.tag"], "0010");
  EXPECT_EQ(rows[1]["ipv6.routing.srh.tag"], "0011");
}

}  // namespace
}  // namespace staccato::test
