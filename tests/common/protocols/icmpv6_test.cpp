#include <gtest/gtest.h>

#include "common/packet/parser.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: errors quote an IPv6 + UDP packet, neighbour discovery
// messages carry only their option and MLD messages nothing, echo carries payload; an MLDv2
// report has one record.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "icmpv6",
    .structural = {{"icmpv6.type", ""}, {"icmpv6.opt.length", ""}, {"icmpv6.mldr.nb_mcast_records", ""},
                   {"icmpv6.mldr.mar.aux_data_len", ""}},
    .values = {{"icmpv6.mldr.mar.sources", "20010db80000000000000000000000aa"},
               {"icmpv6.nd.options", "0101020000000001"},
               {"icmpv6.mldr.mar.record_type", "mode-is-exclude"}},
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      const auto& fields = layers[c.layer].fields();
      if (!fields.contains("icmpv6.type")) return;
      const uint64_t type = std::stoull(fields.at("icmpv6.type"));
      if (c.protocol->variantFor(type) == c.protocol->variantFor(128)) return;
      layers.pop_back();  // the payload
      if ((type >= 130 && type <= 137) || type == 143) return;
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
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("icmpv6")})), "layers[2]: icmpv6 cannot sit on ip (icmpv6 goes on: ipv6, ipv6.hopopts, ipv6.routing, ipv6.fraghdr, "
            "ipv6.dstopts)");
}

// A frame that ends with the MLD message (24 bytes for v1).
v1::Stream mld(std::map<std::string, std::string> fields, uint32_t frameLength = 14 + 40 + 24 + 4) {
  return S({L("eth", {{"eth.dst", "33:33:00:00:00:16"}}),
            L("ipv6", {{"ipv6.src", "fe80::1"}, {"ipv6.dst", "ff02::16"}, {"ipv6.hlim", "1"}}),
            L("icmpv6", std::move(fields))},
           frameLength);
}

