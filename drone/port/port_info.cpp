#include "drone/port/port_info.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <algorithm>
#include <filesystem>
#include <fstream>

#ifndef AF_XDP
#define AF_XDP 44
#endif

namespace staccato::drone {
namespace {

namespace fs = std::filesystem;

std::string readLine(const fs::path& p) {
  std::ifstream in(p);
  std::string s;
  std::getline(in, s);
  return s;
}

uint64_t readNumber(const fs::path& p, uint64_t fallback = 0) {
  try {
    const std::string s = readLine(p);
    if (s.empty() || s[0] == '-') return fallback;
    return std::stoull(s);
  } catch (...) {
    return fallback;  // e.g. "speed" on a link that is down reads as an error
  }
}

uint32_t countQueues(const fs::path& queues, const std::string& prefix) {
  uint32_t n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(queues, ec))
    if (e.path().filename().string().rfind(prefix, 0) == 0) ++n;
  return n;
}

/// The driver name as `ethtool -i` shows it ("veth", "ixgbe", ...); empty when unknown.
std::string ethtoolDriver(const std::string& name) {
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return "";
  ethtool_drvinfo info{};
  info.cmd = ETHTOOL_GDRVINFO;
  ifreq ifr{};
  std::strncpy(ifr.ifr_name, name.c_str(), IFNAMSIZ - 1);
  ifr.ifr_data = reinterpret_cast<char*>(&info);
  const bool ok = ::ioctl(fd, SIOCETHTOOL, &ifr) == 0;
  ::close(fd);
  return ok ? std::string(info.driver) : "";
}

/// The interface's index; 0 when it is gone. An error when the file is there but cannot be read
/// (e.g. no descriptor left): that is not the interface going away.
Result<int> readIfindex(const fs::path& dir) {
  const fs::path path = dir / "ifindex";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENODEV) return 0;
    return makeError(path.string(), std::string("cannot read: ") + std::strerror(errno), ErrorKind::kInternal);
  }
  char buf[32] = {};
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  return n > 0 ? std::atoi(buf) : 0;
}

bool kernelHasAfXdp() {
  int fd = ::socket(AF_XDP, SOCK_RAW, 0);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

}  // namespace

bool PortFilter::accepts(const std::string& name) const {
  for (const auto& p : exclude)
    if (fnmatch(p.c_str(), name.c_str(), 0) == 0) return false;
  if (include.empty()) return name != "lo";
  for (const auto& p : include)
    if (fnmatch(p.c_str(), name.c_str(), 0) == 0) return true;
  return false;
}

uint32_t frameSnapLength(const PortInfo& port) {
  constexpr uint32_t kEthernetAndTwoTags = 14 + 8;
  return std::min<uint32_t>(std::max<uint32_t>(port.mtu, 1500) + kEthernetAndTwoTags, 65535);
}

Result<std::vector<PortInfo>> discoverPorts(const PortFilter& filter, const std::string& sysfsRoot) {
  std::vector<PortInfo> ports;
  std::error_code ec;
  const bool afXdp = kernelHasAfXdp();
  fs::directory_iterator entries(sysfsRoot, ec);
  if (ec) return makeError(sysfsRoot, "cannot list the interfaces: " + ec.message(), ErrorKind::kInternal);
  for (const auto& entry : entries) {
    const std::string name = entry.path().filename().string();
    if (!filter.accepts(name)) continue;
    const fs::path dir = entry.path();
    PortInfo p;
    p.name = name;
    auto ifindex = readIfindex(dir);
    if (!ifindex) return ifindex.error();
    if (*ifindex == 0) continue;  // it went away while we looked
    p.ifindex = *ifindex;
    p.mac = readLine(dir / "address");
    p.mtu = static_cast<uint32_t>(readNumber(dir / "mtu"));
    const std::string oper = readLine(dir / "operstate");
    p.linkUp = oper == "up" || (oper == "unknown" && readNumber(dir / "carrier") == 1);
    p.speedMbps = readNumber(dir / "speed");
    p.txQueues = countQueues(dir / "queues", "tx-");
    p.rxQueues = countQueues(dir / "queues", "rx-");
    p.driver = ethtoolDriver(name);
    if (p.driver.empty()) {
      std::error_code lec;
      const fs::path driver = fs::read_symlink(dir / "device" / "driver", lec);
      p.driver = lec ? "unknown" : driver.filename().string();
    }
    p.xdpCapable = afXdp;
    ports.push_back(std::move(p));
  }
  std::sort(ports.begin(), ports.end(), [](const PortInfo& a, const PortInfo& b) { return a.name < b.name; });
  return ports;
}

}  // namespace staccato::drone
