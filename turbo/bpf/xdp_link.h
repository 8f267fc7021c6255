#pragma once
/// Attaching an XDP program to an interface through a BPF link (the kernel detaches it when the
/// link's last descriptor closes: with its owner, or with the process, even on a crash).
#include <string>

#include "common/core/result.h"

namespace staccato::turbo {

struct XdpLink {
  int fd = -1;          ///< the link; closing it detaches the program
  bool native = false;  ///< in the driver (else the generic hook, an skb per frame)
};

/// Attaches `programFd` to interface `ifindex` in the driver when it runs XDP there, else at the
/// generic hook (any interface; veth refuses native XDP when its peer's MTU is too large); with
/// `genericOnly`, at the generic hook. The error names `iface` and `what` ("the receive XDP
/// program") and says when another program holds the interface.
Result<XdpLink> linkXdp(int programFd, unsigned ifindex, const std::string& iface, const std::string& what,
                        bool genericOnly = false);

}  // namespace staccato::turbo
