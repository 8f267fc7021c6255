#include "drone/devices/host_table.h"

namespace staccato::drone::devices {

HostTable::HostTable(std::vector<Host> hosts) : hosts_(std::move(hosts)) {
  for (uint32_t i = 0; i < hosts_.size(); ++i) {
    const Host& h = hosts_[i];
    const uint64_t link = uint64_t{h.vlans.key()} << 32;
    if (h.has4) {
      v4_.emplace(link | h.ip4, i);
      owner4_.emplace(h.ip4, i);
    }
    if (h.has6) {
      v6_.emplace(std::pair{h.vlans.key(), h.ip6}, i);
      owner6_.emplace(h.ip6, i);
    }
    v6_.emplace(std::pair{h.vlans.key(), h.linkLocal6}, i);  // the first host with a MAC keeps it
  }
}

const Host* HostTable::onLink(uint32_t vlanKey, uint32_t ip) const {
  auto it = v4_.find(uint64_t{vlanKey} << 32 | ip);
  return it == v4_.end() ? nullptr : &hosts_[it->second];
}

const Host* HostTable::onLink(uint32_t vlanKey, const Ip6& ip) const {
  auto it = v6_.find({vlanKey, ip});
  return it == v6_.end() ? nullptr : &hosts_[it->second];
}

const Host* HostTable::owner(uint32_t ip) const {
  auto it = owner4_.find(ip);
  return it == owner4_.end() ? nullptr : &hosts_[it->second];
}

const Host* HostTable::owner(const Ip6& ip) const {
  auto it = owner6_.find(ip);
  return it == owner6_.end() ? nullptr : &hosts_[it->second];
}

}  // namespace staccato::drone::devices
