#include "drone/devices/link_resolver.h"

#include <algorithm>
#include <map>

#include "drone/devices/device_errors.h"

namespace staccato::drone::devices {
namespace {

/// The addresses a field takes over one cycle of the op that varies it (one value: constant).
struct Cycle {
  int op = -1;
  std::vector<Ip6> values;  ///< IPv4 as NeighborKey keeps them (::ffff:a.b.c.d)
};

uint64_t opValue(const TxPlan& plan, const PatchOp& op, uint64_t c) {
  return op.kind == PatchOpKind::kVarList ? plan.listValues[op.start + c] : op.start + c * op.step;
}

Ip6 addressAt(const std::vector<uint8_t>& bytes, size_t offset, size_t len) {
  Ip6 ip;
  if (len == 4) return NeighborKey::v4(0, loadIpv4(bytes.data() + offset)).ip;
  std::copy_n(bytes.begin() + static_cast<long>(offset), 16, ip.b.begin());
  return ip;
}

Result<Cycle> addressCycle(const TxPlan& plan, size_t offset, size_t len, const std::string& field) {
  Cycle c;
  for (size_t i = 0; i < plan.ops.size(); ++i) {
    const FieldWindow& w = plan.ops[i].window;
    if (!w.bytes || w.offset >= offset + len || w.offset + w.bytes <= offset) continue;
    if (plan.ops[i].kind == PatchOpKind::kVarRandom)
      return makeError(field, "varies at random: the drone cannot give each packet its host's MAC (use increment or a list)");
    if (c.op >= 0) return makeError(field, "varies in two variable fields: the drone fills MACs from one");
    c.op = static_cast<int>(i);
  }
  std::vector<uint8_t> scratch(plan.frameTemplate.begin(), plan.frameTemplate.end());
  if (c.op < 0) {
    c.values.push_back(addressAt(scratch, offset, len));
    return c;
  }
  const PatchOp& op = plan.ops[static_cast<size_t>(c.op)];
  uint64_t period = op.count;
  if (!period) {  // it wraps with its field: 2^width values (a 64-bit field never repeats in practice)
    const int width = 64 - __builtin_clzll(op.window.fieldMask | 1);
    period = width >= 64 ? 0 : uint64_t{1} << width;
  }
  if (period > kMaxFilledValues || period == 0)
    return makeError(field, "takes more than " + std::to_string(kMaxFilledValues) +
                                " values before it repeats: give its variable field a count");
  const FieldWindow& w = op.window;
  for (uint64_t k = 0; k < period; ++k) {
    uint64_t bits = w.templateBits | ((opValue(plan, op, k) & w.fieldMask) << w.shift);
    for (int b = w.bytes - 1; b >= 0; --b, bits >>= 8) scratch[w.offset + static_cast<size_t>(b)] = static_cast<uint8_t>(bits);
    c.values.push_back(addressAt(scratch, offset, len));
  }
  return c;
}

std::string text(const Ip6& ip) {
  const NeighborKey k{0, ip};
  return k.isIpv4() ? formatIpv4(k.ipv4()) : formatIpv6(ip);
}

const Host* ownerOf(const HostTable& hosts, const Ip6& ip) {
  const NeighborKey k{0, ip};
  return k.isIpv4() ? hosts.owner(k.ipv4()) : hosts.owner(ip);
}

/// The neighbour that carries packets from `h` to `dst`: `dst` on-link, else the gateway.
Result<NeighborKey> nextHop(const Host& h, const Ip6& dst, const std::string& port) {
  const NeighborKey d{h.vlans.key(), dst};
  if (d.isIpv4()) {
    if (sameSubnet(d.ipv4(), h.ip4, h.prefix4)) return d;
    if (!h.hasGateway4) return errors::noGateway(port, formatIpv4(h.ip4), formatIpv4(d.ipv4()));
    return NeighborKey::v4(d.link, h.gateway4);
  }
  if (isLinkLocal(dst) || sameSubnet(dst, h.ip6, h.prefix6)) return d;
  if (!h.hasGateway6) return errors::noGateway(port, formatIpv6(h.ip6), formatIpv6(dst));
  return NeighborKey::v6(d.link, h.gateway6);
}

/// Writes `values` (one per cursor of the op that varies the address) at `offset`: into the
/// template when they are all the same, else as a list op, which walks in step with that op.
Status place(TxPlan& plan, const std::vector<uint64_t>& values, uint16_t offset, uint8_t bytes) {
  auto storeAt = [&](uint64_t v) {
    for (int b = bytes - 1; b >= 0; --b, v >>= 8) plan.frameTemplate[offset + static_cast<size_t>(b)] = static_cast<uint8_t>(v);
  };
  storeAt(values[0]);
  if (std::all_of(values.begin(), values.end(), [&](uint64_t v) { return v == values[0]; })) return Ok{};
  if (plan.slotCount >= kMaxPatchSlots)
    return makeError("variable_fields", "too many variable fields to also vary the MACs per host (at most " +
                                            std::to_string(kMaxPatchSlots) + " in all)");
  PatchOp op{PatchOpKind::kVarList};
  op.window = {offset, bytes, 0, bytes == 6 ? kMacMax : 0xffff, 0};
  op.slot = plan.slotCount++;
  op.start = plan.listValues.size();
  op.count = values.size();
  plan.listValues.insert(plan.listValues.end(), values.begin(), values.end());
  plan.ops.push_back(op);  // no checksum covers Ethernet addresses or VLAN tags
  return Ok{};
}

Status fillSource(TxPlan& plan, const Cycle& src, const std::vector<const Host*>& owners) {
  std::vector<uint64_t> macs;
  for (const Host* h : owners) macs.push_back(h->mac);
  if (auto s = place(plan, macs, 6, 6); !s) return s;
  const LinkFill& link = plan.link;
  for (size_t i = 0; i < owners.size(); ++i)
    if (owners[i]->vlans.count != link.vlanCount)
      return makeError("layers", "the emulated host " + text(src.values[i]) + " is on " +
                                     std::to_string(owners[i]->vlans.count) + " VLAN tag(s) but the stream has " +
                                     std::to_string(link.vlanCount) + ": give it as many vlan layers");
  for (int t = 0; t < link.vlanCount; ++t) {
    std::vector<uint64_t> tcis;
    for (const Host* h : owners) {
      if (h->vlans.tpid[t] != owners[0]->vlans.tpid[t]) return makeError("layers", "the hosts' VLAN tag types differ");
      tcis.push_back(h->vlans.tci[t]);
    }
    const uint16_t at = link.vlanTpidOffsets[t];
    plan.frameTemplate[at] = static_cast<uint8_t>(owners[0]->vlans.tpid[t] >> 8);
    plan.frameTemplate[at + 1] = static_cast<uint8_t>(owners[0]->vlans.tpid[t]);
    if (auto s = place(plan, tcis, static_cast<uint16_t>(at + 2), 2); !s) return s;
  }
  return Ok{};
}

}  // namespace

namespace {

/// What one plan needs: its addresses over a cycle, their hosts, and each packet's next hop.
struct PlanNeeds {
  Cycle src, dst;
  std::vector<const Host*> owners;     ///< per src value
  std::vector<NeighborKey> hops;       ///< per (src, dst) pair, src-major; empty: eth.dst not resolved
};

Result<PlanNeeds> needsOf(const TxPlan& plan, const HostTable& hosts, const std::string& port) {
  PlanNeeds n;
  const LinkFill& link = plan.link;
  const size_t len = link.ipVersion == 4 ? 4 : 16;
  const std::string ip = link.ipVersion == 4 ? "ip" : "ipv6";
  auto src = addressCycle(plan, link.ipSrcOffset, len, ip + ".src");
  if (!src) return src.error();
  n.src = std::move(src).value();
  for (const Ip6& a : n.src.values) {
    const Host* h = ownerOf(hosts, a);
    if (!h) return errors::notEmulatedHost(port, ip + ".src", text(a));
    n.owners.push_back(h);
  }
  if (!link.resolveDestination) return n;
  auto dst = addressCycle(plan, link.ipSrcOffset + len, len, ip + ".dst");
  if (!dst) return dst.error();
  n.dst = std::move(dst).value();
  if (n.src.op >= 0 && n.dst.op >= 0 && n.src.values.size() * n.dst.values.size() > kMaxFilledValues * 16)
    return makeError(ip + ".dst", "ip source and destination both vary over too many values to resolve every pair");
  for (const Host* h : n.owners)
    for (const Ip6& d : n.dst.values) {
      auto hop = nextHop(*h, d, port);
      if (!hop) return hop.error();
      n.hops.push_back(*hop);
    }
  return n;
}

Status fillDestination(TxPlan& plan, const PlanNeeds& n, const std::map<NeighborKey, uint64_t>& macs) {
  const size_t S = n.src.values.size(), D = n.dst.values.size();
  auto mac = [&](size_t i, size_t j) { return macs.at(n.hops[i * D + j]); };
  bool bySrc = true, byDst = true;  // the MAC depends on the source only / the destination only
  for (size_t i = 0; i < S && (bySrc || byDst); ++i)
    for (size_t j = 0; j < D; ++j) {
      bySrc = bySrc && mac(i, j) == mac(i, 0);
      byDst = byDst && mac(i, j) == mac(0, j);
    }
  std::vector<uint64_t> values;
  if (byDst) {
    for (size_t j = 0; j < D; ++j) values.push_back(mac(0, j));
    return place(plan, values, 0, 6);
  }
  if (bySrc) {
    for (size_t i = 0; i < S; ++i) values.push_back(mac(i, 0));
    return place(plan, values, 0, 6);
  }
  return makeError("layers", "the next hop depends on both the IP source and destination as they vary; vary one of them");
}

}  // namespace

Result<PlanList> fillLinkAddresses(const PlanList& plans, PortDevices* devices, const std::string& port) {
  if (std::none_of(plans->begin(), plans->end(), [](const TxPlan& p) { return p.link.active(); })) return plans;
  std::vector<std::optional<PlanNeeds>> needs(plans->size());
  std::map<NeighborKey, uint32_t> wanted;  // next hop -> the host that asks
  std::shared_ptr<const HostTable> hosts = devices ? devices->hosts() : nullptr;
  for (size_t i = 0; i < plans->size(); ++i) {
    const TxPlan& p = (*plans)[i];
    if (!p.link.active()) continue;
    const std::string at = "stream " + std::to_string(p.streamId);
    if (!hosts || hosts->empty()) return errors::noEmulatedHosts(port, p.streamId);
    auto n = needsOf(p, *hosts, port);
    if (!n) return n.error().withPrefix(at);
    for (size_t k = 0; k < n->hops.size(); ++k)
      wanted.emplace(n->hops[k], static_cast<uint32_t>(n->owners[k / n->dst.values.size()] - hosts->hosts().data()));
    needs[i] = std::move(n).value();
  }
  std::vector<ResolveTarget> targets;
  for (const auto& [key, host] : wanted) targets.push_back({key, host});
  std::map<NeighborKey, uint64_t> macs;
  if (!targets.empty()) {
    const auto found = devices->resolve(targets);
    for (size_t k = 0; k < targets.size(); ++k) {
      const auto& n = found[k];
      if (!n || (n->state != NeighborState::kReachable && n->state != NeighborState::kStale))
      {
        const Host& h = hosts->hosts()[targets[k].host];
        const NeighborKey& hop = targets[k].key;
        const bool gateway = hop.isIpv4() ? h.hasGateway4 && h.gateway4 == hop.ipv4() : h.hasGateway6 && h.gateway6 == hop.ip;
        return errors::nextHopUnresolved(port, text(hop.ip), hop.isIpv4() ? formatIpv4(h.ip4) : formatIpv6(h.ip6), gateway,
                                         hop.isIpv4());
      }
      macs.emplace(targets[k].key, n->mac);
    }
  }
  auto out = std::make_shared<std::vector<TxPlan>>(*plans);
  for (size_t i = 0; i < out->size(); ++i) {
    if (!needs[i]) continue;
    TxPlan& p = (*out)[i];
    const std::string at = "stream " + std::to_string(p.streamId);
    if (p.link.deviceSource)
      if (auto s = fillSource(p, needs[i]->src, needs[i]->owners); !s) return s.error().withPrefix(at);
    if (p.link.resolveDestination)
      if (auto s = fillDestination(p, *needs[i], macs); !s) return s.error().withPrefix(at);
  }
  return PlanList(std::move(out));
}

}  // namespace staccato::drone::devices