TEST(Icmpv6, MldV1QueryReportAndDone) {
  std::vector<Frame> frames = {
      buildFrame(mld({{"icmpv6.type", "mld-query"}})),
      buildFrame(mld({{"icmpv6.type", "mld-report"},
                      {"icmpv6.mld.maximum_response_delay", "0"},
                      {"icmpv6.mld.multicast_address", "ff05::1:3"}})),
      buildFrame(mld({{"icmpv6.type", "mld-done"},
                      {"icmpv6.mld.maximum_response_delay", "0"},
                      {"icmpv6.mld.multicast_address", "ff05::1:3"}})),
  };
  auto rows = tsharkFields(frames, {"ipv6.plen", "icmpv6.type", "icmpv6.mld.maximum_response_delay",
                                    "icmpv6.mld.multicast_address", "icmpv6.checksum.status"});
  EXPECT_EQ(rows[0]["ipv6.plen"], "24");
  EXPECT_EQ(rows[0]["icmpv6.type"], "130");
  EXPECT_EQ(rows[0]["icmpv6.mld.maximum_response_delay"], "10000");
  EXPECT_EQ(rows[0]["icmpv6.mld.multicast_address"], "::");
  EXPECT_EQ(rows[1]["icmpv6.type"], "131");
  EXPECT_EQ(rows[1]["icmpv6.mld.multicast_address"], "ff05::1:3");
  EXPECT_EQ(rows[2]["icmpv6.type"], "132");
  for (const auto& row : rows) EXPECT_EQ(row.at("icmpv6.checksum.status"), "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  for (const Frame& f : frames) expectRebuildsTheSame(f);
}

TEST(Icmpv6, Mldv2ReportWithSources) {
  Frame f = buildFrame(mld({{"icmpv6.type", "mldv2-report"},
                            {"icmpv6.mldr.mar.record_type", "mode-is-include"},
                            {"icmpv6.mldr.mar.multicast_address", "ff3e::8000:1"},
                            {"icmpv6.mldr.mar.sources",
                             "20010db80000000000000000000000aa20010db80000000000000000000000bb"}},
                           14 + 40 + 28 + 32 + 4));
  auto row = tsharkFields({f}, {"ipv6.plen", "icmpv6.type", "icmpv6.mldr.nb_mcast_records",
                                "icmpv6.mldr.mar.record_type", "icmpv6.mldr.mar.nb_sources",
                                "icmpv6.mldr.mar.multicast_address", "icmpv6.mldr.mar.source_address",
                                "icmpv6.checksum.status"})[0];
  EXPECT_EQ(row["ipv6.plen"], "60");  // 8 + 20 + 2 * 16
  EXPECT_EQ(row["icmpv6.type"], "143");
  EXPECT_EQ(row["icmpv6.mldr.nb_mcast_records"], "1");
  EXPECT_EQ(row["icmpv6.mldr.mar.record_type"], "1");
  EXPECT_EQ(row["icmpv6.mldr.mar.nb_sources"], "2");
  EXPECT_EQ(row["icmpv6.mldr.mar.multicast_address"], "ff3e::8000:1");
  EXPECT_EQ(row["icmpv6.mldr.mar.source_address"], "2001:db8::aa,2001:db8::bb");
  EXPECT_EQ(row["icmpv6.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 3u);
  EXPECT_EQ(parsed[2].state.value("icmpv6.mldr.mar.sources").bytes.size(), 32u);
  expectRebuildsTheSame(f);
  EXPECT_EQ(compileError(mld({{"icmpv6.type", "mldv2-report"}, {"icmpv6.mldr.mar.sources", "20010db8"}})),
            "layers[2].icmpv6.mldr.mar.sources: 4 bytes; sources are IPv6 addresses, 16 bytes each");
}

TEST(Icmpv6, MldGroupVaries) {
  v1::Stream s = mld({{"icmpv6.type", "mld-report"}, {"icmpv6.mld.maximum_response_delay", "0"},
                      {"icmpv6.mld.multicast_address", "ff05::1:3"}});
  auto* v = s.add_variable_fields();
  v->set_field("icmpv6.mld.multicast_address");
  v->set_count(4);
  auto rows = tsharkFields(buildFrames(s, 3), {"icmpv6.mld.multicast_address", "icmpv6.checksum.status"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["icmpv6.mld.multicast_address"], "ff05::1:5");
  EXPECT_EQ(rows[2]["icmpv6.checksum.status"], "1");
}

v1::Stream nd(std::map<std::string, std::string> fields, uint32_t icmpBytes) {
  return S({L("eth", {{"eth.dst", "33:33:00:00:00:01"}}),
            L("ipv6", {{"ipv6.src", "fe80::1"}, {"ipv6.dst", "ff02::1"}, {"ipv6.hlim", "255"}}),
            L("icmpv6", std::move(fields))},
           14 + 40 + icmpBytes + 4);
}

const std::string kPrefixOption = "030440c000278d0000093a800000000020010db8000000000000000000000000";

TEST(Icmpv6, RouterSolicitationAdvertisementAndRedirect) {
  std::vector<Frame> frames = {
      buildFrame(nd({{"icmpv6.type", "router-solicitation"}, {"icmpv6.nd.options", "0101020000000001"}}, 16)),
      buildFrame(nd({{"icmpv6.type", "router-advertisement"},
                     {"icmpv6.nd.ra.flag.m", "1"},
                     {"icmpv6.nd.ra.router_lifetime", "600"},
                     {"icmpv6.nd.options", "0101020000000001" "05010000000005dc" + kPrefixOption}},
                    16 + 8 + 8 + 32)),
      buildFrame(nd({{"icmpv6.type", "redirect"},
                     {"icmpv6.nd.rd.target_address", "fe80::2"},
                     {"icmpv6.rd.na.destination_address", "2001:db8::99"}},
                    40)),
  };
  auto rows = tsharkFields(frames, {"icmpv6.type", "icmpv6.checksum.status", "icmpv6.opt.type", "icmpv6.opt.linkaddr",
                                    "icmpv6.nd.ra.flag.m", "icmpv6.nd.ra.router_lifetime", "icmpv6.opt.mtu",
                                    "icmpv6.opt.prefix", "icmpv6.opt.prefix.length", "icmpv6.nd.rd.target_address",
                                    "icmpv6.rd.na.destination_address"});
  EXPECT_EQ(rows[0]["icmpv6.type"], "133");
  EXPECT_EQ(rows[0]["icmpv6.opt.type"], "1");
  EXPECT_EQ(rows[0]["icmpv6.opt.linkaddr"], "02:00:00:00:00:01");
  EXPECT_EQ(rows[1]["icmpv6.type"], "134");
  EXPECT_EQ(rows[1]["icmpv6.nd.ra.flag.m"], "1");
  EXPECT_EQ(rows[1]["icmpv6.nd.ra.router_lifetime"], "600");
  EXPECT_EQ(rows[1]["icmpv6.opt.type"], "1,5,3");
  EXPECT_EQ(rows[1]["icmpv6.opt.mtu"], "1500");
  EXPECT_EQ(rows[1]["icmpv6.opt.prefix"], "2001:db8::");
  EXPECT_EQ(rows[1]["icmpv6.opt.prefix.length"], "64");
  EXPECT_EQ(rows[2]["icmpv6.type"], "137");
  EXPECT_EQ(rows[2]["icmpv6.nd.rd.target_address"], "fe80::2");
  EXPECT_EQ(rows[2]["icmpv6.rd.na.destination_address"], "2001:db8::99");
  for (const auto& row : rows) EXPECT_EQ(row.at("icmpv6.checksum.status"), "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  for (const Frame& f : frames) expectRebuildsTheSame(f);
  EXPECT_EQ(compileError(nd({{"icmpv6.type", "router-solicitation"}, {"icmpv6.nd.options", "0101"}}, 16)),
            "layers[2].icmpv6.nd.options: 2 bytes; options fill 8-byte units");
}

TEST(Icmpv6, RouterLifetimeVaries) {
  v1::Stream s = nd({{"icmpv6.type", "router-advertisement"}, {"icmpv6.nd.ra.router_lifetime", "100"}}, 16);
  auto* v = s.add_variable_fields();
  v->set_field("icmpv6.nd.ra.router_lifetime");
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 3), {"icmpv6.nd.ra.router_lifetime", "icmpv6.checksum.status"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["icmpv6.nd.ra.router_lifetime"], "102");
  EXPECT_EQ(rows[2]["icmpv6.checksum.status"], "1");
}

}  // namespace
}  // namespace staccato::test
