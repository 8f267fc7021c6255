#include <gtest/gtest.h>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(Ipv6FragmentHeader, FirstFragmentOfAUdpDatagram) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"),
                          L("ipv6.fraghdr", {{"ipv6.fraghdr.more", "1"}, {"ipv6.fraghdr.ident", "0x12345678"}}),
                          L("udp"), L("payload")},
                         128));
  auto row = tsharkFields({f}, {"ipv6.nxt", "ipv6.plen", "ipv6.fraghdr.nxt", "ipv6.fraghdr.offset",
                                "ipv6.fraghdr.more", "ipv6.fraghdr.ident"})[0];
  EXPECT_EQ(row["ipv6.nxt"], "44");
  EXPECT_EQ(row["ipv6.plen"], "70");  // 124 - 14 - 40
  EXPECT_EQ(row["ipv6.fraghdr.nxt"], "17");
  EXPECT_EQ(row["ipv6.fraghdr.offset"], "0");
  EXPECT_EQ(row["ipv6.fraghdr.more"], "1");
  EXPECT_EQ(row["ipv6.fraghdr.ident"], "0x12345678");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
}

TEST(Ipv6FragmentHeader, AtomicFragmentDecodesTheUdpChecksum) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("ipv6.fraghdr"), L("udp"), L("payload")}, 128));
  auto row = tsharkFields({f}, {"udp.checksum.status", "udp.length"})[0];
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["udp.length"], "62");

  // parse(build(x)) == x
  v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
  for (const ParsedLayer& p : parseFrame(f)) *again.add_layers() = toModelLayer(p.state);
  ASSERT_EQ(again.layers_size(), 5);
  EXPECT_EQ(again.layers(2).protocol(), "ipv6.fraghdr");
  EXPECT_EQ(again.layers(3).protocol(), "udp");
  EXPECT_EQ(buildFrame(again), f);
}

TEST(Ipv6FragmentHeader, OffsetVariesForLaterFragments) {
  v1::Stream s = S({L("eth"), L("ipv6"), L("ipv6.fraghdr", {{"ipv6.fraghdr.offset", "185"}}), L("payload")}, 128);
  auto* v = s.add_variable_fields();
  v->set_field("ipv6.fraghdr.offset");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_step(185);
  auto rows = tsharkFields(buildFrames(s, 3), {"ipv6.fraghdr.offset"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0]["ipv6.fraghdr.offset"], "185");
  EXPECT_EQ(rows[2]["ipv6.fraghdr.offset"], "555");
}

}  // namespace
}  // namespace staccato::test
