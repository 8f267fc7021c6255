#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: errors quote an IPv6 + UDP packet, neighbour discovery
// messages carry only their option, echo carries payload.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "icmpv6",
    .structural = {{"icmpv6.type", ""}, {"icmpv6.opt.length", ""}},
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      const auto& fields = layers[c.layer].fields();
      if (!fields.contains("icmpv6.type")) return;
      const uint64_t type = std::stoull(fields.at("icmpv6.type"));
      if (c.protocol->variantFor(type) == c.protocol->variantFor(128)) return;
      layers.pop_back();  // the payload
      if (type == 135 || type == 136) return;
      layers.push_back(L("ipv6"));
      layers.push_back(L("udp"));
    },
});


TEST(Icmpv6, Echo) {
  Frame f = buildFrame(S({L("eth"), L("ipv6"),
                          L("icmpv6", {{"icmpv6.echo.identifier", "99"}, {"icmpv6.echo.sequence_number", "3"}}),
                          L("payload")},
                         118));
  auto row = tsharkFields({f}, {"icmpv6.type", "icmpv6.echo.identifier", "icmpv6.echo.sequence_number",
                                "icmpv6.checksum.status", "ipv6.nxt"})[0];
  EXPECT_EQ(row["icmpv6.type"], "128");
  EXPECT_EQ(row["icmpv6.echo.identifier"], "0x0063");
  EXPECT_EQ(row["icmpv6.echo.sequence_number"], "3");
  EXPECT_EQ(row["icmpv6.checksum.status"], "1");
  EXPECT_EQ(row["ipv6.nxt"], "58");
}

TEST(Icmpv6, NeighborSolicitationAndAdvertisement) {
  Frame ns = buildFrame(S({L("eth", {{"eth.dst", "33:33:ff:00:00:02"}}),
                           L("ipv6", {{"ipv6.dst", "ff02::1:ff00:2"}, {"ipv6.hlim", "255"}}),
                           L("icmpv6", {{"icmpv6.type", "neighbor-solicitation"},
                                        {"icmpv6.nd.ns.target_address", "2001:db8::2"},
                                        {"icmpv6.opt.linkaddr", "02:00:00:00:00:01"}})},
                          90));
  Frame na = buildFrame(S({L("eth"), L("ipv6", {{"ipv6.hlim", "255"}}),
                           L("icmpv6", {{"icmpv6.type", "neighbor-advertisement"}, {"icmpv6.nd.na.flag.r", "1"},
                                        {"icmpv6.nd.na.target_address", "2001:db8::2"},
                                        {"icmpv6.opt.linkaddr", "02:00:00:00:00:02"}})},
                          90));
  auto rows = tsharkFields({ns, na}, {"icmpv6.type", "icmpv6.nd.ns.target_address", "icmpv6.nd.na.target_address",
                                      "icmpv6.nd.na.flag.r", "icmpv6.nd.na.flag.s", "icmpv6.opt.type",
                                      "icmpv6.opt.linkaddr", "icmpv6.checksum.status"});
  EXPECT_EQ(rows[0]["icmpv6.type"], "135");
  EXPECT_EQ(rows[0]["icmpv6.nd.ns.target_address"], "2001:db8::2");
  EXPECT_EQ(rows[0]["icmpv6.opt.type"], "1");
  EXPECT_EQ(rows[0]["icmpv6.opt.linkaddr"], "02:00:00:00:00:01");
  EXPECT_EQ(rows[0]["icmpv6.checksum.status"], "1");
  EXPECT_EQ(rows[1]["icmpv6.type"], "136");
  EXPECT_EQ(rows[1]["icmpv6.nd.na.flag.r"], "1");
  EXPECT_EQ(rows[1]["icmpv6.nd.na.flag.s"], "1");
  EXPECT_EQ(rows[1]["icmpv6.opt.type"], "2");
  EXPECT_EQ(rows[1]["icmpv6.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems({ns, na}), std::vector<std::string>{});
}

TEST(Icmpv6, OnlyOverIpv6) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("icmpv6")})), "layers[2]: icmpv6 cannot sit on ip (icmpv6 goes on: ipv6)");
}

}  // namespace
}  // namespace staccato::test
