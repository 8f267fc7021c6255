#include "drone/devices/neighbor_view.h"

#include <map>
#include <set>
#include <tuple>

namespace staccato::drone::devices {
namespace {

std::string hostAddress(const Host& h, bool ipv4) {
  if (ipv4) return h.has4 ? formatIpv4(h.ip4) : formatMac(h.mac);
  return formatIpv6(h.has6 ? h.ip6 : h.linkLocal6);
}

}  // namespace

std::vector<v1::Neighbor> neighborMessages(PortDevices& port) {
  const auto hosts = port.hosts();
  std::vector<v1::Neighbor> out;
  const uint64_t now = port.now();
  for (const Neighbor& n : port.neighbors()) {
    v1::Neighbor m;
    m.set_ip(n.key.isIpv4() ? formatIpv4(n.key.ipv4()) : formatIpv6(n.key.ip));
    const bool known = n.state == NeighborState::kReachable || n.state == NeighborState::kStale;
    if (known) m.set_mac(formatMac(n.mac));
    m.set_state(static_cast<v1::Neighbor::State>(n.state));
    m.set_age_ms((now - n.sinceNs) / 1'000'000);
    if (n.host < hosts->hosts().size()) {
      const Host& h = hosts->hosts()[n.host];
      m.set_device(hostAddress(h, n.key.isIpv4()));
      for (int i = 0; i < h.vlans.count; ++i) m.add_vlans(h.vlans.vid(i));
    }
    out.push_back(std::move(m));
  }
  return out;
}

Result<std::vector<ResolveTarget>> resolveTargets(const HostTable& hosts, const std::vector<std::string>& addresses,
                                                  const std::string& port) {
  if (addresses.size() > kMaxResolveAddresses)
    return makeError("addresses", std::to_string(addresses.size()) + " addresses; at most " +
                                      std::to_string(kMaxResolveAddresses) + " at once");
  std::map<NeighborKey, uint32_t> wanted;
  const auto& all = hosts.hosts();
  const Host* first4 = nullptr;
  const Host* first6 = nullptr;
  std::vector<const Host*> subnets;
  std::set<std::tuple<uint32_t, bool, unsigned, uint32_t, bool, unsigned, Ip6>> seen;
  for (uint32_t i = 0; i < all.size(); ++i) {
    const Host& h = all[i];
    if (h.hasGateway4) wanted.emplace(NeighborKey::v4(h.vlans.key(), h.gateway4), i);
    if (h.hasGateway6) wanted.emplace(NeighborKey::v6(h.vlans.key(), h.gateway6), i);
    if (h.has4 && !first4) first4 = &h;
    if (h.has6 && !first6) first6 = &h;
    // The first host of each subnet on each link stands for all of them: a group's hosts share
    // one, so addresses are matched against a few subnets, not every host.
    const auto subnet = std::make_tuple(h.vlans.key(), h.has4, h.has4 ? h.prefix4 : 0u, h.has4 ? subnetOf(h.ip4, h.prefix4) : 0u,
                                        h.has6, h.has6 ? h.prefix6 : 0u, h.has6 ? subnetOf(h.ip6, h.prefix6) : Ip6{});
    if (seen.insert(subnet).second) subnets.push_back(&h);
  }
  for (size_t k = 0; k < addresses.size(); ++k) {
    const std::string at = "addresses[" + std::to_string(k) + "]";
    const auto v4 = parseIpv4(addresses[k]);
    const auto v6 = v4 ? std::nullopt : parseIpv6(addresses[k]);
    if (!v4 && !v6) return makeError(at, "'" + addresses[k] + "' is not an IPv4 or IPv6 address");
    const Host* via = v6 && isLinkLocal(*v6) && !all.empty() ? &all[0] : nullptr;
    for (const Host* h : subnets) {
      if (via) break;
      if ((v4 && h->has4 && sameSubnet(*v4, h->ip4, h->prefix4)) || (v6 && h->has6 && sameSubnet(*v6, h->ip6, h->prefix6)))
        via = h;
    }
    if (via) {
      const NeighborKey key = v4 ? NeighborKey::v4(via->vlans.key(), *v4) : NeighborKey::v6(via->vlans.key(), *v6);
      wanted.emplace(key, static_cast<uint32_t>(via - all.data()));
      continue;
    }
    const Host* gw = v4 ? (first4 && first4->hasGateway4 ? first4 : nullptr) : (first6 && first6->hasGateway6 ? first6 : nullptr);
    if (!gw) return makeError(at, addresses[k] + " is on no emulated host's subnet of port " + port + " and there is no gateway");
  }
  std::vector<ResolveTarget> out;
  for (const auto& [key, host] : wanted) out.push_back({key, host});
  return out;
}

std::vector<Probe> gatewayLearners(const HostTable& hosts, const std::vector<ResolveTarget>& targets) {
  std::set<std::pair<NeighborKey, uint32_t>> asked;
  for (const ResolveTarget& t : targets) asked.emplace(t.key, t.host);
  std::vector<Probe> out;
  const auto& all = hosts.hosts();
  for (uint32_t i = 0; i < all.size(); ++i) {
    const Host& h = all[i];
    if (h.hasGateway4 && h.has4) {
      const auto key = NeighborKey::v4(h.vlans.key(), h.gateway4);
      if (!asked.contains({key, i})) out.push_back({key, i});
    }
    if (h.hasGateway6) {
      const auto key = NeighborKey::v6(h.vlans.key(), h.gateway6);
      if (!asked.contains({key, i})) out.push_back({key, i});
    }
  }
  return out;
}

}  // namespace staccato::drone::devices
