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

std::string kernelReason(size_t cores) {
  return "in-kernel XDP (an XDP program builds the frames, BPF_PROG_RUN with live frames), " + std::to_string(cores) +
         (cores == 1 ? " core" : " cores");
}

/// The ladder at a start: each step fills `c` when it works, or adds why not to `why`.
class Ladder {
 public:
  Ladder(PortSource& source, const PortInfo& port, const Config& config, std::span<const TxPlan> plans, int firstCpu,
         SignatureReceiver* turboReceiver)
      : source_(source), port_(port), config_(config), plans_(plans), firstCpu_(firstCpu), receiver_(turboReceiver),
        features_(source.xdpFeatures(port)) {}

  BackendChoice c;
  std::vector<std::string> why;  ///< each step down, in order

  /// AF_XDP zero-copy: own sockets, or turbo receive's when they are in zero-copy mode (in
  /// copy mode they are kept for the copy step).
  void zeroCopy() {
    if (receiver_) {
      openShared();
      if (shared_.empty()) return;
      if (!sharedZeroCopy_) {
        if (allowsZeroCopy(config_.backend())) why.push_back("zero-copy: turbo receive's sockets are in copy mode");
        return;
      }
      if (!allowsZeroCopy(config_.backend()))
        return why.push_back("zero-copy: turbo receive's sockets are in zero-copy mode, which the port's backend setting excludes");
      take(std::move(shared_), "turbo-zerocopy", turboReason("turbo-zerocopy", " through turbo receive's sockets", sharedQueues_));
      return;
    }
    if (!allowsZeroCopy(config_.backend())) return;
    if (std::string no = zeroCopyUnsupported(port_, features_); !no.empty()) return why.push_back("zero-copy: " + no);
    if (auto s = openOwn(TurboMode::kZeroCopy); !s) return why.push_back("zero-copy: " + s.error().message);
    c.name = "turbo-zerocopy";
    c.reason = turboReason(c.name, "", static_cast<uint32_t>(c.queues.size()));
  }

  /// The in-kernel engine: a worker per core; the driver must take redirected XDP frames.
  void inKernel() {
    if (!c.queues.empty() || !allowsKernel(config_.backend())) return;
    if (std::string no = kernelUnsupported(port_, features_); !no.empty()) return why.push_back("in-kernel: " + no);
    std::vector<int> cpus = coresFor(queueCount(port_, config_), config_, firstCpu_);
    for (size_t k = 0; k < cpus.size(); ++k)
      if (cpus[k] < 0) cpus[k] = static_cast<int>(k % std::max(1u, std::thread::hardware_concurrency()));
    auto opened = source_.openKernelTx(port_, cpus, plans_);
    if (!opened) return why.push_back("in-kernel: " + opened.error().toString());  // the path names the stream
    c.queues = std::move(opened).value();
    c.cpus = std::move(cpus);
    c.name = "turbo-xdp";
    c.reason = kernelReason(c.queues.size());
  }

  /// AF_XDP copy mode: turbo receive's sockets when the port has them, else its own.
  void copy() {
    if (!c.queues.empty() || !allowsCopy(config_.backend())) return;
    if (receiver_) {
      if (shared_.empty()) return;  // why is noted
      take(std::move(shared_), copyModeName(features_), turboReason(copyModeName(features_), " through turbo receive's sockets", sharedQueues_));
      return;
    }
    if (auto s = openOwn(TurboMode::kCopy); !s) return why.push_back("copy mode: " + s.error().message);
    c.name = copyModeName(features_);
    c.reason = turboReason(c.name, "", static_cast<uint32_t>(c.queues.size()));
  }

  bool chosen() const { return !c.queues.empty(); }
  /// The chosen backend's workers' cores (AF_XDP: the config's, or spread from firstCpu).
  void placeWorkers() {
    if (c.cpus.empty()) c.cpus = coresFor(static_cast<uint32_t>(c.queues.size()), config_, firstCpu_);
    for (const std::string& w : why) c.reason += "; not " + w;
  }

 public:
  static bool allowsKernel(Config::Backend b) { return b == Config::BACKEND_AUTO || b == Config::TURBO_XDP; }

  /// Why the in-kernel sender cannot send on this port, or empty when it may (then opening tells).
  static std::string kernelUnsupported(const PortInfo& port, const XdpFeatures& f) {
    if (!f.known || f.ndoXmit) return {};
    if (port.driver == "veth")
      return "driver veth takes redirected XDP frames only while its peer has an XDP program or GRO "
             "(e.g. ethtool -K PEER gro on)";
    return "driver " + port.driver + " does not take redirected XDP frames now (netdev XDP feature NDO_XMIT; "
           "some drivers offer it only while an XDP program is attached to the port)";
  }

