#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: a BPDU ends the frame, and its identifier, version and type
// decide how Wireshark decodes the rest.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "stp",
    .structural = {{"stp.protocol", ""}, {"stp.version", ""}, {"stp.type", ""}},
    .carriesPayload = false,
});

v1::Stream bpdu(std::map<std::string, std::string> fields) {
  return S({L("eth", {{"eth.dst", "01:80:c2:00:00:00"}}), L("llc"), L("stp", std::move(fields))}, 64);
}

TEST(Stp, ConfigurationBpdu) {
  Frame f = buildFrame(bpdu({{"stp.root.priority", "1"},
                             {"stp.root.ext", "10"},
                             {"stp.root.hw", "02:00:00:00:00:aa"},
                             {"stp.root.cost", "19"},
                             {"stp.bridge.hw", "02:00:00:00:00:bb"},
                             {"stp.port", "0x8002"},
                             {"stp.msg_age.raw", "256"},
                             {"stp.flags", "0x01"}}));
  ASSERT_EQ(f.size(), 60u);
  auto row = tsharkFields({f}, {"eth.len", "llc.dsap", "llc.ssap", "stp.protocol", "stp.version", "stp.type",
                                "stp.flags", "stp.root.prio", "stp.root.ext", "stp.root.hw", "stp.root.cost",
                                "stp.bridge.prio", "stp.bridge.ext", "stp.bridge.hw", "stp.port", "stp.msg_age",
                                "stp.max_age", "stp.hello", "stp.forward", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.len"], "38");  // LLC 3 + BPDU 35; the rest is padding
  EXPECT_EQ(row["llc.dsap"], "0x42");
  EXPECT_EQ(row["llc.ssap"], "0x42");
  EXPECT_EQ(row["stp.protocol"], "0x0000");
  EXPECT_EQ(row["stp.version"], "0");
  EXPECT_EQ(row["stp.type"], "0x00");
  EXPECT_EQ(row["stp.flags"], "0x01");
  EXPECT_EQ(row["stp.root.prio"], "4096");
  EXPECT_EQ(row["stp.root.ext"], "10");
  EXPECT_EQ(row["stp.root.hw"], "02:00:00:00:00:aa");
  EXPECT_EQ(row["stp.root.cost"], "19");
  EXPECT_EQ(row["stp.bridge.prio"], "32768");
  EXPECT_EQ(row["stp.bridge.ext"], "0");
  EXPECT_EQ(row["stp.bridge.hw"], "02:00:00:00:00:bb");
  EXPECT_EQ(row["stp.port"], "0x8002");
  EXPECT_EQ(row["stp.msg_age"], "1");
  EXPECT_EQ(row["stp.max_age"], "20");
  EXPECT_EQ(row["stp.hello"], "2");
  EXPECT_EQ(row["stp.forward"], "15");
  EXPECT_EQ(row["frame.protocols"], "eth:llc:stp");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 3u);
  EXPECT_EQ(parsed[2].state.spec->name, "stp");
  EXPECT_EQ(parsed[2].state.num("stp.root.cost"), 19u);
  expectRebuildsTheSame(f);
}

TEST(Stp, RapidSpanningTreeBpdu) {
  Frame f = buildFrame(bpdu({{"stp.version", "rstp"}, {"stp.type", "rst"}, {"stp.flags", "0x7c"}}));
  auto row = tsharkFields({f}, {"eth.len", "stp.version", "stp.type", "stp.flags.port_role", "stp.flags.forwarding",
                                "stp.flags.agreement", "stp.version_1_length", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.len"], "39");
  EXPECT_EQ(row["stp.version"], "2");
  EXPECT_EQ(row["stp.type"], "0x02");
  EXPECT_EQ(row["stp.flags.port_role"], "3");
  EXPECT_EQ(row["stp.flags.forwarding"], "1");
  EXPECT_EQ(row["stp.flags.agreement"], "1");
  EXPECT_EQ(row["stp.version_1_length"], "0");
  EXPECT_EQ(row["frame.protocols"], "eth:llc:stp");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Stp, TopologyChangeNotificationIsFourBytes) {
  Frame f = buildFrame(bpdu({{"stp.type", "tcn"}}));
  auto row = tsharkFields({f}, {"eth.len", "stp.type", "stp.root.hw", "frame.protocols"})[0];
  EXPECT_EQ(row["eth.len"], "7");
  EXPECT_EQ(row["stp.type"], "0x80");
  EXPECT_EQ(row["stp.root.hw"], "");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  EXPECT_EQ(compileError(bpdu({{"stp.type", "tcn"}, {"stp.root.cost", "4"}})).substr(0, 44),
            "layers[2].stp.root.cost: does not apply to s");
  expectRebuildsTheSame(f);
}

TEST(Stp, RootCostAndBridgeVary) {
  v1::Stream s = bpdu({{"stp.root.cost", "100"}});
  auto* cost = s.add_variable_fields();
  cost->set_field("stp.root.cost");
  cost->set_count(3);
  auto* bridge = s.add_variable_fields();
  bridge->set_field("stp.bridge.hw");
  bridge->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 4), {"stp.root.cost", "stp.bridge.hw"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["stp.root.cost"], "100");
  EXPECT_EQ(rows[2]["stp.root.cost"], "102");
  EXPECT_EQ(rows[3]["stp.root.cost"], "100");
  EXPECT_EQ(rows[0]["stp.bridge.hw"], "02:00:00:00:00:01");
  EXPECT_EQ(rows[1]["stp.bridge.hw"], "02:00:00:00:00:02");
}

}  // namespace
}  // namespace staccato::test
