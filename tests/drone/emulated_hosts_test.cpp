// Emulated hosts in the drone's rules, over fake ports whose hosts answer each other:
// resolution at start, eth.src "device" / eth.dst "resolve" filled per packet, and the errors.
#include <map>
#include <set>

#include "common/stream/compiler.h"
#include "drone/core/device_group_check.h"
#include "drone/devices/link_resolver.h"
#include "drone/devices/neighbor_view.h"
#include "drone/fake/fake_control.h"
#include "tests/drone/drone_test_util.h"
#include "tests/support/device_group.h"

namespace staccato::drone::test {
namespace {

using staccato::test::L;
using staccato::test::S;
using staccato::test::deviceGroup;


/// 100 hosts sending as eth.src "device" to eth.dst "resolve", ip.src walking over them.
v1::Stream routedStream(uint32_t id, uint64_t count, bool ipv6 = false) {
  v1::Stream s = S({L("eth", {{"eth.src", "device"}, {"eth.dst", "resolve"}}),
                    ipv6 ? L("ipv6", {{"ipv6.src", "2001:db8::10"}, {"ipv6.dst", "2001:db8:1::10"}})
                         : L("ip", {{"ip.src", "10.0.0.10"}, {"ip.dst", "10.0.1.10"}}),
                    L("udp"), L("payload"), L("signature")},
                   128);
  s.set_id(id);
  auto* v = s.add_variable_fields();
  v->set_field(ipv6 ? "ipv6.src" : "ip.src");
  v->set_count(100);
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(10000);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

devices::HostTable tableOf(std::initializer_list<v1::DeviceGroup> list) {
  google::protobuf::RepeatedPtrField<v1::DeviceGroup> groups;
  for (const auto& g : list) *groups.Add() = g;
  auto hosts = expandDeviceGroups(groups);
  EXPECT_TRUE(hosts);
  return devices::HostTable(std::move(hosts).value());
}

TEST(EmulatedHosts, EachPacketCarriesItsHostsMacAndTheResolvedGateway) {
  auto qa = std::make_shared<fake::ControlQueue>(), qb = std::make_shared<fake::ControlQueue>();
  devices::PortDevices a("a", fake::fakeControlSocket(qa, qb),
                         std::make_shared<devices::HostTable>(tableOf({deviceGroup(100, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1",
                                                                                "2001:db8::10", "2001:db8::1")})));
  // The "router": one host on b owning the gateway addresses.
  devices::PortDevices b("b", fake::fakeControlSocket(qb, qa),
                         std::make_shared<devices::HostTable>(
                             tableOf({deviceGroup(1, "02:00:00:00:0b:01", "10.0.0.1", "", "2001:db8::1", "")})));
  for (bool ipv6 : {false, true}) {
    auto plans = compileAll(streamList({routedStream(1, 0, ipv6)}));
    ASSERT_TRUE(plans) << plans.error().toString();
    PlanList list = std::make_shared<const std::vector<TxPlan>>(std::move(plans).value());
    auto filled = devices::fillLinkAddresses(list, &a, "a");
    ASSERT_TRUE(filled) << filled.error().toString();
    PacketRenderer r((**filled)[0]);
    for (int k = 0; k < 250; ++k) {
      auto f = r.next();
      EXPECT_EQ(devices::loadMac(f.data()), 0x02000000'0b01u) << k;               // the gateway
      EXPECT_EQ(devices::loadMac(f.data() + 6), 0x02000000'0100u + k % 100) << k;  // host k's own MAC
      if (!ipv6) {
        EXPECT_EQ(f[14 + 15], 10 + k % 100) << k;  // ...as it sends from host k
      }
    }
  }
  auto seen = a.neighbors();
  ASSERT_EQ(seen.size(), 2u);
  for (const auto& n : seen) {
    EXPECT_EQ(n.state, devices::NeighborState::kReachable);
    EXPECT_EQ(n.mac, 0x02000000'0b01u);
  }
}

/// A control socket whose sends fail while `broken` (as a real one on a link without buffers).
class FlakySocket final : public devices::ControlSocket {
 public:
  explicit FlakySocket(std::shared_ptr<std::atomic<bool>> broken) : broken_(std::move(broken)) {}
  Result<size_t> receive(std::span<uint8_t>, int timeoutMs) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(timeoutMs));
    return size_t{0};
  }
  Status send(std::span<const uint8_t>) override {
    if (*broken_) return makeError("send", "No buffer space available");
    return Ok{};
  }

 private:
  std::shared_ptr<std::atomic<bool>> broken_;
};

TEST(EmulatedHosts, AFailingControlSocketIsThePortsErrorUntilItWorksAgain) {
  auto broken = std::make_shared<std::atomic<bool>>(true);
  devices::PortDevices a("a", std::make_unique<FlakySocket>(broken),
                         std::make_shared<devices::HostTable>(tableOf({deviceGroup(1, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1")})),
                         [] {  // a clock 20 times as fast: the probes' seconds pass in 50 ms
                           return 20 * static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
                         });
  const devices::ResolveTarget gateway{devices::NeighborKey::v4(0, *devices::parseIpv4("10.0.0.1")), 0};
  a.resolve({gateway});  // nobody answers: its probes are what fail
  EXPECT_EQ(a.error(), "No buffer space available");
  *broken = false;
  a.resolve({gateway});
  EXPECT_EQ(a.error(), "");
}

TEST(EmulatedHosts, AStartResolvesTheGatewayOrRefusesNamingItAndThePort) {
  FakeDrone d;
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) {
    *c.add_devices() = deviceGroup(100, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1");
  }));
  ASSERT_TRUE(d.setStreams("a", {routedStream(1, 200)}));
  const auto started = std::chrono::steady_clock::now();
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::nextHopUnresolved("a", "10.0.0.1", "10.0.0.10", true, true));
  EXPECT_LT(std::chrono::steady_clock::now() - started, 6s);  // 3 tries, 1 s apart: not forever
  auto table = d.core().neighbors("a");
  ASSERT_TRUE(table);
  ASSERT_EQ(table->size(), 1u);
  EXPECT_EQ((*table)[0].state(), v1::Neighbor::FAILED);

  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { *c.add_devices() = deviceGroup(1, "02:00:00:00:0b:01", "10.0.0.1", ""); }));
  ASSERT_TRUE(d.core().startTx({"a"}, "")) << "the gateway answers now";
  EXPECT_TRUE(waitUntil([&] { return receivedOf(d.core().collect(), "a", 1, "b") == 200; }));
  table = d.core().neighbors("a");
  ASSERT_TRUE(table);
  ASSERT_EQ(table->size(), 1u);
  EXPECT_EQ((*table)[0].ip(), "10.0.0.1");
  EXPECT_EQ((*table)[0].mac(), "02:00:00:00:0b:01");
  EXPECT_EQ((*table)[0].state(), v1::Neighbor::REACHABLE);
  EXPECT_EQ((*table)[0].device(), "10.0.0.10");
  // b learnt who asked (STALE, as the kernel would).
  auto learnt = d.core().neighbors("b");
  ASSERT_TRUE(learnt);
  ASSERT_EQ(learnt->size(), 1u);
  EXPECT_EQ((*learnt)[0].ip(), "10.0.0.10");
  EXPECT_EQ((*learnt)[0].state(), v1::Neighbor::STALE);
}

/// Ports a..d (a-b, c-d) where c emulates 100 hosts behind 10.0.0.1, which nobody answers yet.
std::unique_ptr<FakeDrone> droneWithASlowGateway() {
  auto ports = fake::fakePair("a", "b");
  for (auto& p : fake::fakePair("c", "d")) ports.push_back(std::move(p));
  auto d = std::make_unique<FakeDrone>(std::move(ports));
  EXPECT_TRUE(d->configure("c", [](v1::PortConfig& c) {
    *c.add_devices() = deviceGroup(100, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1");
  }));
  EXPECT_TRUE(d->setStreams("c", {routedStream(1, 0)}));
  EXPECT_TRUE(d->setStreams("a", {S({L("eth"), L("ip"), L("udp")}, 64)}));
  return d;
}

TEST(EmulatedHosts, WhatChangesWhileNextHopsResolveIsNotSentUnresolved) {
  // While c's gateway is probed (the first probe goes unanswered), a's streams become ones that
  // need resolving, or c's hosts change: the start is refused, nothing sends.
  for (bool changeStreams : {true, false}) {
    auto d = droneWithASlowGateway();
    std::thread start([&] {
      EXPECT_FAILS_WITH(d->core().startTx({"c", "a"}, ""), errors::changedWhileStarting(changeStreams ? "a" : "c"));
    });
    std::this_thread::sleep_for(300ms);
    ASSERT_TRUE(d->configure("d", [](v1::PortConfig& c) { *c.add_devices() = deviceGroup(1, "02:00:00:00:0d:01", "10.0.0.1", ""); }));
    if (changeStreams)
      ASSERT_TRUE(d->setStreams("a", {routedStream(2, 0)}));
    else
      ASSERT_TRUE(d->configure("c", [](v1::PortConfig& c) { c.mutable_devices(0)->set_count(50); }));
    start.join();
    EXPECT_FALSE(d->transmitting("a"));
    EXPECT_FALSE(d->transmitting("c"));
  }
}

TEST(EmulatedHosts, StreamsThatCannotSendAsAHostAreRefused) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {routedStream(1, 10)}));
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::noEmulatedHosts("a", 1));
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { *c.add_devices() = deviceGroup(10, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1"); }));
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::notEmulatedHost("a", "ip.src", "10.0.0.20").withPrefix("stream 1"));
  // A source that walks without a count never repeats within what the drone can fill: refused,
  // for IPv4 (2^32 values) and IPv6 (a 64-bit field) alike.
  for (bool ipv6 : {false, true}) {
    v1::Stream endless = routedStream(2, 10, ipv6);
    endless.mutable_variable_fields(0)->clear_count();
    ASSERT_TRUE(d.setStreams("a", {endless}));
    auto started = d.core().startTx({"a"}, "");
    ASSERT_FALSE(started) << ipv6;
    EXPECT_NE(started.error().toString().find("before it repeats: give its variable field a count"), std::string::npos)
        << started.error().toString();
  }
  auto resolved = d.core().resolveNeighbors("a", "", {"10.0.0.77", "not an address"});
  ASSERT_FALSE(resolved);
  EXPECT_EQ(resolved.error().toString(), "addresses[1]: 'not an address' is not an IPv4 or IPv6 address");
}

TEST(EmulatedHosts, AddressesToResolveAreAskedByTheFirstHostOfTheirSubnet) {
  v1::DeviceGroup tagged = deviceGroup(5, "02:00:00:00:02:00", "10.0.5.10", "");
  tagged.add_vlans()->set_vid(7);
  const devices::HostTable hosts =
      tableOf({deviceGroup(10, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1", "2001:db8::10", ""), tagged});
  auto targets = devices::resolveTargets(hosts, {"10.0.5.99", "10.0.0.200", "fe80::1", "192.168.1.1", "10.0.5.98"}, "a");
  ASSERT_TRUE(targets) << targets.error().toString();
  std::map<std::string, uint32_t> askedBy;  // the address -> the index of the host that asks
  for (const auto& t : *targets) {
    const std::string ip = t.key.isIpv4() ? devices::formatIpv4(t.key.ipv4()) : devices::formatIpv6(t.key.ip);
    askedBy[ip] = t.host;
    EXPECT_EQ(t.key.link, hosts.hosts()[t.host].vlans.key()) << ip;
  }
  const std::map<std::string, uint32_t> want = {
      {"10.0.0.1", 0}, {"10.0.5.99", 10}, {"10.0.0.200", 0}, {"fe80::1", 0}, {"10.0.5.98", 10}};  // 192.168.1.1: via 10.0.0.1
  EXPECT_EQ(askedBy, want);
  auto offLink = devices::resolveTargets(hosts, {"2001:db9::1"}, "a");
  ASSERT_FALSE(offLink);
  EXPECT_EQ(offLink.error().toString(),
            "addresses[0]: 2001:db9::1 is on no emulated host's subnet of port a and there is no gateway");
}

TEST(EmulatedHosts, EveryOtherHostAsksForItsOwnGatewaysSoTheDeviceLearnsItToo) {
  v1::DeviceGroup tagged = deviceGroup(3, "02:00:00:00:02:00", "10.0.5.10", "10.0.5.1");
  tagged.add_vlans()->set_vid(7);
  const devices::HostTable hosts =
      tableOf({deviceGroup(10, "02:00:00:00:01:00", "10.0.0.10", "10.0.0.1", "2001:db8::10", "2001:db8::1"), tagged});
  auto targets = devices::resolveTargets(hosts, {}, "a");
  ASSERT_TRUE(targets) << targets.error().toString();
  std::multiset<std::pair<std::string, uint32_t>> asked;  // (gateway, asking host)
  for (const auto& p : devices::gatewayLearners(hosts, *targets)) {
    EXPECT_EQ(p.key.link, hosts.hosts()[p.host].vlans.key());
    asked.emplace(p.key.isIpv4() ? devices::formatIpv4(p.key.ipv4()) : devices::formatIpv6(p.key.ip), p.host);
  }
  std::multiset<std::pair<std::string, uint32_t>> want;
  for (uint32_t i = 1; i < 10; ++i) want.insert({{"10.0.0.1", i}, {"2001:db8::1", i}});
  for (uint32_t i = 11; i < 13; ++i) want.insert({"10.0.5.1", i});  // host 10 asks for the table
  EXPECT_EQ(asked, want);
}

TEST(EmulatedHosts, ABadGroupChangesNothing) {
  FakeDrone d;
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { *c.add_devices() = deviceGroup(10, "02:00:00:00:01:00", "10.0.0.10", ""); }));
  auto bad = d.configure("a", [](v1::PortConfig& c) {
    c.set_tx_mode(v1::PortConfig::INTERLEAVED);
    *c.add_devices() = deviceGroup(10, "02:00:00:00:02:00", "10.0.0.15", "");  // overlaps the first group
  });
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().toString(), "config.devices[1].ipv4.address: 10.0.0.15 belongs to an earlier host of this port");
  auto p = d.listed("a");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->config().devices_size(), 1);
  EXPECT_NE(p->config().tx_mode(), v1::PortConfig::INTERLEAVED);
}

}  // namespace
}  // namespace staccato::drone::test
