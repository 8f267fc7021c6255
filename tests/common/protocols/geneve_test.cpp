#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: version 0 only; options must be well-formed; the reserved
// flag bits read back as one boolean.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "geneve",
    .structural = {{"geneve.version", ""}},
    .values = {{"geneve.options", "0102010100000005"}, {"geneve.flags.reserved", "0"}},
});

v1::Stream overlay(std::map<std::string, std::string> geneve) {
  return S({L("eth"), L("ip"), L("udp"), L("geneve", std::move(geneve)),
            L("eth", {{"eth.src", "02:00:00:00:01:01"}, {"eth.dst", "02:00:00:00:01:02"}}),
            L("ip", {{"ip.src", "10.0.0.1"}, {"ip.dst", "10.0.0.2"}}), L("udp"), L("payload")},
           160);
}

TEST(Geneve, EthernetFrameWithAnOptionOverUdp6081) {
  Frame f = buildFrame(overlay({{"geneve.vni", "5000"}, {"geneve.options", "0102010100000005"}}));
  auto row = tsharkFields({f}, {"udp.dstport", "udp.length", "udp.checksum.status", "geneve.version",
                                "geneve.proto_type", "geneve.vni", "geneve.options", "geneve.option.class",
                                "geneve.option.type", "geneve.option.length", "eth.src", "ip.checksum.status",
                                "frame.protocols"})[0];
  EXPECT_EQ(row["udp.dstport"], "6081,49153");
  EXPECT_EQ(row["udp.length"], "122,64");  // 156 - 14 - 20; the inner: 122 - 8 - 16 - 14 - 20
  EXPECT_EQ(row["udp.checksum.status"], "1,1");
  EXPECT_EQ(row["geneve.version"], "0");
  EXPECT_EQ(row["geneve.proto_type"], "0x6558");
  EXPECT_EQ(std::stoul(row["geneve.vni"], nullptr, 0), 5000u);
  EXPECT_EQ(row["geneve.option.class"], "0x0102");
  EXPECT_EQ(row["geneve.option.type"], "0x01");
  EXPECT_EQ(row["geneve.option.length"].substr(0, 2), "8,");  // the option with its header, twice
  EXPECT_EQ(row["eth.src"], "02:00:00:00:00:01,02:00:00:00:01:01");
  EXPECT_EQ(row["ip.checksum.status"], "1,1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ip:udp:geneve:eth:ethertype:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 8u);
  EXPECT_EQ(parsed[3].state.spec->name, "geneve");
  EXPECT_EQ(parsed[3].state.num("geneve.opt_len"), 2u);
  EXPECT_EQ(parsed[4].state.spec->name, "eth");
  expectRebuildsTheSame(f);
}

TEST(Geneve, CarriesIpv4Directly) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("udp"), L("geneve"), L("ip"), L("udp"), L("payload")}, 128));
  auto row = tsharkFields({f}, {"geneve.proto_type", "udp.checksum.status", "frame.protocols"})[0];
  EXPECT_EQ(row["geneve.proto_type"], "0x0800");
  EXPECT_EQ(row["udp.checksum.status"], "1,1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ipv6:udp:geneve:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Geneve, OptionsFillFourByteUnits) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("udp"), L("geneve", {{"geneve.options", "010201"}})})),
            "layers[3].geneve.options: 3 bytes; options fill 4-byte units, at most 252 bytes");
}

TEST(Geneve, VniVaries) {
  v1::Stream s = overlay({{"geneve.vni", "100"}});
  auto* v = s.add_variable_fields();
  v->set_field("geneve.vni");
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 4), {"geneve.vni", "udp.checksum.status"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(std::stoul(rows[0]["geneve.vni"], nullptr, 0), 100u);
  EXPECT_EQ(std::stoul(rows[2]["geneve.vni"], nullptr, 0), 102u);
  EXPECT_EQ(std::stoul(rows[3]["geneve.vni"], nullptr, 0), 100u);
  EXPECT_EQ(rows[1]["udp.checksum.status"], "1,1");
}

}  // namespace
}  // namespace staccato::test
