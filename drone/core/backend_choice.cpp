#include "drone/core/backend_choice.h"

#include <algorithm>
#include <thread>

#include "common/packet/signature_layout.h"
#include "drone/core/port_config_check.h"

namespace staccato::drone {
namespace {

using Config = v1::PortConfig;

bool allowsPcap(Config::Backend b) { return b == Config::BACKEND_AUTO || b == Config::PCAP; }
bool allowsZeroCopy(Config::Backend b) { return b == Config::BACKEND_AUTO || b == Config::TURBO || b == Config::TURBO_ZEROCOPY; }
bool allowsCopy(Config::Backend b) { return b == Config::BACKEND_AUTO || b == Config::TURBO || b == Config::TURBO_COPY; }

/// "turbo-copy" on drivers with native XDP, "turbo-generic" (the kernel's SKB path) on others.
std::string copyModeName(const XdpFeatures& f) { return f.known && !f.native ? "turbo-generic" : "turbo-copy"; }

/// Why zero-copy cannot work here, or empty when it may (then binding tells).
std::string zeroCopyUnsupported(const PortInfo& port, const XdpFeatures& f) {
  if (f.known && !f.zeroCopy) return "driver " + port.driver + " has no AF_XDP zero-copy";
  return {};
}

// Each queue numbers its packets in its own signature lane.
static_assert(kMaxTxQueues <= kMaxLanes, "a transmit queue without a lane of its own would share another's sequence");

uint32_t queueCount(const PortInfo& port, const Config& config) {
  const uint32_t cores = std::max(1u, std::thread::hardware_concurrency());
  uint32_t q = config.tx_queues() ? config.tx_queues() : std::min({std::max(port.txQueues, 1u), cores, kMaxTxQueues});
  return std::max(q, 1u);
}

std::vector<int> coresFor(uint32_t queues, const Config& config, int firstCpu) {
  std::vector<int> cpus;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (uint32_t k = 0; k < queues; ++k) {
    if (k < static_cast<uint32_t>(config.cpus_size()))
      cpus.push_back(static_cast<int>(config.cpus(static_cast<int>(k))));
    else
      cpus.push_back(firstCpu < 0 ? -1 : (firstCpu + static_cast<int>(k)) % cores);
  }
  return cpus;
}

}  // namespace

Status checkQueueCount(const PortInfo& port, const Config& config) {
  if (port.txQueues == 0 || config.tx_queues() <= port.txQueues) return Ok{};
  return makeError("config.tx_queues", std::to_string(config.tx_queues()) + " exceeds " + port.name + "'s " +
                                           std::to_string(port.txQueues) + " tx queues (allowed 0 = all, 1.." +
                                           std::to_string(port.txQueues) + "; add queues with ethtool -L)");
}

namespace {

/// Why this AF_XDP mode, for the port list: "AF_XDP copy mode (driver without native XDP), ..."
std::string turboReason(const std::string& name, const std::string& how, uint32_t queues) {
  return std::string("AF_XDP ") + (name == "turbo-zerocopy" ? "zero-copy" : "copy mode") +
         (name == "turbo-generic" ? " (driver without native XDP)" : "") + how + ", " + std::to_string(queues) +
         (queues == 1 ? " queue" : " queues");
}

/// Tries the sockets the port's turbo receiver holds (one per receive queue). Fills `c` on
/// success; otherwise appends why to `why`.
void tryShared(PortSource& source, const PortInfo& port, const Config& config, std::span<const TxPlan> plans,
               SignatureReceiver& receiver, BackendChoice& c, std::vector<std::string>& why) {
  const uint32_t queues = std::min(queueCount(port, config), std::max(port.rxQueues, 1u));
  std::vector<std::unique_ptr<TxBackend>> opened;
  for (uint32_t k = 0; k < queues; ++k) {
    auto b = source.openSharedTurboTx(port, k, receiver, plans);
    if (!b) return why.push_back("sharing turbo receive's sockets: " + b.error().message);
    opened.push_back(std::move(b).value());
  }
  const bool zeroCopy = opened.front()->name() == "turbo zero-copy";
  if (!(zeroCopy ? allowsZeroCopy(config.backend()) : allowsCopy(config.backend())))
    return why.push_back(std::string("turbo receive's sockets are in ") + (zeroCopy ? "zero-copy" : "copy") +
                         " mode, which the port's backend setting excludes");
  c.queues = std::move(opened);
  c.name = zeroCopy ? "turbo-zerocopy" : copyModeName(source.xdpFeatures(port));
  c.reason = turboReason(c.name, " through turbo receive's sockets", queues);
}

/// Tries AF_XDP as the config allows: zero-copy, then copy mode. Fills `c` on success; otherwise
/// appends why each mode did not work to `why`.
void tryTurbo(PortSource& source, const PortInfo& port, const Config& config, std::span<const TxPlan> plans,
              BackendChoice& c, std::vector<std::string>& why) {
  const uint32_t queues = queueCount(port, config);
  const XdpFeatures features = source.xdpFeatures(port);
  auto tryMode = [&](TurboMode mode) -> Status {
    std::vector<std::unique_ptr<TxBackend>> opened;
    for (uint32_t k = 0; k < queues; ++k) {
      auto b = source.openTurboTx(port, k, mode, plans);
      if (!b) return b.error();
      opened.push_back(std::move(b).value());
    }
    c.queues = std::move(opened);
    return Ok{};
  };
  if (allowsZeroCopy(config.backend())) {
    if (std::string no = zeroCopyUnsupported(port, features); !no.empty()) {
      why.push_back("zero-copy: " + no);
    } else if (auto s = tryMode(TurboMode::kZeroCopy); s) {
      c.name = "turbo-zerocopy";
      c.reason = turboReason(c.name, "", queues);
      return;
    } else {
      why.push_back("zero-copy: " + s.error().message);
    }
  }
  if (allowsCopy(config.backend())) {
    if (auto s = tryMode(TurboMode::kCopy); s) {
      c.name = copyModeName(features);
      c.reason = turboReason(c.name, "", queues);
    } else {
      why.push_back("copy mode: " + s.error().message);
    }
  }
}

}  // namespace

Result<BackendChoice> openBackends(PortSource& source, const PortInfo& port, const Config& config,
                                   std::span<const TxPlan> plans, int firstCpu, SignatureReceiver* turboReceiver) {
  BackendChoice c;
  std::vector<std::string> why;  // each step down, in order
  if (!source.hasTurbo()) {
    if (!allowsPcap(config.backend()))
      return makeError("config.backend", "this drone was built without turbo (libxdp not found at build time)",
                       ErrorKind::kUnavailable);
    why.push_back("turbo not built into this drone");
  } else {
    if (auto s = checkQueueCount(port, config); !s) return s.error();  // the port may have changed since
    if (turboReceiver) {
      if (allowsZeroCopy(config.backend()) || allowsCopy(config.backend()))
        tryShared(source, port, config, plans, *turboReceiver, c, why);
    } else {
      tryTurbo(source, port, config, plans, c, why);
    }
    if (!c.queues.empty()) {
      c.cpus = coresFor(static_cast<uint32_t>(c.queues.size()), config, firstCpu);
      if (!why.empty()) c.reason += "; not " + why.front();
      return c;
    }
  }
  if (!allowsPcap(config.backend())) {
    std::string all;
    for (const auto& w : why) all += (all.empty() ? "" : "; ") + w;
    return makeError(port.name, "turbo is not available: " + all + " (allow pcap with backend AUTO or PCAP)",
                     ErrorKind::kUnavailable);
  }
  auto b = source.openPcapTx(port);
  if (!b) return b.error();
  c.queues.push_back(std::move(b).value());
  c.cpus = coresFor(1, config, firstCpu);
  c.name = "pcap";
  if (config.backend() == Config::PCAP) {
    c.reason = "libpcap (forced by the port's configuration)";
  } else {
    c.reason = "libpcap, because turbo is not available:";
    for (const auto& w : why) c.reason += " " + w + ";";
    c.reason.pop_back();
  }
  return c;
}

BackendChoice expectedBackend(PortSource& source, const PortInfo& port, const Config& config,
                              SignatureReceiver* turboReceiver) {
  BackendChoice c;
  if (config.backend() == Config::PCAP || !source.hasTurbo() || !port.xdpCapable) {
    c.name = "pcap";
    c.reason = config.backend() == Config::PCAP ? "libpcap (forced by the port's configuration)"
               : !source.hasTurbo()             ? "turbo not built into this drone"
                                                : "the port offers no AF_XDP";
    return c;
  }
  const XdpFeatures features = source.xdpFeatures(port);
  if (turboReceiver) {
    c.name = zeroCopyUnsupported(port, features).empty() ? "turbo-zerocopy" : copyModeName(features);
    c.reason = "expected at start: AF_XDP through turbo receive's sockets (their mode decides)";
    return c;
  }
  const bool zc = zeroCopyUnsupported(port, features).empty() && config.backend() != Config::TURBO_COPY;
  c.name = zc ? "turbo-zerocopy" : copyModeName(features);
  c.reason = "expected at start (AF_XDP, " + std::to_string(queueCount(port, config)) + " tx queue(s)); falls back if it cannot bind";
  return c;
}

}  // namespace staccato::drone
