#include <gtest/gtest.h>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

v1::Stream twoLabels(const std::string& l3) {
  return S({L("eth"), L("mpls", {{"mpls.label", "100"}, {"mpls.exp", "5"}}),
            L("mpls", {{"mpls.label", "200"}, {"mpls.ttl", "3"}}), L(l3), L("udp"), L("payload")},
           128);
}

TEST(Mpls, TwoLabelsOverIpv4AndIpv6) {
  std::vector<Frame> frames = {buildFrame(twoLabels("ip")), buildFrame(twoLabels("ipv6"))};
  auto rows = tsharkFields(frames, {"eth.type", "mpls.label", "mpls.exp", "mpls.bottom", "mpls.ttl",
                                    "udp.checksum.status", "frame.protocols"});
  EXPECT_EQ(rows[0]["eth.type"], "0x8847");
  EXPECT_EQ(rows[0]["mpls.label"], "100,200");
  EXPECT_EQ(rows[0]["mpls.exp"], "5,0");
  EXPECT_EQ(rows[0]["mpls.bottom"], "0,1");
  EXPECT_EQ(rows[0]["mpls.ttl"], "64,3");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:mpls:ip:udp:data");
  EXPECT_EQ(rows[1]["frame.protocols"], "eth:ethertype:mpls:ipv6:udp:data");
  for (auto& row : rows) EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});

  // parse(build(x)) == x, for both.
  for (const Frame& f : frames) {
    v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
    for (const ParsedLayer& p : parseFrame(f)) *again.add_layers() = toModelLayer(p.state);
    ASSERT_EQ(again.layers_size(), 6);
    EXPECT_EQ(again.layers(2).protocol(), "mpls");
    EXPECT_EQ(again.layers(2).fields().at("mpls.label"), "200");
    EXPECT_EQ(buildFrame(again), f);
  }
}

TEST(Mpls, BottomOfStackCanBeOverridden) {
  Frame f = buildFrame(S({L("eth"), L("mpls", {{"mpls.bottom", "1"}}), L("mpls"), L("payload")}, 64));
  EXPECT_EQ(tsharkFields({f}, {"mpls.bottom"})[0]["mpls.bottom"], "1");
}

TEST(Mpls, LabelVaries) {
  v1::Stream s = twoLabels("ip");
  auto* v = s.add_variable_fields();
  v->set_field("mpls.label");
  v->set_layer(2);
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_step(10);
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 4), {"mpls.label", "mpls.bottom"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["mpls.label"], "100,200");
  EXPECT_EQ(rows[1]["mpls.label"], "100,210");
  EXPECT_EQ(rows[2]["mpls.label"], "100,220");
  EXPECT_EQ(rows[3]["mpls.label"], "100,200");
  for (auto& row : rows) EXPECT_EQ(row["mpls.bottom"], "0,1");
}

}  // namespace
}  // namespace staccato::test
