// The emulated hosts' responder on frames in memory; its replies decoded by tshark (the oracle).
#include <gtest/gtest.h>

#include "common/stream/compiler.h"
#include "drone/core/device_group_check.h"
#include "drone/devices/control_frames.h"
#include "drone/devices/responder.h"
#include "tests/support/stacks.h"
#include "tests/support/tshark.h"

namespace staccato::drone::devices {
namespace {

using staccato::test::L;
using staccato::test::S;

constexpr uint64_t kDutMac = 0x02aa00000001;
const uint32_t kDutIp = *parseIpv4("10.0.0.1");
const Ip6 kDutIp6 = *parseIpv6("2001:db8::1");

HostTable hostsOf(uint32_t vlan = 0) {
  google::protobuf::RepeatedPtrField<v1::DeviceGroup> groups;
  v1::DeviceGroup& g = *groups.Add();
  g.set_count(2);
  g.set_mac("02:00:00:00:01:00");
  g.mutable_ipv4()->set_address("10.0.0.10");
  g.mutable_ipv4()->set_prefix_length(24);
  g.mutable_ipv4()->set_gateway("10.0.0.1");
  g.mutable_ipv6()->set_address("2001:db8::10");
  g.mutable_ipv6()->set_prefix_length(64);
  if (vlan) g.add_vlans()->set_vid(vlan);
  auto hosts = drone::expandDeviceGroups(groups);
  EXPECT_TRUE(hosts);
  return HostTable(std::move(hosts).value());
}

struct Fixture {
  HostTable hosts = hostsOf();
  NeighborTable table;
  Responder responder;
  std::vector<std::vector<uint8_t>> out;
  void hear(const std::vector<uint8_t>& f, uint64_t now = 1) { responder.handle(f, hosts, table, now, out); }
};

std::vector<uint8_t> arpRequest(uint32_t target, uint64_t srcMac = kDutMac, const VlanStack& vlans = {}) {
  std::vector<uint8_t> f;
  buildArp(f, vlans, kBroadcastMac, 1, srcMac, kDutIp, 0, target);
  return f;
}

std::vector<uint8_t> frameOf(v1::Stream s) {
  auto plan = compile(s);
  EXPECT_TRUE(plan) << plan.error().toString();
  PacketRenderer r(*plan);
  auto bytes = r.next();
  return {bytes.begin(), bytes.end()};
}

TEST(Responder, AnswersArpForItsHostsOnly) {
  Fixture f;
  f.hear(arpRequest(*parseIpv4("10.0.0.11")));
  ASSERT_EQ(f.out.size(), 1u);
  auto rows = test::tsharkFields(f.out, {"eth.dst", "eth.src", "arp.opcode", "arp.src.hw_mac", "arp.src.proto_ipv4",
                                          "arp.dst.hw_mac", "arp.dst.proto_ipv4", "frame.len"});
  EXPECT_EQ(rows[0]["eth.dst"], "02:aa:00:00:00:01");
  EXPECT_EQ(rows[0]["eth.src"], "02:00:00:00:01:01");
  EXPECT_EQ(rows[0]["arp.opcode"], "2");
  EXPECT_EQ(rows[0]["arp.src.hw_mac"], "02:00:00:00:01:01");
  EXPECT_EQ(rows[0]["arp.src.proto_ipv4"], "10.0.0.11");
  EXPECT_EQ(rows[0]["arp.dst.hw_mac"], "02:aa:00:00:00:01");
  EXPECT_EQ(rows[0]["arp.dst.proto_ipv4"], "10.0.0.1");
  EXPECT_EQ(rows[0]["frame.len"], "60");
  // The asker is learnt, as the kernel learns it: STALE until confirmed.
  auto n = f.table.find(NeighborKey::v4(0, kDutIp), 1);
  ASSERT_TRUE(n);
  EXPECT_EQ(n->state, NeighborState::kStale);
  EXPECT_EQ(n->mac, kDutMac);

  f.out.clear();
  f.hear(arpRequest(*parseIpv4("10.0.0.12")));             // nobody's
  f.hear(arpRequest(*parseIpv4("10.0.0.11"), kBroadcastMac));  // from a broadcast source
  VlanStack tagged;
  tagged.count = 1, tagged.tpid[0] = 0x8100, tagged.tci[0] = 7;
  f.hear(arpRequest(*parseIpv4("10.0.0.11"), kDutMac, tagged));  // on another link (VLAN 7)
  EXPECT_TRUE(f.out.empty());
}

TEST(Responder, AnswersOnItsVlanWithItsTag) {
  Fixture f;
  f.hosts = hostsOf(100);
  VlanStack tagged;
  tagged.count = 1, tagged.tpid[0] = 0x8100, tagged.tci[0] = 100;
  f.hear(arpRequest(*parseIpv4("10.0.0.10")));  // untagged: not its link
  EXPECT_TRUE(f.out.empty());
  f.hear(arpRequest(*parseIpv4("10.0.0.10"), kDutMac, tagged));
  ASSERT_EQ(f.out.size(), 1u);
  auto rows = test::tsharkFields(f.out, {"vlan.id", "arp.opcode", "arp.src.proto_ipv4"});
  EXPECT_EQ(rows[0]["vlan.id"], "100");
  EXPECT_EQ(rows[0]["arp.opcode"], "2");
  EXPECT_EQ(rows[0]["arp.src.proto_ipv4"], "10.0.0.10");
}

TEST(Responder, AnswersNeighbourSolicitationsAndDadProbes) {
  Fixture f;
  const Ip6 target = *parseIpv6("2001:db8::11");
  std::vector<uint8_t> ns;
  buildNd(ns, {}, multicastMacOf(solicitedNodeOf(target)), kDutMac, kDutIp6, solicitedNodeOf(target), kNeighborSolicit, 0,
          target, kDutMac);
  f.hear(ns);
  std::vector<uint8_t> dad;  // someone wants our link-local address
  const Ip6 ll = f.hosts.hosts()[0].linkLocal6;
  buildNd(dad, {}, multicastMacOf(solicitedNodeOf(ll)), kDutMac, Ip6{}, solicitedNodeOf(ll), kNeighborSolicit, 0, ll, 0);
  f.hear(dad);
  ASSERT_EQ(f.out.size(), 2u);
  auto rows = test::tsharkFields(f.out, {"eth.dst", "ipv6.src", "ipv6.dst", "ipv6.hlim", "icmpv6.type", "icmpv6.checksum.status",
                                          "icmpv6.nd.na.target_address", "icmpv6.nd.na.flag.s", "icmpv6.opt.linkaddr"});
  EXPECT_EQ(rows[0]["eth.dst"], "02:aa:00:00:00:01");
  EXPECT_EQ(rows[0]["ipv6.src"], "2001:db8::11");
  EXPECT_EQ(rows[0]["ipv6.dst"], "2001:db8::1");
  EXPECT_EQ(rows[0]["ipv6.hlim"], "255");
  EXPECT_EQ(rows[0]["icmpv6.type"], "136");
  EXPECT_EQ(rows[0]["icmpv6.checksum.status"], "1");
  EXPECT_EQ(rows[0]["icmpv6.nd.na.target_address"], "2001:db8::11");
  EXPECT_EQ(rows[0]["icmpv6.nd.na.flag.s"], "1");
  EXPECT_EQ(rows[0]["icmpv6.opt.linkaddr"], "02:00:00:00:01:01");
  // DAD (RFC 4862): the address is ours, so every node hears it is taken.
  EXPECT_EQ(rows[1]["eth.dst"], "33:33:00:00:00:01");
  EXPECT_EQ(rows[1]["ipv6.dst"], "ff02::1");
  EXPECT_EQ(rows[1]["icmpv6.nd.na.target_address"], formatIpv6(ll));
  EXPECT_EQ(rows[1]["icmpv6.nd.na.flag.s"], "0");
  EXPECT_EQ(rows[1]["icmpv6.checksum.status"], "1");
  EXPECT_TRUE(test::tsharkProblems(f.out).empty());
}

TEST(Responder, AnswersEchoRequestsWithRightChecksums) {
  Fixture f;
  f.hear(frameOf(S({L("eth", {{"eth.dst", "02:00:00:00:01:00"}, {"eth.src", "02:aa:00:00:00:01"}}),
                    L("ip", {{"ip.src", "10.0.0.1"}, {"ip.dst", "10.0.0.10"}, {"ip.ttl", "9"}}),
                    L("icmp", {{"icmp.type", "echo-request"}, {"icmp.ident", "77"}}), L("payload")},
                   100)));
  f.hear(frameOf(S({L("eth", {{"eth.dst", "02:00:00:00:01:01"}, {"eth.src", "02:aa:00:00:00:01"}}),
                    L("ipv6", {{"ipv6.src", "2001:db8::1"}, {"ipv6.dst", "2001:db8::11"}}),
                    L("icmpv6", {{"icmpv6.type", "echo-request"}, {"icmpv6.echo.identifier", "78"}}), L("payload")},
                   120)));
  // To the subnet's broadcast address: never answered (no amplification).
  f.hear(frameOf(S({L("eth", {{"eth.dst", "ff:ff:ff:ff:ff:ff"}}), L("ip", {{"ip.src", "10.0.0.1"}, {"ip.dst", "10.0.0.255"}}),
                    L("icmp", {{"icmp.type", "echo-request"}})})));
  // ...nor from it (a reply would go to every host of the subnet).
  f.hear(frameOf(S({L("eth", {{"eth.dst", "02:00:00:00:01:00"}}), L("ip", {{"ip.src", "10.0.0.255"}, {"ip.dst", "10.0.0.10"}}),
                    L("icmp", {{"icmp.type", "echo-request"}})})));
  ASSERT_EQ(f.out.size(), 2u);
  auto rows = test::tsharkFields(f.out, {"eth.src", "eth.dst", "ip.src", "ip.dst", "ip.ttl", "ip.checksum.status", "icmp.type",
                                          "icmp.ident", "icmp.checksum.status", "ipv6.src", "icmpv6.type",
                                          "icmpv6.echo.identifier", "icmpv6.checksum.status", "frame.len"});
  EXPECT_EQ(rows[0]["eth.src"], "02:00:00:00:01:00");
  EXPECT_EQ(rows[0]["eth.dst"], "02:aa:00:00:00:01");
  EXPECT_EQ(rows[0]["ip.src"], "10.0.0.10");
  EXPECT_EQ(rows[0]["ip.dst"], "10.0.0.1");
  EXPECT_EQ(rows[0]["ip.ttl"], "64");
  EXPECT_EQ(rows[0]["ip.checksum.status"], "1");
  EXPECT_EQ(rows[0]["icmp.type"], "0");
  EXPECT_EQ(rows[0]["icmp.ident"], "77");
  EXPECT_EQ(rows[0]["icmp.checksum.status"], "1");
  EXPECT_EQ(rows[0]["frame.len"], "96");  // the request's length (100 with FCS)
  EXPECT_EQ(rows[1]["ipv6.src"], "2001:db8::11");
  EXPECT_EQ(rows[1]["icmpv6.type"], "129");
  EXPECT_EQ(rows[1]["icmpv6.echo.identifier"], "0x004e");  // 78
  EXPECT_EQ(rows[1]["icmpv6.checksum.status"], "1");
  EXPECT_TRUE(test::tsharkProblems(f.out).empty());
}

TEST(Responder, RepliesAreRateLimited) {
  Fixture f;
  f.responder = Responder(/*rate=*/10, /*burst=*/3);
  for (int i = 0; i < 5; ++i) f.hear(arpRequest(*parseIpv4("10.0.0.10")), 1000);
  EXPECT_EQ(f.out.size(), 3u);
  EXPECT_EQ(f.responder.counters().limited, 2u);
  f.hear(arpRequest(*parseIpv4("10.0.0.10")), 1000 + 100'000'000);  // 100 ms later: one more token
  EXPECT_EQ(f.out.size(), 4u);
}

TEST(Responder, AFloodOfAskersLearnsNoMoreThanItAnswers) {
  // 1000 requests from new senders in the same instant: 3 answered, 3 askers learnt (STALE), and
  // the rest neither answered nor kept (each would cost a table entry and a slot search).
  Fixture f;
  f.responder = Responder(/*rate=*/10, /*burst=*/3);
  for (uint32_t i = 0; i < 1000; ++i) {
    std::vector<uint8_t> req;
    buildArp(req, {}, kBroadcastMac, 1, kDutMac + i, *parseIpv4("10.0.1.0") + i, 0, *parseIpv4("10.0.0.10"));
    f.hear(req, 1000);
  }
  EXPECT_EQ(f.out.size(), 3u);
  EXPECT_EQ(f.responder.counters().limited, 997u);
  EXPECT_EQ(f.table.size(), 3u);
  // A reply from a known neighbour still updates it when tokens are out.
  std::vector<uint8_t> reply;
  buildArp(reply, {}, kDutMac, 2, kDutMac + 7, *parseIpv4("10.0.1.0") + 1, 0x020000000100, *parseIpv4("10.0.0.10"));
  f.hear(reply, 1000);
  EXPECT_EQ(f.table.size(), 3u);
  auto updated = f.table.find(NeighborKey::v4(0, *parseIpv4("10.0.1.0") + 1), 1000);
  ASSERT_TRUE(updated);
  EXPECT_EQ(updated->mac, kDutMac + 7);
  EXPECT_EQ(updated->state, NeighborState::kReachable);
}

TEST(Responder, ProbesAndAnnouncementsAreWellFormed) {
  HostTable hosts = hostsOf(100);
  std::vector<std::vector<uint8_t>> frames(2);
  buildProbe({NeighborKey::v4(hosts.hosts()[0].vlans.key(), kDutIp), 0}, hosts, frames[0]);
  buildProbe({NeighborKey::v6(hosts.hosts()[0].vlans.key(), kDutIp6), 1}, hosts, frames[1]);
  auto rows = test::tsharkFields(frames, {"eth.dst", "vlan.id", "arp.opcode", "arp.src.proto_ipv4", "arp.dst.proto_ipv4",
                                          "ipv6.src", "ipv6.dst", "icmpv6.type", "icmpv6.checksum.status", "icmpv6.opt.linkaddr"});
  EXPECT_EQ(rows[0]["eth.dst"], "ff:ff:ff:ff:ff:ff");
  EXPECT_EQ(rows[0]["vlan.id"], "100");
  EXPECT_EQ(rows[0]["arp.opcode"], "1");
  EXPECT_EQ(rows[0]["arp.src.proto_ipv4"], "10.0.0.10");
  EXPECT_EQ(rows[0]["arp.dst.proto_ipv4"], "10.0.0.1");
  EXPECT_EQ(rows[1]["eth.dst"], "33:33:ff:00:00:01");
  EXPECT_EQ(rows[1]["ipv6.src"], "2001:db8::11");
  EXPECT_EQ(rows[1]["ipv6.dst"], "ff02::1:ff00:1");
  EXPECT_EQ(rows[1]["icmpv6.type"], "135");
  EXPECT_EQ(rows[1]["icmpv6.checksum.status"], "1");
  EXPECT_EQ(rows[1]["icmpv6.opt.linkaddr"], "02:00:00:00:01:01");
  EXPECT_TRUE(test::tsharkProblems(frames).empty());
}

}  // namespace
}  // namespace staccato::drone::devices
