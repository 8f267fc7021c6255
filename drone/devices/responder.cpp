#include "drone/devices/responder.h"

#include <algorithm>
#include <cstring>

#include "common/core/bits.h"
#include "common/core/checksum.h"
#include "drone/devices/control_frames.h"

namespace staccato::drone::devices {
namespace {

const Ip6 kAllNodes = Ip6::of(uint64_t{0xff02} << 48, 1);

uint32_t indexOf(const HostTable& hosts, const Host* h) { return static_cast<uint32_t>(h - hosts.hosts().data()); }

Ip6 loadIp6(const uint8_t* p) {
  Ip6 ip;
  std::memcpy(ip.b.data(), p, 16);
  return ip;
}

/// `ip` is the broadcast address of the host's subnet (all host bits set; /31 and /32 have none).
bool isSubnetBroadcast(uint32_t ip, const Host& h) {
  if (h.prefix4 >= 31 || !sameSubnet(ip, h.ip4, h.prefix4)) return false;
  const uint32_t hostBits = ~0u >> h.prefix4;
  return (ip & hostBits) == hostBits;
}

/// The link-layer address option of type `type` among ND options [p, end), or 0.
uint64_t linkOption(const uint8_t* p, const uint8_t* end, uint8_t type) {
  while (end - p >= 8) {
    const size_t len = p[1] * 8u;
    if (len == 0 || static_cast<size_t>(end - p) < len) return 0;  // malformed: RFC 4861 says drop
    if (p[0] == type && len == 8) return loadMac(p + 2);
    p += len;
  }
  return 0;
}

}  // namespace

bool Responder::takeToken(uint64_t nowNs) {
  if (nowNs > lastNs_) tokens_ = std::min(burst_, tokens_ + static_cast<double>(nowNs - lastNs_) * rate_ / 1e9);
  lastNs_ = std::max(lastNs_, nowNs);
  if (tokens_ < 1) {
    ++counters_.limited;
    return false;
  }
  tokens_ -= 1;
  return true;
}

void Responder::handle(std::span<const uint8_t> f, const HostTable& hosts, NeighborTable& table, uint64_t nowNs,
                       std::vector<std::vector<uint8_t>>& out) {
  LinkHeader link;
  if (hosts.empty() || !parseLink(f, link) || isMulticastMac(link.src)) {
    ++counters_.ignored;
    return;
  }
  const uint32_t key = link.vlans.key();
  if (link.etherType == kEtherArp) handleArp(f, link.l3, link.src, key, hosts, table, nowNs, out);
  else if (link.etherType == kEtherIpv4) handleIpv4(f, link.l3, link.src, key, hosts, nowNs, out);
  else if (link.etherType == kEtherIpv6) handleIpv6(f, link.l3, link.src, key, hosts, table, nowNs, out);
  else ++counters_.ignored;
}

void Responder::handleArp(std::span<const uint8_t> f, size_t l3, uint64_t ethSrc, uint32_t link, const HostTable& hosts,
                          NeighborTable& table, uint64_t nowNs, std::vector<std::vector<uint8_t>>& out) {
  const uint8_t* p = f.data() + l3;
  if (f.size() < l3 + 28 || loadBe16(p) != 1 || loadBe16(p + 2) != kEtherIpv4 || p[4] != 6 || p[5] != 4) {
    ++counters_.ignored;
    return;
  }
  const uint16_t op = loadBe16(p + 6);
  const uint64_t senderMac = loadMac(p + 8);
  const uint32_t senderIp = loadIpv4(p + 14), targetIp = loadIpv4(p + 24);
  const Host* target = hosts.onLink(link, targetIp);
  const bool unicastSender = !isMulticastMac(senderMac) && senderMac != 0;
  const bool answerable = op == 1 && target && unicastSender;
  if (op != 1 && op != 2) ++counters_.ignored;
  if (op == 1 && !answerable) ++counters_.ignored;
  // The reply's token first: a flood of requests from new senders then neither creates table
  // entries nor answers beyond the rate limit.
  const bool answer = answerable && takeToken(nowNs);
  if (unicastSender && senderIp != 0 && !hosts.onLink(link, senderIp)) {
    // A reply (or a gratuitous announcement) updates what we asked for; a request for one of our
    // hosts that we answer also tells us where the asker is, as the kernel learns it (STALE).
    table.learn(NeighborKey::v4(link, senderIp), senderMac, op == 2, target ? indexOf(hosts, target) : 0, nowNs, answer);
  }
  if (!answer) return;
  // A probe (sender 0.0.0.0, RFC 5227) for our address is answered too: the address is taken.
  out.emplace_back();
  buildArp(out.back(), target->vlans, ethSrc, 2, target->mac, target->ip4, senderMac, senderIp);
  ++counters_.arpReplies;
}

void Responder::handleIpv4(std::span<const uint8_t> f, size_t l3, uint64_t ethSrc, uint32_t link, const HostTable& hosts,
                           uint64_t nowNs, std::vector<std::vector<uint8_t>>& out) {
  const uint8_t* ip = f.data() + l3;
  if (f.size() < l3 + 20 || (ip[0] >> 4) != 4) return void(++counters_.ignored);
  const size_t ihl = (ip[0] & 0x0f) * 4u, total = loadBe16(ip + 2);
  const bool fragment = (loadBe16(ip + 6) & 0x3fff) != 0;
  if (ihl < 20 || total < ihl + 8 || l3 + total > f.size() || ip[9] != 1 || fragment || internetChecksum(ip, ihl) != 0)
    return void(++counters_.ignored);
  const uint8_t* icmp = ip + ihl;
  const uint32_t src = loadIpv4(ip + 12);
  const Host* h = hosts.onLink(link, loadIpv4(ip + 16));
  if (icmp[0] != 8 || icmp[1] != 0 || !h || internetChecksum(icmp, total - ihl) != 0 || src == 0 ||
      (src >> 28) >= 14 || isSubnetBroadcast(src, *h))
    return void(++counters_.ignored);  // not an echo to us, or from a broadcast/multicast address
  if (!takeToken(nowNs)) return;
  out.emplace_back();
  buildEchoReply4(out.back(), f, l3, *h, ethSrc);
  ++counters_.echoReplies;
}

void Responder::handleIpv6(std::span<const uint8_t> f, size_t l3, uint64_t ethSrc, uint32_t link, const HostTable& hosts,
                           NeighborTable& table, uint64_t nowNs, std::vector<std::vector<uint8_t>>& out) {
  const uint8_t* ip = f.data() + l3;
  if (f.size() < l3 + 48 || (ip[0] >> 4) != 6 || ip[6] != 58) return void(++counters_.ignored);
  const size_t payload = loadBe16(ip + 4);
  if (payload < 8 || l3 + 40 + payload > f.size() || icmpv6Checksum(f, l3, l3 + 40, payload) != 0)
    return void(++counters_.ignored);
  const Ip6 src = loadIp6(ip + 8), dst = loadIp6(ip + 24);
  const uint8_t* m = ip + 40;
  const uint8_t* end = m + payload;
  const uint8_t type = m[0];
  if (type == 128 && m[1] == 0) {  // echo request: to a host's unicast address only
    const Host* h = isMulticast(dst) ? nullptr : hosts.onLink(link, dst);
    if (!h || isMulticast(src) || src == Ip6{}) return void(++counters_.ignored);
    if (!takeToken(nowNs)) return;
    out.emplace_back();
    buildEchoReply6(out.back(), f, l3, *h, dst, ethSrc);
    ++counters_.echoReplies;
    return;
  }
  // Neighbour discovery comes from on the link only: hop limit 255 (RFC 4861 7.1).
  if ((type != kNeighborSolicit && type != kNeighborAdvert) || m[1] != 0 || ip[7] != 255 || payload < 24)
    return void(++counters_.ignored);
  const Ip6 target = loadIp6(m + 8);
  const Host* h = hosts.onLink(link, target);
  if (type == kNeighborAdvert) {
    const uint64_t mac = linkOption(m + 24, end, 2);
    if (!h && !isMulticast(target))
      table.learn(NeighborKey::v6(link, target), mac ? mac : ethSrc, (m[4] & kNaSolicited) != 0, 0, nowNs, false);
    return;
  }
  if (!h || isMulticast(target)) return void(++counters_.ignored);
  const bool dad = src == Ip6{};
  const uint64_t askerMac = linkOption(m + 24, end, 1);
  if (dad && askerMac) return void(++counters_.ignored);  // RFC 4861 7.1.1: invalid
  if (!takeToken(nowNs)) return;  // before learning: a flood creates no entries beyond the rate limit
  if (!dad && askerMac && !isMulticastMac(askerMac) && !hosts.onLink(link, src))
    table.learn(NeighborKey::v6(link, src), askerMac, false, indexOf(hosts, h), nowNs);
  out.emplace_back();
  if (dad)  // the address is ours: tell every node (RFC 4861 7.2.4), so the prober gives it up
    buildNd(out.back(), h->vlans, multicastMacOf(kAllNodes), h->mac, target, kAllNodes, kNeighborAdvert, kNaOverride,
            target, h->mac);
  else
    buildNd(out.back(), h->vlans, askerMac && !isMulticastMac(askerMac) ? askerMac : ethSrc, h->mac, target, src,
            kNeighborAdvert, kNaSolicited | kNaOverride, target, h->mac);
  ++counters_.ndReplies;
}

void buildProbe(const Probe& probe, const HostTable& hosts, std::vector<uint8_t>& out) {
  const Host& h = hosts.hosts()[probe.host];
  if (probe.key.isIpv4()) {
    buildArp(out, h.vlans, kBroadcastMac, 1, h.mac, h.ip4, 0, probe.key.ipv4());
    return;
  }
  const Ip6& target = probe.key.ip;
  const Ip6& from = isLinkLocal(target) || !h.has6 ? h.linkLocal6 : h.ip6;
  const Ip6 group = solicitedNodeOf(target);
  buildNd(out, h.vlans, multicastMacOf(group), h.mac, from, group, kNeighborSolicit, 0, target, h.mac);
}

void buildAnnouncements(const HostTable& hosts, std::vector<std::vector<uint8_t>>& out) {
  for (const Host& h : hosts.hosts()) {
    if (!h.announce) continue;
    if (h.has4) {
      out.emplace_back();
      buildArp(out.back(), h.vlans, kBroadcastMac, 1, h.mac, h.ip4, 0, h.ip4);
    }
    for (const Ip6* ip : {&h.linkLocal6, h.has6 ? &h.ip6 : nullptr}) {
      if (!ip) continue;
      out.emplace_back();
      buildNd(out.back(), h.vlans, multicastMacOf(kAllNodes), h.mac, *ip, kAllNodes, kNeighborAdvert, kNaOverride, *ip,
              h.mac);
    }
  }
}

}  // namespace staccato::drone::devices
