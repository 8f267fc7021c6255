#pragma once
/// A port's emulated hosts, expanded from its device groups (drone/core/device_group_check
/// checks and expands them), indexed by address for the responder and by source address for the
/// streams that send as them. Immutable once built: shared by the responder's thread and starts.
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "drone/devices/addresses.h"

namespace staccato::drone::devices {

/// Up to two VLAN tags, outer first, as they go on the wire.
struct VlanStack {
  uint8_t count = 0;
  uint16_t tpid[2] = {};
  uint16_t tci[2] = {};  ///< PCP (3 bits), DEI 0, VID (12 bits)
  bool operator==(const VlanStack&) const = default;
  uint16_t vid(int i) const { return tci[i] & 0x0fff; }
  /// The VLAN ids, as a key: frames on one link share it (PCP is not part of the link).
  uint32_t key() const { return count == 0 ? 0 : count == 1 ? vid(0) + 1u : (vid(0) + 1u) << 13 | (vid(1) + 1u); }
};

struct Host {
  uint32_t group = 0;
  uint64_t mac = 0;
  VlanStack vlans;
  bool has4 = false;
  uint32_t ip4 = 0;
  uint8_t prefix4 = 0;
  bool hasGateway4 = false;
  uint32_t gateway4 = 0;
  bool has6 = false;
  Ip6 ip6;
  uint8_t prefix6 = 0;
  bool hasGateway6 = false;
  Ip6 gateway6;
  Ip6 linkLocal6;
  bool announce = false;
};

class HostTable {
 public:
  HostTable() = default;
  explicit HostTable(std::vector<Host> hosts);

  const std::vector<Host>& hosts() const { return hosts_; }
  bool empty() const { return hosts_.empty(); }
  /// The host that owns `ip` on the link `vlanKey`, or null (the responder's question).
  const Host* onLink(uint32_t vlanKey, uint32_t ip) const;
  const Host* onLink(uint32_t vlanKey, const Ip6& ip) const;
  /// The host that owns a (global) address, whatever its link (a stream's source's owner).
  const Host* owner(uint32_t ip) const;
  const Host* owner(const Ip6& ip) const;

 private:
  std::vector<Host> hosts_;
  std::unordered_map<uint64_t, uint32_t> v4_;            ///< vlanKey << 32 | ip -> host
  std::map<std::pair<uint32_t, Ip6>, uint32_t> v6_;       ///< (vlanKey, ip) -> host, link-local too
  std::unordered_map<uint32_t, uint32_t> owner4_;
  std::map<Ip6, uint32_t> owner6_;
};

}  // namespace staccato::drone::devices
