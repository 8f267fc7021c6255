#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: tags must be well-formed; nothing follows them.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "pppoed",
    .structural = {{"pppoed.version", ""}, {"pppoed.type", ""}},
    .values = {{"pppoed.tag_list", "0101000001030004deadbeef"}},
    .carriesPayload = false,
});

TEST(PppoeDiscovery, PadiAndPads) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth", {{"eth.dst", "ff:ff:ff:ff:ff:ff"}}),
                    L("pppoed", {{"pppoed.tag_list", "0101000001030004deadbeef"}})},
                   64)),
      buildFrame(S({L("eth"), L("pppoed", {{"pppoed.code", "pads"}, {"pppoed.session_id", "0x0042"}})}, 64)),
  };
  auto rows = tsharkFields(frames, {"eth.type", "pppoe.version", "pppoe.code", "pppoe.session_id",
                                    "pppoe.payload_length", "pppoed.tags.host_uniq", "frame.protocols"});
  EXPECT_EQ(rows[0]["eth.type"], "0x8863");
  EXPECT_EQ(rows[0]["pppoe.version"], "1");
  EXPECT_EQ(rows[0]["pppoe.code"], "0x09");
  EXPECT_EQ(rows[0]["pppoe.payload_length"], "12");
  EXPECT_EQ(rows[0]["pppoed.tags.host_uniq"], "deadbeef");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:pppoed");
  EXPECT_EQ(rows[1]["pppoe.code"], "0x65");
  EXPECT_EQ(rows[1]["pppoe.session_id"], "0x0042");
  EXPECT_EQ(rows[1]["pppoe.payload_length"], "4");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});

  // parse(build(x)) == x
  for (const Frame& f : frames) {
    std::vector<ParsedLayer> parsed = parseFrame(f);
    ASSERT_GE(parsed.size(), 2u);  // then the Ethernet padding, as raw bytes
    EXPECT_EQ(parsed[1].state.spec->name, "pppoed");
    expectRebuildsTheSame(f);
  }
}

TEST(PppoeDiscovery, SessionIdVaries) {
  v1::Stream s = S({L("eth"), L("pppoed", {{"pppoed.code", "padt"}, {"pppoed.session_id", "0x0001"}})}, 64);
  auto* v = s.add_variable_fields();
  v->set_field("pppoed.session_id");
  v->set_count(10);
  auto rows = tsharkFields(buildFrames(s, 2), {"pppoe.session_id"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1]["pppoe.session_id"], "0x0002");
}

}  // namespace
}  // namespace staccato::test
