#pragma once
/// Picks a port's transmit backend at start down the ladder: AF_XDP zero-copy, else the in-kernel
/// engine (XDP, turbo/xdp), else AF_XDP copy mode (native, else generic), else libpcap (or only
/// what the port's config forces), and says why each step down happened.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_backend.h"
#include "drone/core/port_source.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

struct BackendChoice {
  std::vector<std::unique_ptr<TxBackend>> queues;  ///< one backend per worker
  std::vector<int> cpus;                           ///< the core of each worker
  std::string name;    ///< "turbo-zerocopy", "turbo-xdp", "turbo-copy", "turbo-generic" or "pcap"
  std::string reason;  ///< why this one (the fallbacks' causes)
};

/// Opens the backends a start of `port` with these plans uses. Without cores in the config,
/// worker k runs on core firstCpu + k (ports get different first cores), or unpinned if -1.
/// `turboReceiver`: the port's receive engine when it is turbo: its sockets hold the port's
/// AF_XDP queues, and turbo transmit sends through them.
Result<BackendChoice> openBackends(PortSource& source, const PortInfo& port, const v1::PortConfig& config,
                                   std::span<const TxPlan> plans, int firstCpu, SignatureReceiver* turboReceiver = nullptr);

/// Whether the config's tx_queues fits the port (0 = all; the port may not say how many it has).
Status checkQueueCount(const PortInfo& port, const v1::PortConfig& config);

/// What openBackends would pick, without opening anything (for the port list before a start).
BackendChoice expectedBackend(PortSource& source, const PortInfo& port, const v1::PortConfig& config,
                              SignatureReceiver* turboReceiver = nullptr);

}  // namespace staccato::drone
