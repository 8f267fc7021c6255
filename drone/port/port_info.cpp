#include "drone/port/port_info.h"

#include <fnmatch.h>
#include <sys/socket.h>
#include <unistd.h>

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

std::vector<PortInfo> discoverPorts(const PortFilter& filter, const std::string& sysfsRoot) {
  std::vector<PortInfo> ports;
  std::error_code ec;
  const bool afXdp = kernelHasAfXdp();
  for (const auto& entry : fs::directory_iterator(sysfsRoot, ec)) {
    const std::string name = entry.path().filename().string();
    if (!filter.accepts(name)) continue;
    const fs::path dir = entry.path();
    PortInfo p;
    p.name = name;
    p.ifindex = static_cast<int>(readNumber(dir / "ifindex"));
    p.mac = readLine(dir / "address");
    p.mtu = static_cast<uint32_t>(readNumber(dir / "mtu"));
    const std::string oper = readLine(dir / "operstate");
    p.linkUp = oper == "up" || (oper == "unknown" && readNumber(dir / "carrier") == 1);
    p.speedMbps = readNumber(dir / "speed");
    p.txQueues = countQueues(dir / "queues", "tx-");
    p.rxQueues = countQueues(dir / "queues", "rx-");
    std::error_code lec;
    const fs::path driver = fs::read_symlink(dir / "device" / "driver", lec);
    p.driver = lec ? (fs::exists(dir / "device") ? "" : "virtual") : driver.filename().string();
    if (p.driver == "virtual") {
      // veth, dummy, bridges... have no device; the kind is in the uevent file.
      std::ifstream uevent(dir / "uevent");
      for (std::string line; std::getline(uevent, line);)
        if (line.rfind("DEVTYPE=", 0) == 0) p.driver = line.substr(8);
      if (p.driver == "virtual" && fs::exists(dir / "peer_ifindex")) p.driver = "veth";
    }
    p.xdpCapable = afXdp;
    ports.push_back(std::move(p));
  }
  std::sort(ports.begin(), ports.end(), [](const PortInfo& a, const PortInfo& b) { return a.name < b.name; });
  return ports;
}

}  // namespace staccato::drone
