#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: the customer addresses are always built.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "ieee8021ah",
    .structural = {{"ieee8021ah.nca", ""}},
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      layers.insert(layers.begin() + static_cast<std::ptrdiff_t>(c.layer) + 1, L("eth"));
    },
});

v1::Stream backbone(std::map<std::string, std::string> itag) {
  return S({L("eth", {{"eth.dst", "02:00:00:00:0b:02"}, {"eth.src", "02:00:00:00:0b:01"}}), L("vlan"),
            L("ieee8021ah", std::move(itag)),
            L("eth", {{"eth.src", "02:00:00:00:01:01"}, {"eth.dst", "02:00:00:00:01:02"}}), L("ip"), L("udp"),
            L("payload")},
           128);
}

TEST(Ieee8021ah, CustomerFrameInABackboneFrame) {
  Frame f = buildFrame(backbone({{"ieee8021ah.isid", "70000"}, {"ieee8021ah.priority", "5"}}));
  auto row = tsharkFields({f}, {"vlan.etype", "ieee8021ah.priority", "ieee8021ah.isid", "ieee8021ah.cdst",
                                "ieee8021ah.csrc", "ieee8021ah.etype", "ip.len", "udp.checksum.status",
                                "frame.protocols"})[0];
  EXPECT_EQ(row["vlan.etype"], "0x88e7");
  EXPECT_EQ(row["ieee8021ah.priority"], "5");
  EXPECT_EQ(row["ieee8021ah.isid"], "70000");
  EXPECT_EQ(row["ieee8021ah.cdst"], "02:00:00:00:01:02");
  EXPECT_EQ(row["ieee8021ah.csrc"], "02:00:00:00:01:01");
  EXPECT_EQ(row["ieee8021ah.etype"], "0x0800");
  EXPECT_EQ(row["ip.len"], "88");  // 124 - 14 - 4 - 4 (I-TAG) - 14
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:vlan:ethertype:ieee8021ah:ethertype:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 7u);
  EXPECT_EQ(parsed[2].state.spec->name, "ieee8021ah");
  EXPECT_EQ(parsed[3].state.spec->name, "eth");
  expectRebuildsTheSame(f);
}

TEST(Ieee8021ah, IsidVaries) {
  v1::Stream s = backbone({{"ieee8021ah.isid", "1000"}});
  auto* v = s.add_variable_fields();
  v->set_field("ieee8021ah.isid");
  v->set_count(10);
  auto rows = tsharkFields(buildFrames(s, 3), {"ieee8021ah.isid", "udp.checksum.status"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["ieee8021ah.isid"], "1002");
  EXPECT_EQ(rows[2]["udp.checksum.status"], "1");
}

}  // namespace
}  // namespace staccato::test
