#pragma once
/// The network interfaces a drone may use, read from sysfs.
#include <cstdint>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::drone {

struct PortInfo {
  std::string name;
  int ifindex = 0;
  std::string mac;
  uint32_t mtu = 0;
  bool linkUp = false;
  uint64_t speedMbps = 0;  ///< 0 when unknown (veth, dummy)
  uint32_t txQueues = 0;
  uint32_t rxQueues = 0;
  std::string driver;
  bool xdpCapable = false;  ///< the kernel offers AF_XDP (generic XDP works on any netdev)
};

/// The longest frame the port receives whole: its MTU, an Ethernet header and two VLAN tags
/// (longer ones, e.g. merged by GRO, are cut). What a capture or a receive socket copies at most.
uint32_t frameSnapLength(const PortInfo& port);

/// Shell-style include/exclude patterns ("eth*", "veth?"). No include = every interface but lo.
struct PortFilter {
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  bool accepts(const std::string& name) const;
};

/// Interfaces in /sys/class/net that pass the filter, sorted by name. Fails when the directory,
/// or an interface that is still there, cannot be read (e.g. no file descriptor left): that is
/// not "every interface went away".
Result<std::vector<PortInfo>> discoverPorts(const PortFilter& filter, const std::string& sysfsRoot = "/sys/class/net");

}  // namespace staccato::drone
