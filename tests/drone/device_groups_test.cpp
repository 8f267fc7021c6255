// Device groups: what a port's emulated hosts may be, and the hosts they expand into.
#include <gtest/gtest.h>

#include "drone/core/device_group_check.h"

namespace staccato::drone {
namespace {

using devices::formatIpv4;
using devices::formatIpv6;
using devices::formatMac;

google::protobuf::RepeatedPtrField<v1::DeviceGroup> groups(std::initializer_list<v1::DeviceGroup> list) {
  google::protobuf::RepeatedPtrField<v1::DeviceGroup> out;
  for (const auto& g : list) *out.Add() = g;
  return out;
}

v1::DeviceGroup group(uint32_t count, const std::string& ip = "10.0.0.10", uint32_t prefix = 24,
                      const std::string& gateway = "10.0.0.1") {
  v1::DeviceGroup g;
  g.set_count(count);
  g.set_mac("02:00:00:00:01:00");
  g.mutable_ipv4()->set_address(ip);
  g.mutable_ipv4()->set_prefix_length(prefix);
  g.mutable_ipv4()->set_gateway(gateway);
  return g;
}

std::string errorOf(const google::protobuf::RepeatedPtrField<v1::DeviceGroup>& g) {
  auto r = expandDeviceGroups(g);
  return r ? "" : r.error().toString();
}

TEST(DeviceGroups, ExpandWithStepsAndLinkLocalFromTheMac) {
  v1::DeviceGroup g = group(3);
  g.set_mac_step(2);
  g.mutable_ipv4()->set_step(5);
  g.mutable_ipv6()->set_address("2001:db8::10");
  g.mutable_ipv6()->set_prefix_length(64);
  g.mutable_ipv6()->set_gateway("2001:db8::1");
  g.mutable_ipv6()->set_step(0x10);
  auto* tag = g.add_vlans();
  tag->set_vid(100);
  tag->set_pcp(5);
  auto hosts = expandDeviceGroups(groups({g}));
  ASSERT_TRUE(hosts) << hosts.error().toString();
  ASSERT_EQ(hosts->size(), 3u);
  const devices::Host& last = (*hosts)[2];
  EXPECT_EQ(formatMac(last.mac), "02:00:00:00:01:04");
  EXPECT_EQ(formatIpv4(last.ip4), "10.0.0.20");
  EXPECT_EQ(formatIpv4(last.gateway4), "10.0.0.1");
  EXPECT_EQ(formatIpv6(last.ip6), "2001:db8::30");
  EXPECT_EQ(formatIpv6(last.linkLocal6), "fe80::ff:fe00:104");  // 02 ^ 02 = 00, ff:fe in the middle
  EXPECT_EQ(last.vlans.count, 1);
  EXPECT_EQ(last.vlans.tpid[0], 0x8100);
  EXPECT_EQ(last.vlans.tci[0], (5 << 13) | 100);
}

TEST(DeviceGroups, QinqTagsDefaultToSvlanOutside) {
  v1::DeviceGroup g = group(1);
  g.add_vlans()->set_vid(10);
  g.add_vlans()->set_vid(20);
  auto hosts = expandDeviceGroups(groups({g}));
  ASSERT_TRUE(hosts);
  EXPECT_EQ((*hosts)[0].vlans.tpid[0], 0x88a8);
  EXPECT_EQ((*hosts)[0].vlans.tpid[1], 0x8100);
}

TEST(DeviceGroups, HostileValuesAreRefusedNamingTheField) {
  EXPECT_EQ(errorOf(groups({group(0)})), "config.devices[0].count: 0 (allowed 1..10000)");
  EXPECT_EQ(errorOf(groups({group(10001)})), "config.devices: 10001 hosts in all; at most 10000 per port");
  EXPECT_EQ(errorOf(groups({group(6000), group(6000, "10.1.0.10")})), "config.devices: 12000 hosts in all; at most 10000 per port");
  EXPECT_EQ(errorOf(groups({group(1, "10.0.0.10", 33)})), "config.devices[0].ipv4.prefix_length: 33 (allowed 1..32)");
  EXPECT_EQ(errorOf(groups({group(200, "10.0.0.100")})),
            "config.devices[0].ipv4.step: the last host, 10.0.1.43, is outside 10.0.0.100/24 (fewer hosts, a smaller step or "
            "a shorter prefix)");
  EXPECT_EQ(errorOf(groups({group(1, "10.0.0.10", 24, "10.0.1.1")})),
            "config.devices[0].ipv4.gateway: 10.0.1.1 is not on-link (outside 10.0.0.10/24)");
  EXPECT_EQ(errorOf(groups({group(5, "10.0.0.10", 24, "10.0.0.12")})),
            "config.devices[0].ipv4.gateway: 10.0.0.12 is one of the group's own hosts");
  EXPECT_EQ(errorOf(groups({group(2, "255.255.255.254", 1, "")})),
            "config.devices[0].ipv4.address: 255.255.255.254 is not a unicast host address (not 0/8, 127/8, multicast or reserved)");
  EXPECT_EQ(errorOf(groups({group(1, "nonsense")})),
            "config.devices[0].ipv4.address: 'nonsense' is not an IPv4 address (e.g. 10.0.0.10)");
  EXPECT_EQ(errorOf(groups({group(5), group(5, "10.0.0.12")})),
            "config.devices[1].ipv4.address: 10.0.0.12 belongs to an earlier host of this port");

  v1::DeviceGroup mac = group(1);
  mac.set_mac("01:00:5e:00:00:01");
  EXPECT_EQ(errorOf(groups({mac})), "config.devices[0].mac: host 0 would have 01:00:5e:00:00:01, not a unicast MAC (the "
                                    "first byte's lowest bit must be 0)");
  mac.set_mac("02:00:00:00:00:00");
  mac.set_mac_step(uint64_t{1} << 47);
  mac.set_count(3);
  EXPECT_EQ(errorOf(groups({mac})), "config.devices[0].mac_step: 3 hosts 140737488355328 apart leave the MAC address space");

  v1::DeviceGroup vlan = group(1);
  vlan.add_vlans()->set_vid(4095);
  EXPECT_EQ(errorOf(groups({vlan})), "config.devices[0].vlans[0].vid: 4095 (allowed 1..4094)");
  vlan.mutable_vlans(0)->set_vid(1);
  vlan.mutable_vlans(0)->set_tpid(0x9100);
  EXPECT_EQ(errorOf(groups({vlan})),
            "config.devices[0].vlans[0].tpid: 37120 (allowed 0x8100 = 33024, 0x88a8 = 34984, or 0 for the usual)");
  for (int i = 0; i < 2; ++i) vlan.add_vlans()->set_vid(2);
  EXPECT_EQ(errorOf(groups({vlan})), "config.devices[0].vlans: 3 tags; at most 2 (QinQ)");

  v1::DeviceGroup v6 = group(3);
  v6.mutable_ipv6()->set_address("2001:db8::ffff:ffff:ffff:fffe");
  v6.mutable_ipv6()->set_prefix_length(64);
  EXPECT_EQ(errorOf(groups({v6})), "config.devices[0].ipv6.step: 3 hosts 1 apart overflow the address's low 64 bits");
  v6.mutable_ipv6()->set_address("fe80::1");
  EXPECT_EQ(errorOf(groups({v6})), "config.devices[0].ipv6.address: fe80::1 is not a global unicast address (link-local "
                                   "addresses come from the MAC)");
  v6.mutable_ipv6()->set_address("2001:db8::1");
  v6.mutable_ipv6()->set_prefix_length(129);
  EXPECT_EQ(errorOf(groups({v6})), "config.devices[0].ipv6.prefix_length: 129 (allowed 1..128)");
}

}  // namespace
}  // namespace staccato::drone
