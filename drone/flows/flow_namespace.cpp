#include "drone/flows/flow_namespace.h"

#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "common/core/error_text.h"
#include "common/core/log.h"
#include "common/files/flow_profile.h"

namespace staccato::drone {

namespace {

constexpr const char* kWho = "flow hosts";
/// The interface group of the hosts' macvlans: one `ip link del group` removes them all in one
/// kernel batch (a delete each takes a synchronisation each).
constexpr const char* kHostGroup = "1";

struct Sysctl {
  const char* path;
  const char* value;
};
constexpr Sysctl kIpv6Off[] = {{"/proc/sys/net/ipv6/conf/all/disable_ipv6", "1"},
                               {"/proc/sys/net/ipv6/conf/default/disable_ipv6", "1"}};
constexpr Sysctl kHostSettings[] = {
    {"/proc/sys/net/ipv4/conf/all/arp_ignore", "1"},       {"/proc/sys/net/ipv4/conf/default/arp_ignore", "1"},
    {"/proc/sys/net/ipv4/conf/all/arp_announce", "2"},     {"/proc/sys/net/ipv4/conf/default/arp_announce", "2"},
    {"/proc/sys/net/ipv4/conf/all/rp_filter", "0"},        {"/proc/sys/net/ipv4/conf/default/rp_filter", "0"},
    {"/proc/sys/net/ipv4/ip_local_port_range", "1024 65535"}, {"/proc/sys/net/ipv4/tcp_tw_reuse", "1"},
    {"/proc/sys/net/core/somaxconn", "65535"},             {"/proc/sys/net/ipv4/tcp_max_syn_backlog", "65535"},
};

std::string dotted(uint32_t address) {
  return std::to_string(address >> 24) + "." + std::to_string((address >> 16) & 0xff) + "." +
         std::to_string((address >> 8) & 0xff) + "." + std::to_string(address & 0xff);
}

/// 02:5c (locally administered) and the host's IPv4 address: unique on the wire, and a capture
/// names the host by its MAC.
std::string macOf(uint32_t address) {
  char text[18];
  std::snprintf(text, sizeof text, "02:5c:%02x:%02x:%02x:%02x", address >> 24, (address >> 16) & 0xff, (address >> 8) & 0xff,
                address & 0xff);
  return text;
}

/// The settings of the namespace the calling thread is in (before any device: devices copy
/// "default").
Status tune() {
  const bool ipv6 = ::access("/proc/sys/net/ipv6", F_OK) == 0;  // a kernel without IPv6 sends none
  for (const Sysctl& s : kIpv6Off)
    if (auto w = ipv6 ? writeSysctl(s.path, s.value) : Status(Ok{}); !w) return w.error().withPrefix(kWho);
  for (const Sysctl& s : kHostSettings)
    if (auto w = writeSysctl(s.path, s.value); !w) return w.error().withPrefix(kWho);
  return Ok{};
}

/// The kernel's neighbour table is one for every namespace (its limit, gc_thresh3, is the initial
/// namespace's): each host's entry for its gateway counts in it, and beyond the limit new hosts
/// cannot resolve, which would look like a device dropping their connections. Raised to fit when
/// the drone can see it (in the initial namespace); from a lab's namespace it cannot, and the
/// docs say to raise it there.
Status fitNeighbourTable(uint32_t hosts) {
  constexpr const char* kLimit = "/proc/sys/net/ipv4/neigh/default/gc_thresh3";
  std::FILE* file = std::fopen(kLimit, "re");
  if (!file) return Ok{};
  unsigned long limit = 0;
  const bool read = std::fscanf(file, "%lu", &limit) == 1;
  std::fclose(file);
  const unsigned long needed = 2ul * hosts + 1024;  // the hosts, as many on the far side, and the host's own
  if (!read || limit >= needed) return Ok{};
  if (writeSysctl("/proc/sys/net/ipv4/neigh/default/gc_thresh2", std::to_string(needed * 3 / 4)) &&
      writeSysctl(kLimit, std::to_string(needed))) {
    log::notice("flow hosts: raised the kernel's neighbour table limit (net.ipv4.neigh.default.gc_thresh3) from " +
                std::to_string(limit) + " to " + std::to_string(needed) + " for " + std::to_string(hosts) + " hosts");
    return Ok{};
  }
  return makeError(kWho, std::to_string(hosts) + " hosts need a neighbour table of about " + std::to_string(needed) +
                             " entries; the kernel holds " + std::to_string(limit) +
                             ": sysctl -w net.ipv4.neigh.default.gc_thresh3=" + std::to_string(needed), ErrorKind::kExhausted);
}

/// A new network namespace, made and tuned on a thread of its own (unshare moves the calling
/// thread only, and the caller's must stay where it is).
Result<UniqueFd> makeNamespace() {
  std::optional<Result<UniqueFd>> made;
  std::thread([&] {
    if (::unshare(CLONE_NEWNET) != 0) {
      const int err = errno;
      made.emplace(makeError(kWho,
                             "cannot create a network namespace (unshare: " + errorText(err) + ")" +
                                 (err == EPERM ? ": the drone needs CAP_SYS_ADMIN and CAP_NET_ADMIN" : ""),
                             err == EPERM ? ErrorKind::kDenied : ErrorKind::kUnavailable));
      return;
    }
    UniqueFd fd(::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC));
    if (!fd) {
      made.emplace(makeError(kWho, "cannot open /proc/thread-self/ns/net: " + errorText(errno), ErrorKind::kUnavailable));
      return;
    }
    if (auto tuned = tune(); !tuned)
      made.emplace(tuned.error());
    else
      made.emplace(std::move(fd));
  }).join();
  return std::move(*made);
}

}  // namespace

