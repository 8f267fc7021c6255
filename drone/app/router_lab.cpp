#include "drone/app/router_lab.h"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/core/error_text.h"
#include "drone/app/lab_setup.h"

namespace staccato::drone {

namespace {

constexpr const char* kOption = "--router-lab";


Result<int> openOwnNetNamespace() {
  const int fd = ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return makeError(kOption, "cannot open /proc/self/ns/net: " + errorText(errno), ErrorKind::kUnavailable);
  return fd;
}

/// In the router's namespace (the calling thread's): forwarding on, both veth pairs made with
/// the drone's ends moved into `droneNs`, the router's ends addressed and up.
Status buildRouter(const IpCommand& ip, int droneNs, DemoLab& lab) {
  if (auto s = writeSysctl("/proc/sys/net/ipv4/ip_forward", "1"); !s) return s.error().withPrefix(kOption);
  bool ipv6 = ::access("/proc/sys/net/ipv6", F_OK) == 0;
  if (!ipv6) lab.warnings.push_back("this kernel has no IPv6: the router forwards IPv4 only");
  // A new namespace starts with IPv6 on; the router answers at once, without duplicate detection.
  for (const char* setting : {"all/disable_ipv6=0", "default/disable_ipv6=0", "all/forwarding=1", "default/forwarding=1",
                              "all/accept_dad=0", "default/accept_dad=0"}) {
    if (!ipv6) break;
    const std::string s = setting;
    const size_t eq = s.find('=');
    if (auto w = writeSysctl("/proc/sys/net/ipv6/conf/" + s.substr(0, eq), s.substr(eq + 1)); !w) {
      lab.warnings.push_back("IPv6 in the router: " + w.error().toString() + ": the router forwards IPv4 only");
      ipv6 = false;
    }
  }
  if (auto s = ip.run({"link", "set", "lo", "up"}); !s) return s;
  const std::string queues = std::to_string(kDemoLabQueues);
  const std::string droneNsPath = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(droneNs);
  for (const RouterSide& side : kRouterLabSides) {
    if (auto s = ip.run({"link", "add", side.interface, "numtxqueues", queues, "numrxqueues", queues, "address", side.mac,
                         "type", "veth", "peer", "name", side.dronePort, "numtxqueues", queues, "numrxqueues", queues,
                         "netns", droneNsPath});
        !s)
      return s;
    if (auto s = ip.run({"addr", "add", side.ipv4, "dev", side.interface}); !s) return s;
    if (ipv6)
      if (auto s = ip.run({"addr", "add", side.ipv6, "dev", side.interface, "nodad"}); !s) return s;
    if (auto s = ip.run({"link", "set", side.interface, "up"}); !s) return s;
  }
  return Ok{};
}

}  // namespace

Result<DemoLab> enterRouterLab() {
  if (auto s = checkLabPermitted(kOption); !s) return s.error();
  auto ip = IpCommand::find(kOption);
  if (!ip) return ip.error();
  if (auto s = enterPrivateNamespaces(kOption); !s) return s.error();

  DemoLab lab{"router lab", "", {}};
  if (auto s = ip->run({"link", "set", "lo", "up"}); !s) return s.error();
  // Before the ports arrive from the router's namespace, so that they come without IPv6.
  if (auto w = turnIpv6Off()) lab.warnings.push_back(*w);
  auto droneNs = openOwnNetNamespace();
  if (!droneNs) return droneNs.error();
  // The router's namespace: only this descriptor holds it, for the life of the process (never
  // closed: the kernel drops it, with the router's veth ends and so the drone's, at exit).
  if (::unshare(CLONE_NEWNET) != 0) {
    ::close(*droneNs);
    return makeError(kOption, "cannot create the router's network namespace (unshare: " + errorText(errno) + ")",
                     ErrorKind::kUnavailable);
  }
  auto routerNs = openOwnNetNamespace();
  Status built = routerNs ? buildRouter(*ip, *droneNs, lab) : Status(routerNs.error());
  const bool back = ::setns(*droneNs, CLONE_NEWNET) == 0;
  const int err = errno;
  ::close(*droneNs);
  if (!back) return makeError(kOption, "cannot return to the drone's namespace (setns: " + errorText(err) + ")", ErrorKind::kInternal);
  if (!built) return built.error();
  for (const RouterSide& side : kRouterLabSides)
    if (auto s = ip->run({"link", "set", side.dronePort, "up"}); !s) return s.error();
  lab.summary = std::string(kDemoLabPortA) + " <-> router <-> " + kDemoLabPortB + " (" + std::to_string(kDemoLabQueues) +
                " queues each): the router has " + kRouterLabSides[0].ipv4 + " and " + kRouterLabSides[0].ipv6 + " on " +
                kDemoLabPortA + "'s side, " + kRouterLabSides[1].ipv4 + " and " + kRouterLabSides[1].ipv6 + " on " +
                kDemoLabPortB + "'s, forwarding on; private namespaces removed when the drone exits; enter the router's with: "
                "nsenter --net=/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(*routerNs) + " ip neigh";
  return lab;
}

}  // namespace staccato::drone
