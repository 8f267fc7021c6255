#pragma once
/// The emulated hosts of one side of a flow run (docs/adr/0019-flow-engine-on-the-kernel-stack.md):
/// a private network namespace holding one macvlan per host on a port of the drone, so that the
/// wire shows each host with its own MAC and IPv4 address while the kernel's TCP stack, ARP and
/// routing serve them, and the port itself stays in the drone's namespace for its streams,
/// captures and responder.
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "common/core/result.h"
#include "common/core/unique_fd.h"
#include "drone/flows/flow_sockets.h"
#include "drone/port/ip_command.h"
#include "staccato/v1/flow.pb.h"

namespace staccato::drone {

/// A private network namespace holding one side's emulated hosts (v1::FlowHosts) on a port:
/// - one macvlan per host ("h0", "h1", ... in address order; mode bridge) with MAC 02:5c and the
///   4 bytes of its IPv4 address, on the port, or on an 802.1Q device "v<vlan>" on the port
///   when hosts.vlan() != 0; each with its address/prefix, up;
/// - with a gateway, a default route through it on every host's device, each with its own
///   metric: a socket bound to its host's device (SO_BINDTODEVICE) finds its own route and
///   leaves with its host's MAC; without one, the hosts reach their subnet only;
/// - before any device: IPv6 off (no DAD or router solicitations on the wire), arp_ignore=1 and
///   arp_announce=2 (only the host that owns an address answers ARP for it, from its own MAC:
///   no ARP flux between macvlans on one wire), rp_filter off, and the whole port range, TIME_WAIT
///   reuse and deep accept queues for the connection rates flows run at.
/// The drone has threads: the namespace is made and entered only on short-lived threads of its
/// own, never the caller's. Destruction deletes the hosts' devices at once (the next run may
/// reuse their MACs and VLAN on the port at once; the kernel's own cleanup of a namespace is
/// asynchronous) and then drops the namespace.
class FlowNamespace {
 public:
  /// Needs CAP_SYS_ADMIN and CAP_NET_ADMIN; `port` must exist in the caller's namespace.
  static Result<std::unique_ptr<FlowNamespace>> create(const std::string& port, const v1::FlowHosts& hosts);
  ~FlowNamespace();
  FlowNamespace(const FlowNamespace&) = delete;
  FlowNamespace& operator=(const FlowNamespace&) = delete;

  /// The namespace, for setns(fd, CLONE_NEWNET) by the engine's threads.
  int fd() const { return fd_.get(); }
  /// In address order, hosts.count() of them (0: 1).
  const std::vector<FlowAddress>& hosts() const { return hosts_; }

  /// Runs f() on a short-lived thread inside the namespace and returns what it returns: a
  /// Result or Status, which is the error instead when the thread cannot enter.
  template <typename F>
  std::invoke_result_t<F&> runInside(F&& f) const {
    std::optional<std::invoke_result_t<F&>> result;
    std::thread([&] {
      if (auto entered = enter(); !entered)
        result.emplace(entered.error());
      else
        result.emplace(f());
    }).join();
    return std::move(*result);
  }

 private:
  FlowNamespace(UniqueFd fd, std::vector<FlowAddress> hosts, uint32_t vlan, IpCommand ip)
      : fd_(std::move(fd)), hosts_(std::move(hosts)), vlan_(vlan), ip_(std::move(ip)) {}
  /// Moves the calling thread into the namespace (for good: only runInside's threads call it).
  Status enter() const;
  /// Builds the devices, addresses and routes (create's steps after the namespace exists).
  Status populate(const std::string& port, uint32_t prefixLength, std::optional<uint32_t> gateway);

  UniqueFd fd_;
  std::vector<FlowAddress> hosts_;
  uint32_t vlan_ = 0;
  IpCommand ip_;
  bool complete_ = false;  ///< every device made (a failed create may have made none to delete)
};

}  // namespace staccato::drone
