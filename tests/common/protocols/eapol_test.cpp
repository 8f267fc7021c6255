#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: a start frame has no body.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "eapol",
    .structural = {{"eapol.type", ""}},
    .values = {{"eapol.version", "3"}},
    .carriesPayload = false,
});

TEST(Eapol, StartAndEapIdentityResponse) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), L("eapol")}, 64)),
      // EAP response (2), id 1, length 10, identity (1) "alice".
      buildFrame(S({L("eth"), L("eapol", {{"eapol.type", "eap-packet"}}),
                    L("raw", {{"raw.data", "0201000a01616c696365"}})},
                   64)),
  };
  auto rows = tsharkFields(frames, {"eth.dst", "eth.type", "eapol.version", "eapol.type", "eapol.len", "eap.code",
                                    "eap.identity", "frame.protocols"});
  EXPECT_EQ(rows[0]["eth.dst"], "01:80:c2:00:00:03");  // automatic
  EXPECT_EQ(rows[0]["eth.type"], "0x888e");
  EXPECT_EQ(rows[0]["eapol.version"], "2");
  EXPECT_EQ(rows[0]["eapol.type"], "1");
  EXPECT_EQ(rows[0]["eapol.len"], "0");
  EXPECT_EQ(rows[0]["frame.protocols"], "eth:ethertype:eapol");
  EXPECT_EQ(rows[1]["eapol.type"], "0");
  EXPECT_EQ(rows[1]["eapol.len"], "10");
  EXPECT_EQ(rows[1]["eap.code"], "2");
  EXPECT_EQ(rows[1]["eap.identity"], "alice");
  EXPECT_EQ(rows[1]["frame.protocols"], "eth:ethertype:eapol");  // EAP decoded within
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});

  // parse(build(x)) == x: the body length leaves the Ethernet padding out.
  std::vector<ParsedLayer> parsed = parseFrame(frames[1]);
  ASSERT_EQ(parsed.size(), 3u);
  EXPECT_EQ(parsed[1].state.spec->name, "eapol");
  EXPECT_EQ(parsed[2].length, 10u);
  for (const Frame& f : frames) expectRebuildsTheSame(f);
}

TEST(Eapol, SourceVariesUnderIt) {
  v1::Stream s = S({L("eth"), L("eapol")}, 64);
  auto* v = s.add_variable_fields();
  v->set_field("eth.src");
  v->set_count(100);
  auto rows = tsharkFields(buildFrames(s, 2), {"eth.src", "eapol.type"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1]["eth.src"], "02:00:00:00:00:02");
  EXPECT_EQ(rows[1]["eapol.type"], "1");
}

}  // namespace
}  // namespace staccato::test
