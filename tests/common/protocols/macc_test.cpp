#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: a MAC control frame carries nothing but its padding; the
// opcode must be known and the enable vector's high byte 0.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "macc",
    .structural = {{"macc.opcode", ""}},
    .values = {{"macc.cbfc.enbv", "0x005a"}},
    .carriesPayload = false,
});

v1::Stream control(std::map<std::string, std::string> fields) {
  return S({L("eth"), L("macc", std::move(fields))}, 64);
}

TEST(MacControl, PauseAndPfc) {
  std::vector<Frame> frames = {
      buildFrame(control({{"macc.pause_time", "1000"}})),
      buildFrame(control({{"macc.opcode", "pfc"}, {"macc.cbfc.enbv", "0x0008"}, {"macc.cbfc.pause_time.c3", "300"}})),
  };
  ASSERT_EQ(frames[0].size(), 60u);
  auto rows = tsharkFields(frames, {"eth.dst", "eth.type", "macc.opcode", "macc.pause_time", "macc.cbfc.enbv",
                                    "macc.cbfc.enbv.c3", "macc.cbfc.pause_time.c3", "frame.protocols"});
  EXPECT_EQ(rows[0]["eth.dst"], "01:80:c2:00:00:01");  // automatic
  EXPECT_EQ(rows[0]["eth.type"], "0x8808");
  EXPECT_EQ(rows[0]["macc.opcode"], "0x0001");
  EXPECT_EQ(rows[0]["macc.pause_time"], "1000");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:macc");
  EXPECT_EQ(rows[1]["macc.opcode"], "0x0101");
  EXPECT_EQ(rows[1]["macc.cbfc.enbv"], "0x0008");
  EXPECT_EQ(rows[1]["macc.cbfc.enbv.c3"], "1");
  EXPECT_EQ(rows[1]["macc.cbfc.pause_time.c3"], "300");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});

  // parse(build(x)) == x
  for (const Frame& f : frames) {
    std::vector<ParsedLayer> parsed = parseFrame(f);
    ASSERT_GE(parsed.size(), 2u);
    EXPECT_EQ(parsed[1].state.spec->name, "macc");
    expectRebuildsTheSame(f);
  }
}

TEST(MacControl, DestinationCanBeSet) {
  v1::Stream s = S({L("eth", {{"eth.dst", "02:00:00:00:00:09"}}), L("macc")}, 64);
  EXPECT_EQ(tsharkFields({buildFrame(s)}, {"eth.dst"})[0]["eth.dst"], "02:00:00:00:00:09");
}

TEST(MacControl, PauseTimeVaries) {
  v1::Stream s = control({{"macc.pause_time", "0"}});
  auto* v = s.add_variable_fields();
  v->set_field("macc.pause_time");
  v->set_step(100);
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 3), {"macc.pause_time"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1]["macc.pause_time"], "100");
  EXPECT_EQ(rows[2]["macc.pause_time"], "200");
}

}  // namespace
}  // namespace staccato::test