Result<std::unique_ptr<FlowNamespace>> FlowNamespace::create(const std::string& port, const v1::FlowHosts& hosts) {
  auto block = flowHostBlock(hosts, "hosts");  // checked again: devices are built from it
  if (!block) return block.error();
  if (port.empty() || ::if_nametoindex(port.c_str()) == 0)
    return makeError(kWho, "no port '" + port + "' in the drone's network namespace: give one of the drone's ports",
                     ErrorKind::kNotFound);
  auto ip = IpCommand::find(kWho);
  if (!ip) return ip.error();
  if (auto fits = fitNeighbourTable(block->count); !fits) return fits.error();
  auto fd = makeNamespace();
  if (!fd) return fd.error();
  std::vector<FlowAddress> list(block->count);
  for (uint32_t i = 0; i < block->count; ++i) list[i] = {block->first + i, "h" + std::to_string(i)};
  std::unique_ptr<FlowNamespace> ns(new FlowNamespace(std::move(*fd), std::move(list), hosts.vlan(), *ip));
  if (auto built = ns->populate(port, block->prefixLength, block->gateway); !built) return built.error();
  ns->complete_ = true;
  return ns;
}

Status FlowNamespace::populate(const std::string& port, uint32_t prefixLength, std::optional<uint32_t> gateway) {
  // From the caller's namespace, where the port is: devices made straight into ours.
  const std::string into = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd_.get());
  const std::string vlanDevice = "v" + std::to_string(vlan_);
  std::vector<std::string> outside, inside{"link set lo up"};
  if (vlan_) {
    // On its own, so that an error (a kernel without 8021q) quotes the command.
    if (auto made = ip_.run({"link", "add", "link", port, "name", vlanDevice, "netns", into, "type", "vlan", "id",
                             std::to_string(vlan_)});
        !made)
      return made;
    inside.push_back("link set " + vlanDevice + " up");
  }
  for (const FlowAddress& h : hosts_) {
    const std::string macvlan = " address " + macOf(h.ipv4) + " group " + kHostGroup + " type macvlan mode bridge";
    if (vlan_)
      inside.push_back("link add link " + vlanDevice + " name " + h.device + macvlan);
    else
      outside.push_back("link add link " + port + " name " + h.device + " netns " + into + macvlan);
  }
  for (const FlowAddress& h : hosts_) {
    inside.push_back("addr add " + dotted(h.ipv4) + "/" + std::to_string(prefixLength) + " dev " + h.device);
    inside.push_back("link set " + h.device + " up");
  }
  // Metrics apart: one default route per device, which a socket bound to the device selects.
  for (size_t i = 0; gateway && i < hosts_.size(); ++i)
    inside.push_back("route add default via " + dotted(*gateway) + " dev " + hosts_[i].device + " metric " +
                     std::to_string(i + 1) + " onlink");
  if (auto made = outside.empty() ? Status(Ok{}) : ip_.runBatch(outside); !made) return made;
  return runInside([&]() -> Status {
    if (auto configured = ip_.runBatch(inside); !configured) return configured;
    for (const FlowAddress& h : hosts_)
      if (::if_nametoindex(h.device.c_str()) == 0)
        return makeError(kWho, h.device + " (" + dotted(h.ipv4) + ") is missing after it was made", ErrorKind::kInternal);
    return Ok{};
  });
}

Status FlowNamespace::enter() const {
  if (::setns(fd_.get(), CLONE_NEWNET) != 0)
    return makeError(kWho, "cannot enter the hosts' network namespace (setns: " + errorText(errno) + ")", ErrorKind::kDenied);
  return Ok{};
}

FlowNamespace::~FlowNamespace() {
  // A VLAN device takes its macvlans with it.
  const std::vector<std::string> devices = vlan_ ? std::vector<std::string>{"link", "del", "v" + std::to_string(vlan_)}
                                                 : std::vector<std::string>{"link", "del", "group", kHostGroup};
  auto deleted = runInside([&] { return ip_.run(devices); });
  // A run that failed half-way may have made none of them.
  if (!deleted && complete_)
    log::warning("flow hosts: " + deleted.error().toString() + ": the kernel removes them with the namespace, later");
}

}  // namespace staccato::drone
