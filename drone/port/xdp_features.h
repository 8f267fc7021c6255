#pragma once
/// Which XDP features an interface's driver has, asked of the kernel ("netdev" generic netlink family)
/// without attaching anything to the interface.
#include <cstdint>

#include "common/core/result.h"

namespace staccato::drone {

struct XdpFeatures {
  bool known = false;      ///< false: the kernel has no netdev family (older than 6.3) - callers then try and see
  bool native = false;     ///< NETDEV_XDP_ACT_BASIC: driver runs XDP programs (native mode)
  bool redirect = false;   ///< NETDEV_XDP_ACT_REDIRECT
  /// NETDEV_XDP_ACT_NDO_XMIT: the driver takes frames redirected to it by XDP (the in-kernel
  /// sender's way out). Some drivers offer it only while an XDP program is attached to them
  /// (a veth: to its peer, or GRO on the peer).
  bool ndoXmit = false;
  bool zeroCopy = false;   ///< NETDEV_XDP_ACT_XSK_ZEROCOPY
  uint64_t raw = 0;        ///< the whole NETDEV_XDP_ACT_* bitmask
  /// NETDEV_A_DEV_XDP_ZC_MAX_SEGS (AF_XDP zero-copy multi-buffer limit). 0 when not reported: the kernel
  /// sends it only for zero-copy drivers, and only from 6.6 on.
  uint32_t zcMaxSegs = 0;
};

/// One NETDEV_CMD_DEV_GET for `ifindex` in the current network namespace.
/// Errors name the interface index and the kernel's errno text (e.g. ENODEV for a stale index).
Result<XdpFeatures> queryXdpFeatures(unsigned ifindex);

}  // namespace staccato::drone
