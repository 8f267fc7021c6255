// The flow engine's emulated hosts (drone/flows/flow_namespace.h) on a veth pair in a network
// namespace of the test's own (a thread moves into it; it dies with the process): one end is
// the drone's port, the other the device under test at 10.77.0.1. The kernel is the oracle:
// `ip` inside the hosts' namespace, and the peer's neighbour table for who answered ARP.
#include "drone/flows/flow_namespace.h"

#include <gtest/gtest.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>

namespace staccato::drone {
namespace {

constexpr const char* kPort = "fnport";
constexpr const char* kPeer = "fnpeer";

/// What a shell command prints, run in the calling thread's namespace.
std::string sh(const std::string& command) {
  std::string out;
  if (FILE* p = ::popen(command.c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    ::pclose(p);
  }
  return out;
}

size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

/// What a command prints inside the hosts' namespace.
std::string inside(const FlowNamespace& ns, const std::string& command) {
  auto out = ns.runInside([&]() -> Result<std::string> { return sh(command); });
  EXPECT_TRUE(out.ok()) << out.error().toString();
  return out.ok() ? *out : "";
}

/// The hosts' MACs still on the port: a macvlan puts its own in the port's unicast list while
/// it exists (and is up), so none left means no macvlan left on the port.
size_t hostMacsOnPort() { return countOf(sh(std::string("bridge fdb show dev ") + kPort), "02:5c:"); }

v1::FlowHosts hostsOf(const std::string& first, uint32_t count, uint32_t prefix, const std::string& gateway, uint32_t vlan = 0) {
  v1::FlowHosts h;
  h.set_first_address(first);
  h.set_count(count);
  h.set_prefix_length(prefix);
  h.set_gateway(gateway);
  h.set_vlan(vlan);
  return h;
}

/// Runs `body` on a thread inside a new namespace with the veth pair fnport - fnpeer, up, the
/// peer at 10.77.0.1/24 (IPv6 off: no stray frames).
void onPrivateVeth(const std::function<void()>& body) {
  std::thread([&] {
    ASSERT_EQ(::unshare(CLONE_NEWNET), 0);
    ASSERT_EQ(std::system("sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 && "
                          "ip link add fnport type veth peer name fnpeer && ip link set fnport up && "
                          "ip link set fnpeer up && ip addr add 10.77.0.1/24 dev fnpeer"),
              0);
    body();
  }).join();
}

/// Connects from the test's namespace to `address`:80, where a listener inside the hosts'
/// namespace is bound to the host's address and device (as the engine's servers are).
void connectThrough(const FlowNamespace& ns, const FlowAddress& host) {
  auto listener = ns.runInside([&]() -> Result<int> {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in at{AF_INET, htons(80), {htonl(host.ipv4)}, {}};
    if (::setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, host.device.c_str(), host.device.size()) != 0 ||
        ::bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 || ::listen(fd, 8) != 0)
      return makeError("listener", std::string("cannot listen: ") + std::strerror(errno));
    return fd;
  });
  ASSERT_TRUE(listener.ok()) << listener.error().toString();
  const int client = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  timeval timeout{3, 0};
  ::setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in to{AF_INET, htons(80), {htonl(host.ipv4)}, {}};
  EXPECT_EQ(::connect(client, reinterpret_cast<sockaddr*>(&to), sizeof to), 0) << std::strerror(errno);
  ::close(client);
  ::close(*listener);
}

TEST(FlowNamespace, HostsHaveTheirOwnAddressMacAndDefaultRoute) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, macvlans)";
  onPrivateVeth([] {
    auto ns = FlowNamespace::create(kPort, hostsOf("10.77.0.10", 3, 24, "10.77.0.1"));
    ASSERT_TRUE(ns.ok()) << ns.error().toString();
    const auto& hosts = (*ns)->hosts();
    ASSERT_EQ(hosts.size(), 3u);
    const char* macs[] = {"02:5c:0a:4d:00:0a", "02:5c:0a:4d:00:0b", "02:5c:0a:4d:00:0c"};
    for (size_t i = 0; i < hosts.size(); ++i) {
      const std::string address = "10.77.0." + std::to_string(10 + i);
      EXPECT_EQ(hosts[i].ipv4, (10u << 24 | 77u << 16) + 10 + i);
      EXPECT_EQ(hosts[i].device, "h" + std::to_string(i));
      EXPECT_NE(inside(**ns, "ip -o -4 addr show dev " + hosts[i].device).find(address + "/24"), std::string::npos);
      const std::string link = inside(**ns, "ip -o link show dev " + hosts[i].device);
      EXPECT_NE(link.find(std::string("link/ether ") + macs[i]), std::string::npos) << link;
      EXPECT_NE(link.find("state UP"), std::string::npos) << link;
      // A socket bound to the device (SO_BINDTODEVICE) leaves through its own route.
      EXPECT_NE(inside(**ns, "ip route get 192.0.2.1 oif " + hosts[i].device).find("via 10.77.0.1 dev " + hosts[i].device),
                std::string::npos);
    }
    EXPECT_EQ(countOf(inside(**ns, "ip route show default"), "default via 10.77.0.1"), 3u);
    EXPECT_EQ(inside(**ns, "cat /proc/sys/net/ipv4/conf/all/arp_ignore /proc/sys/net/ipv4/conf/all/arp_announce "
                           "/proc/sys/net/ipv4/conf/h1/rp_filter /proc/sys/net/ipv4/ip_local_port_range "
                           "/proc/sys/net/ipv6/conf/h1/disable_ipv6 /proc/sys/net/core/somaxconn"),
              "1\n2\n0\n1024\t65535\n1\n65535\n");
    EXPECT_EQ(hostMacsOnPort(), 3u);
    ns->reset();
    EXPECT_EQ(hostMacsOnPort(), 0u) << "the hosts' macvlans outlived their namespace";
  });
}

