#include <gtest/gtest.h>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: IGMP carries nothing (Wireshark tells v2 from v3 queries by
// the length); counts and the aux data length must match what is built.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "igmp",
    .structural = {{"igmp.type", ""}, {"igmp.num_grp_recs", ""}, {"igmp.aux_data_len", ""}},
    .values = {{"igmp.sources", "c0000201c0000202"}, {"igmp.record_type", "mode-is-exclude"}},
    .carriesPayload = false,
});

v1::Stream igmp(std::map<std::string, std::string> fields) {
  return S({L("eth", {{"eth.dst", "01:00:5e:00:00:01"}}), L("ip", {{"ip.dst", "224.0.0.1"}, {"ip.ttl", "1"}}),
            L("igmp", std::move(fields))},
           80);
}

TEST(Igmp, V2QueryReportAndLeave) {
  std::vector<Frame> frames = {
      buildFrame(igmp({})),
      buildFrame(igmp({{"igmp.type", "v2-membership-report"}, {"igmp.max_resp", "0"}, {"igmp.maddr", "239.1.2.3"}})),
      buildFrame(igmp({{"igmp.type", "leave-group"}, {"igmp.max_resp", "0"}, {"igmp.maddr", "239.1.2.3"}})),
  };
  auto rows = tsharkFields(frames, {"ip.proto", "igmp.version", "igmp.type", "igmp.max_resp", "igmp.maddr",
                                    "igmp.checksum.status"});
  EXPECT_EQ(rows[0]["ip.proto"], "2");
  EXPECT_EQ(rows[0]["igmp.version"], "2");
  EXPECT_EQ(rows[0]["igmp.type"], "0x11");
  EXPECT_EQ(rows[0]["igmp.max_resp"], "100");
  EXPECT_EQ(rows[0]["igmp.maddr"], "0.0.0.0");
  EXPECT_EQ(rows[1]["igmp.type"], "0x16");
  EXPECT_EQ(rows[1]["igmp.maddr"], "239.1.2.3");
  EXPECT_EQ(rows[2]["igmp.type"], "0x17");
  for (auto& row : rows) EXPECT_EQ(row["igmp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
}

TEST(Igmp, V3ReportWithSources) {
  Frame f = buildFrame(igmp({{"igmp.type", "v3-membership-report"}, {"igmp.record_type", "mode-is-include"},
                             {"igmp.maddr", "232.1.1.1"}, {"igmp.sources", "c0000201 c0000202 c0000203"}}));
  auto row = tsharkFields({f}, {"igmp.version", "igmp.num_grp_recs", "igmp.record_type", "igmp.num_src",
                                "igmp.maddr", "igmp.saddr", "igmp.checksum.status"})[0];
  EXPECT_EQ(row["igmp.version"], "3");
  EXPECT_EQ(row["igmp.num_grp_recs"], "1");
  EXPECT_EQ(row["igmp.record_type"], "1");
  EXPECT_EQ(row["igmp.num_src"], "3");
  EXPECT_EQ(row["igmp.maddr"], "232.1.1.1");
  EXPECT_EQ(row["igmp.saddr"], "192.0.2.1,192.0.2.2,192.0.2.3");
  EXPECT_EQ(row["igmp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x: the parsed layers rebuild the same bytes.
  v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
  for (const ParsedLayer& p : parseFrame(f)) *again.add_layers() = toModelLayer(p.state);
  ASSERT_EQ(again.layers_size(), 3);
  EXPECT_EQ(again.layers(2).protocol(), "igmp");
  EXPECT_EQ(again.layers(2).fields().at("igmp.sources"), "c0000201c0000202c0000203");
  EXPECT_EQ(buildFrame(again), f);
}

TEST(Igmp, GroupAddressVariesAndChecksumFollows) {
  v1::Stream s = igmp({{"igmp.type", "v2-membership-report"}, {"igmp.maddr", "239.0.0.1"}});
  auto* v = s.add_variable_fields();
  v->set_field("igmp.maddr");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 4), {"igmp.maddr", "igmp.checksum.status"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["igmp.maddr"], "239.0.0.1");
  EXPECT_EQ(rows[2]["igmp.maddr"], "239.0.0.3");
  EXPECT_EQ(rows[3]["igmp.maddr"], "239.0.0.1");
  for (auto& row : rows) EXPECT_EQ(row["igmp.checksum.status"], "1");
}

TEST(Igmp, WrongChecksumAndBadSources) {
  Frame f = buildFrame(igmp({{"igmp.checksum", "0xdead"}}));
  EXPECT_EQ(tsharkFields({f}, {"igmp.checksum.status"})[0]["igmp.checksum.status"], "0");
  EXPECT_EQ(compileError(igmp({{"igmp.type", "v3-membership-report"}, {"igmp.sources", "c00002"}})),
            "layers[2].igmp.sources: 3 bytes; sources are IPv4 addresses, 4 bytes each");
  EXPECT_EQ(compileError(igmp({{"igmp.type", "leave-group"}, {"igmp.sources", "c0000201"}})),
            "layers[2].igmp.sources: does not apply to igmp.type leave-group");
}

TEST(Igmp, V3QueriesGeneralAndWithSources) {
  std::vector<Frame> frames = {
      buildFrame(igmp({{"igmp.qrv", "2"}, {"igmp.qqic", "125"}})),
      buildFrame(igmp({{"igmp.maddr", "232.1.1.1"}, {"igmp.s", "1"}, {"igmp.sources", "c6336401c6336402"}})),
      buildFrame(igmp({})),  // no v3 field set: a v2 query
  };
  auto rows = tsharkFields(frames, {"ip.len", "igmp.version", "igmp.type", "igmp.maddr", "igmp.s", "igmp.qrv",
                                    "igmp.qqic", "igmp.num_src", "igmp.saddr", "igmp.checksum.status"});
  EXPECT_EQ(rows[0]["ip.len"], "32");  // 20 + 12
  EXPECT_EQ(rows[0]["igmp.version"], "3");
  EXPECT_EQ(rows[0]["igmp.type"], "0x11");
  EXPECT_EQ(rows[0]["igmp.qrv"], "2");
  EXPECT_EQ(rows[0]["igmp.qqic"], "125");
  EXPECT_EQ(rows[0]["igmp.num_src"], "0");
  EXPECT_EQ(rows[1]["ip.len"], "40");  // 20 + 12 + 8
  EXPECT_EQ(rows[1]["igmp.version"], "3");
  EXPECT_EQ(rows[1]["igmp.maddr"], "232.1.1.1");
  EXPECT_EQ(rows[1]["igmp.s"], "1");
  EXPECT_EQ(rows[1]["igmp.qrv"], "2");    // the default
  EXPECT_EQ(rows[1]["igmp.qqic"], "125");  // the default
  EXPECT_EQ(rows[1]["igmp.num_src"], "2");
  EXPECT_EQ(rows[1]["igmp.saddr"], "198.51.100.1,198.51.100.2");
  EXPECT_EQ(rows[2]["ip.len"], "28");
  EXPECT_EQ(rows[2]["igmp.version"], "2");
  for (const auto& row : rows) EXPECT_EQ(row.at("igmp.checksum.status"), "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});

  // parse(build(x)) == x
  for (const Frame& f : frames) {
    v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
    for (const ParsedLayer& p : parseFrame(f)) *again.add_layers() = toModelLayer(p.state);
    EXPECT_EQ(buildFrame(again), f);
  }
  EXPECT_EQ(compileError(igmp({{"igmp.type", "leave-group"}, {"igmp.qrv", "2"}})).substr(0, 40),
            "layers[2].igmp.qrv: does not apply to ig");
}

TEST(Igmp, V3QueryGroupVaries) {
  v1::Stream s = igmp({{"igmp.maddr", "232.1.1.1"}, {"igmp.sources", "c6336401"}});
  auto* v = s.add_variable_fields();
  v->set_field("igmp.maddr");
  v->set_count(10);
  auto rows = tsharkFields(buildFrames(s, 3), {"igmp.version", "igmp.maddr", "igmp.checksum.status"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["igmp.version"], "3");
  EXPECT_EQ(rows[2]["igmp.maddr"], "232.1.1.3");
  EXPECT_EQ(rows[2]["igmp.checksum.status"], "1");
}

}  // namespace
}  // namespace staccato::test