 private:
  Status openOwn(TurboMode mode) {
    const uint32_t queues = queueCount(port_, config_);
    std::vector<std::unique_ptr<TxBackend>> opened;
    for (uint32_t k = 0; k < queues; ++k) {
      auto b = source_.openTurboTx(port_, k, mode, plans_);
      if (!b) return b.error();
      opened.push_back(std::move(b).value());
    }
    c.queues = std::move(opened);
    return Ok{};
  }

  /// Opens the transmit halves of turbo receive's sockets (one per receive queue) once.
  void openShared() {
    if (!(allowsZeroCopy(config_.backend()) || allowsCopy(config_.backend()))) return;
    sharedQueues_ = std::min(queueCount(port_, config_), std::max(port_.rxQueues, 1u));
    for (uint32_t k = 0; k < sharedQueues_; ++k) {
      auto b = source_.openSharedTurboTx(port_, k, *receiver_, plans_);
      if (!b) {
        shared_.clear();
        return why.push_back("sharing turbo receive's sockets: " + b.error().message);
      }
      shared_.push_back(std::move(b).value());
    }
    sharedZeroCopy_ = shared_.front()->name() == "turbo zero-copy";
    if (!sharedZeroCopy_ && !allowsCopy(config_.backend()))
      why.push_back("copy mode: turbo receive's sockets are in copy mode, which the port's backend setting excludes");
  }

  void take(std::vector<std::unique_ptr<TxBackend>> queues, std::string name, std::string reason) {
    c.queues = std::move(queues);
    c.name = std::move(name);
    c.reason = std::move(reason);
  }

  PortSource& source_;
  const PortInfo& port_;
  const Config& config_;
  std::span<const TxPlan> plans_;
  int firstCpu_;
  SignatureReceiver* receiver_;
  XdpFeatures features_;
  std::vector<std::unique_ptr<TxBackend>> shared_;  ///< turbo receive's sockets' transmit halves
  uint32_t sharedQueues_ = 0;
  bool sharedZeroCopy_ = false;
};

}  // namespace

Result<BackendChoice> openBackends(PortSource& source, const PortInfo& port, const Config& config,
                                   std::span<const TxPlan> plans, int firstCpu, SignatureReceiver* turboReceiver) {
  Ladder ladder(source, port, config, plans, firstCpu, turboReceiver);
  std::vector<std::string>& why = ladder.why;
  if (!source.hasTurbo()) {
    if (!allowsPcap(config.backend()))
      return makeError("config.backend", "this drone was built without turbo (libxdp not found at build time)",
                       ErrorKind::kUnavailable);
    why.push_back("turbo not built into this drone");
  } else {
    if (auto s = checkQueueCount(port, config); !s) return s.error();  // the port may have changed since
    // zero-copy AF_XDP -> in-kernel XDP -> AF_XDP copy mode (native, else generic) -> libpcap
    ladder.zeroCopy();
    ladder.inKernel();
    ladder.copy();
    if (ladder.chosen()) {
      ladder.placeWorkers();
      return std::move(ladder.c);
    }
  }
  if (!allowsPcap(config.backend())) {
    std::string all;
    for (const auto& w : why) all += (all.empty() ? "" : "; ") + w;
    return makeError(port.name, "turbo is not available: " + all + " (allow pcap with backend AUTO or PCAP)",
                     ErrorKind::kUnavailable);
  }
  BackendChoice c;
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
  const bool zeroCopy = zeroCopyUnsupported(port, features).empty() && allowsZeroCopy(config.backend());
  const std::string kernelNo = Ladder::kernelUnsupported(port, features);
  if (!zeroCopy && Ladder::allowsKernel(config.backend()) && kernelNo.empty()) {
    c.name = "turbo-xdp";
    c.reason = "expected at start: " + kernelReason(queueCount(port, config)) +
               " when every stream runs in the kernel; falls back otherwise, saying why";
    return c;
  }
  if (config.backend() == Config::TURBO_XDP) {
    c.name = "turbo-xdp";
    c.reason = "expected at start, but it will be refused: " + kernelNo;
    return c;
  }
  c.name = zeroCopy ? "turbo-zerocopy" : copyModeName(features);
  if (turboReceiver) {
    c.reason = "expected at start: AF_XDP through turbo receive's sockets (their mode decides)";
  } else {
    c.reason = "expected at start (AF_XDP, " + std::to_string(queueCount(port, config)) +
               " tx queue(s)); falls back if it cannot bind";
  }
  if (!kernelNo.empty() && Ladder::allowsKernel(config.backend())) c.reason += "; not in-kernel: " + kernelNo;
  return c;
}

}  // namespace staccato::drone