TEST(FlowNamespace, OnlyTheOwnerAnswersArpForItsAddress) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, macvlans)";
  onPrivateVeth([] {
    auto ns = FlowNamespace::create(kPort, hostsOf("10.77.0.10", 3, 24, "10.77.0.1"));
    ASSERT_TRUE(ns.ok()) << ns.error().toString();
    connectThrough(**ns, (*ns)->hosts()[1]);
    connectThrough(**ns, (*ns)->hosts()[2]);
    const std::string neighbours = sh(std::string("ip neigh show dev ") + kPeer);
    // Every macvlan hears the peer's broadcast request; without arp_ignore all three answer.
    EXPECT_NE(neighbours.find("10.77.0.11 lladdr 02:5c:0a:4d:00:0b"), std::string::npos) << neighbours;
    EXPECT_NE(neighbours.find("10.77.0.12 lladdr 02:5c:0a:4d:00:0c"), std::string::npos) << neighbours;
  });
}

TEST(FlowNamespace, TaggedHostsLiveOnAVlanDeviceInTheNamespace) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, macvlans)";
  std::string skipped;
  onPrivateVeth([&] {
    auto ns = FlowNamespace::create(kPort, hostsOf("10.77.0.10", 2, 24, "10.77.0.1", 7));
    if (!ns.ok() && ns.error().message.find("8021q") != std::string::npos) {
      skipped = "this kernel has no 802.1Q VLAN devices; the error says so: " + ns.error().toString();
      return;
    }
    ASSERT_TRUE(ns.ok()) << ns.error().toString();
    ASSERT_EQ(std::system("ip link set fnpeer down && ip addr flush dev fnpeer && ip link set fnpeer up && "
                          "ip link add link fnpeer name fnpeer.7 type vlan id 7 && ip link set fnpeer.7 up && "
                          "ip addr add 10.77.0.1/24 dev fnpeer.7"),
              0);
    EXPECT_NE(inside(**ns, "ip -o link show dev h1").find("h1@v7"), std::string::npos);
    connectThrough(**ns, (*ns)->hosts()[1]);
    EXPECT_NE(sh("ip neigh show dev fnpeer.7").find("10.77.0.11 lladdr 02:5c:0a:4d:00:0b"), std::string::npos);
    ns->reset();
    EXPECT_EQ(hostMacsOnPort(), 0u);
    auto again = FlowNamespace::create(kPort, hostsOf("10.77.0.10", 2, 24, "10.77.0.1", 7));
    EXPECT_TRUE(again.ok()) << "VLAN 7 is free again on the port: " << (again.ok() ? "" : again.error().toString());
  });
  if (!skipped.empty()) GTEST_SKIP() << skipped;
}

TEST(FlowNamespace, AThousandHostsComeAndGo) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, macvlans)";
  onPrivateVeth([] {
    using Clock = std::chrono::steady_clock;
    const auto hosts = hostsOf("10.77.0.10", 1000, 16, "10.77.0.1");
    const auto start = Clock::now();
    auto ns = FlowNamespace::create(kPort, hosts);
    const auto made = Clock::now();
    ASSERT_TRUE(ns.ok()) << ns.error().toString();
    ASSERT_EQ((*ns)->hosts().size(), 1000u);
    EXPECT_EQ((*ns)->hosts().back().ipv4, (10u << 24 | 77u << 16) + 10 + 999);
    EXPECT_EQ((*ns)->hosts().back().device, "h999");
    EXPECT_EQ(countOf(inside(**ns, "ip -o -4 addr show"), " 10.77."), 1000u);
    EXPECT_EQ(countOf(inside(**ns, "ip route show default"), "default via"), 1000u);
    EXPECT_EQ(hostMacsOnPort(), 1000u);
    const auto teardown = Clock::now();
    ns->reset();
    const auto gone = Clock::now();
    EXPECT_EQ(hostMacsOnPort(), 0u);
    const auto ms = [](auto d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); };
    std::printf("1,000 hosts: set up in %lld ms, torn down in %lld ms\n", static_cast<long long>(ms(made - start)),
                static_cast<long long>(ms(gone - teardown)));
    // Their MACs are free on the port at once: the next run starts without waiting for the kernel.
    auto again = FlowNamespace::create(kPort, hosts);
    EXPECT_TRUE(again.ok()) << (again.ok() ? "" : again.error().toString());
  });
}

TEST(FlowNamespace, ErrorsSayWhatToFix) {
  auto missing = FlowNamespace::create("no-such-port0", hostsOf("10.77.0.10", 3, 24, "10.77.0.1"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(missing.error().message.find("no-such-port0"), std::string::npos) << missing.error().toString();

  auto tooMany = FlowNamespace::create("lo", hostsOf("10.0.0.1", 70'000, 8, ""));
  ASSERT_FALSE(tooMany.ok());
  EXPECT_EQ(tooMany.error().path, "hosts.count");
  EXPECT_NE(tooMany.error().message.find("0..65536"), std::string::npos) << tooMany.error().toString();

  auto badAddress = FlowNamespace::create("lo", hostsOf("10.77.0.300", 1, 24, ""));
  ASSERT_FALSE(badAddress.ok());
  EXPECT_EQ(badAddress.error().path, "hosts.first_address");

  auto badGateway = FlowNamespace::create("lo", hostsOf("10.77.0.10", 1, 24, "gateway"));
  ASSERT_FALSE(badGateway.ok());
  EXPECT_EQ(badGateway.error().path, "hosts.gateway");
}

}  // namespace
}  // namespace staccato::drone
