#include "drone/core/device_group_check.h"

#include <set>
#include <string>

namespace staccato::drone {
namespace {

using devices::Host;
using devices::Ip6;

std::string num(uint64_t v) { return std::to_string(v); }

Status checkVlans(const v1::DeviceGroup& g, devices::VlanStack& out) {
  if (g.vlans_size() > kMaxDeviceVlans)
    return makeError("vlans", num(g.vlans_size()) + " tags; at most " + num(kMaxDeviceVlans) + " (QinQ)");
  out.count = static_cast<uint8_t>(g.vlans_size());
  for (int i = 0; i < g.vlans_size(); ++i) {
    const v1::VlanTag& t = g.vlans(i);
    const std::string at = "vlans[" + num(i) + "]";
    if (t.vid() < rpc::kMinVlanId || t.vid() > rpc::kMaxVlanId)
      return makeError(at + ".vid", num(t.vid()) + " (allowed " + num(rpc::kMinVlanId) + ".." + num(rpc::kMaxVlanId) + ")");
    if (t.pcp() > 7) return makeError(at + ".pcp", num(t.pcp()) + " (allowed 0..7)");
    uint32_t tpid = t.tpid();
    if (tpid == 0) tpid = (g.vlans_size() == 2 && i == 0) ? 0x88a8 : 0x8100;
    if (tpid != 0x8100 && tpid != 0x88a8)
      return makeError(at + ".tpid", num(tpid) + " (allowed 0x8100 = 33024, 0x88a8 = 34984, or 0 for the usual)");
    out.tpid[i] = static_cast<uint16_t>(tpid);
    out.tci[i] = static_cast<uint16_t>(t.pcp() << 13 | t.vid());
  }
  return Ok{};
}

Status checkIpv4(const v1::DeviceIpv4& v, uint32_t count, std::vector<Host>& hosts) {
  auto first = devices::parseIpv4(v.address());
  if (!first) return makeError("address", "'" + v.address() + "' is not an IPv4 address (e.g. 10.0.0.10)");
  if ((*first >> 24) == 0 || (*first >> 24) == 127 || (*first >> 28) >= 14)
    return makeError("address", v.address() + " is not a unicast host address (not 0/8, 127/8, multicast or reserved)");
  if (v.prefix_length() < 1 || v.prefix_length() > 32)
    return makeError("prefix_length", num(v.prefix_length()) + " (allowed 1..32)");
  const uint64_t step = v.step() ? v.step() : 1;
  const uint64_t last = *first + (count - 1) * step;
  if (last > 0xffffffffull) return makeError("step", num(count) + " hosts " + num(step) + " apart leave the IPv4 address space");
  if (!devices::sameSubnet(*first, static_cast<uint32_t>(last), v.prefix_length()))
    return makeError("step", "the last host, " + devices::formatIpv4(static_cast<uint32_t>(last)) + ", is outside " +
                                 v.address() + "/" + num(v.prefix_length()) + " (fewer hosts, a smaller step or a shorter prefix)");
  uint32_t gateway = 0;
  if (!v.gateway().empty()) {
    auto g = devices::parseIpv4(v.gateway());
    if (!g) return makeError("gateway", "'" + v.gateway() + "' is not an IPv4 address");
    if (!devices::sameSubnet(*first, *g, v.prefix_length()))
      return makeError("gateway", v.gateway() + " is not on-link (outside " + v.address() + "/" + num(v.prefix_length()) + ")");
    if (*g >= *first && *g <= last && (*g - *first) % step == 0)
      return makeError("gateway", v.gateway() + " is one of the group's own hosts");
    gateway = *g;
  }
  for (uint32_t i = 0; i < count; ++i) {
    Host& h = hosts[hosts.size() - count + i];
    h.has4 = true;
    h.ip4 = static_cast<uint32_t>(*first + i * step);
    h.prefix4 = static_cast<uint8_t>(v.prefix_length());
    h.hasGateway4 = !v.gateway().empty();
    h.gateway4 = gateway;
  }
  return Ok{};
}

Status checkIpv6(const v1::DeviceIpv6& v, uint32_t count, std::vector<Host>& hosts) {
  auto first = devices::parseIpv6(v.address());
  if (!first) return makeError("address", "'" + v.address() + "' is not an IPv6 address (e.g. 2001:db8::10)");
  if (devices::isMulticast(*first) || devices::isLinkLocal(*first) || *first == Ip6{} || *first == Ip6::of(0, 1))
    return makeError("address", v.address() + " is not a global unicast address (link-local addresses come from the MAC)");
  if (v.prefix_length() < 1 || v.prefix_length() > 128)
    return makeError("prefix_length", num(v.prefix_length()) + " (allowed 1..128)");
  const uint64_t step = v.step() ? v.step() : 1;
  const unsigned __int128 lastLow = static_cast<unsigned __int128>(first->low()) + static_cast<unsigned __int128>(count - 1) * step;
  if (lastLow >> 64) return makeError("step", num(count) + " hosts " + num(step) + " apart overflow the address's low 64 bits");
  const Ip6 last = Ip6::of(first->high(), static_cast<uint64_t>(lastLow));
  if (!devices::sameSubnet(*first, last, v.prefix_length()))
    return makeError("step", "the last host, " + devices::formatIpv6(last) + ", is outside " + v.address() + "/" +
                                 num(v.prefix_length()) + " (fewer hosts, a smaller step or a shorter prefix)");
  Ip6 gateway;
  if (!v.gateway().empty()) {
    auto g = devices::parseIpv6(v.gateway());
    if (!g) return makeError("gateway", "'" + v.gateway() + "' is not an IPv6 address");
    if (!devices::isLinkLocal(*g) && !devices::sameSubnet(*first, *g, v.prefix_length()))
      return makeError("gateway", v.gateway() + " is neither on-link (in " + v.address() + "/" + num(v.prefix_length()) +
                                      ") nor link-local (fe80::/10)");
    if (devices::isMulticast(*g)) return makeError("gateway", v.gateway() + " is a multicast address");
    if (g->high() == first->high() && g->low() >= first->low() && g->low() <= last.low() && (g->low() - first->low()) % step == 0)
      return makeError("gateway", v.gateway() + " is one of the group's own hosts");
    gateway = *g;
  }
  for (uint32_t i = 0; i < count; ++i) {
    Host& h = hosts[hosts.size() - count + i];
    h.has6 = true;
    h.ip6 = Ip6::of(first->high(), first->low() + i * step);
    h.prefix6 = static_cast<uint8_t>(v.prefix_length());
    h.hasGateway6 = !v.gateway().empty();
    h.gateway6 = gateway;
  }
  return Ok{};
}

Status expandGroup(const v1::DeviceGroup& g, uint32_t index, std::vector<Host>& hosts) {
  if (g.count() < 1 || g.count() > rpc::kMaxHostsPerPort)
    return makeError("count", num(g.count()) + " (allowed 1.." + num(rpc::kMaxHostsPerPort) + ")");
  auto mac = devices::parseMac(g.mac());
  if (!mac) return makeError("mac", "'" + g.mac() + "' is not a MAC address (e.g. 02:00:00:00:01:00)");
  const uint64_t macStep = g.mac_step() ? g.mac_step() : 1;
  if (macStep > devices::kMacMax) return makeError("mac_step", num(macStep) + " (allowed 0..2^48-1)");
  if (*mac + (g.count() - 1) * macStep > devices::kMacMax)
    return makeError("mac_step", num(g.count()) + " hosts " + num(macStep) + " apart leave the MAC address space");
  devices::VlanStack vlans;
  if (auto s = checkVlans(g, vlans); !s) return s;
  for (uint32_t i = 0; i < g.count(); ++i) {
    Host h;
    h.group = index;
    h.mac = *mac + i * macStep;
    if (devices::isMulticastMac(h.mac) || h.mac == 0)
      return makeError("mac", "host " + num(i) + " would have " + devices::formatMac(h.mac) +
                                  ", not a unicast MAC (the first byte's lowest bit must be 0)");
    h.vlans = vlans;
    h.linkLocal6 = devices::linkLocalOf(h.mac);
    h.announce = g.announce();
    hosts.push_back(h);
  }
  if (g.has_ipv4() && !g.ipv4().address().empty())
    if (auto s = checkIpv4(g.ipv4(), g.count(), hosts); !s) return s.error().withPrefix("ipv4");
  if (g.has_ipv6() && !g.ipv6().address().empty())
    if (auto s = checkIpv6(g.ipv6(), g.count(), hosts); !s) return s.error().withPrefix("ipv6");
  return Ok{};
}

}  // namespace

Result<std::vector<Host>> expandDeviceGroups(const google::protobuf::RepeatedPtrField<v1::DeviceGroup>& groups) {
  if (groups.size() > kMaxDeviceGroups)
    return makeError("config.devices", num(groups.size()) + " groups; at most " + num(kMaxDeviceGroups) + " per port");
  uint64_t total = 0;
  for (const auto& g : groups) total += g.count();
  if (total > rpc::kMaxHostsPerPort)
    return makeError("config.devices", num(total) + " hosts in all; at most " + num(rpc::kMaxHostsPerPort) + " per port");
  std::vector<Host> hosts;
  hosts.reserve(total);
  std::set<uint32_t> seen4;
  std::set<Ip6> seen6;
  for (int i = 0; i < groups.size(); ++i) {
    const std::string at = "config.devices[" + num(i) + "]";
    const size_t before = hosts.size();
    if (auto s = expandGroup(groups[i], static_cast<uint32_t>(i), hosts); !s) return s.error().withPrefix(at);
    for (size_t k = before; k < hosts.size(); ++k) {
      const Host& h = hosts[k];
      if (h.has4 && !seen4.insert(h.ip4).second)
        return makeError(at + ".ipv4.address", devices::formatIpv4(h.ip4) + " belongs to an earlier host of this port");
      if (h.has6 && !seen6.insert(h.ip6).second)
        return makeError(at + ".ipv6.address", devices::formatIpv6(h.ip6) + " belongs to an earlier host of this port");
    }
  }
  return hosts;
}

}  // namespace staccato::drone
