#include <gtest/gtest.h>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

v1::Stream overlay(std::map<std::string, std::string> vxlan) {
  return S({L("eth"), L("ip"), L("udp"), L("vxlan", std::move(vxlan)),
            L("eth", {{"eth.src", "02:00:00:00:01:01"}, {"eth.dst", "02:00:00:00:01:02"}}),
            L("ip", {{"ip.src", "10.0.0.1"}, {"ip.dst", "10.0.0.2"}}), L("udp"), L("payload")},
           150);
}

TEST(Vxlan, InnerFrameOverUdp4789) {
  Frame f = buildFrame(overlay({{"vxlan.vni", "5000"}}));
  auto row = tsharkFields({f}, {"udp.dstport", "udp.length", "udp.checksum.status", "vxlan.flags", "vxlan.flag_i",
                                "vxlan.vni", "eth.src", "ip.src", "ip.checksum.status", "frame.protocols"})[0];
  EXPECT_EQ(row["udp.dstport"], "4789,49153");
  EXPECT_EQ(row["udp.length"], "112,62");  // 146 - 14 - 20; the inner: 112 - 8 - 8 - 14 - 20
  EXPECT_EQ(row["udp.checksum.status"], "1,1");
  EXPECT_EQ(row["vxlan.flags"], "0x0800");
  EXPECT_EQ(row["vxlan.flag_i"], "1");
  EXPECT_EQ(row["vxlan.vni"], "5000");
  EXPECT_EQ(row["eth.src"], "02:00:00:00:00:01,02:00:00:00:01:01");
  EXPECT_EQ(row["ip.src"], "192.0.2.1,10.0.0.1");
  EXPECT_EQ(row["ip.checksum.status"], "1,1");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ip:udp:vxlan:eth:ethertype:ip:udp:data");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
  for (const ParsedLayer& p : parseFrame(f)) *again.add_layers() = toModelLayer(p.state);
  ASSERT_EQ(again.layers_size(), 8);
  EXPECT_EQ(again.layers(3).fields().at("vxlan.vni"), "5000");
  EXPECT_EQ(again.layers(4).protocol(), "eth");
  EXPECT_EQ(buildFrame(again), f);
}

TEST(Vxlan, VniAndInnerAddressVary) {
  v1::Stream s = overlay({{"vxlan.vni", "100"}});
  auto* vni = s.add_variable_fields();
  vni->set_field("vxlan.vni");
  vni->set_count(3);
  auto* inner = s.add_variable_fields();
  inner->set_field("ip.src");
  inner->set_layer(5);
  inner->set_mode(v1::VariableField::DECREMENT);
  auto rows = tsharkFields(buildFrames(s, 4), {"vxlan.vni", "ip.src", "udp.checksum.status", "ip.checksum.status"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["vxlan.vni"], "100");
  EXPECT_EQ(rows[2]["vxlan.vni"], "102");
  EXPECT_EQ(rows[3]["vxlan.vni"], "100");
  EXPECT_EQ(rows[1]["ip.src"], "192.0.2.1,10.0.0.0");
  for (auto& row : rows) {
    EXPECT_EQ(row["udp.checksum.status"], "1,1");
    EXPECT_EQ(row["ip.checksum.status"], "1,1");
  }
}

TEST(Vxlan, CarriesOnlyEthernet) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("udp"), L("vxlan"), L("ip")})).substr(0, 41),
            "layers[4]: ip cannot sit on vxlan (ip goe");
}

}  // namespace
}  // namespace staccato::test
