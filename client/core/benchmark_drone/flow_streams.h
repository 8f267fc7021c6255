#pragma once
/// The tracked stream a flow sends: Ethernet, IPv4 or IPv6, UDP, padding and the signature, at a
/// frame size (or IMIX), a rate and a count. Plain L2 between ports that emulate no hosts
/// (the ports' own MACs, addresses from the benchmarking ranges 198.18.0.0/15 and 2001:2::/48);
/// as the sending port's emulated hosts in turn (every host of its first group) to the receiving
/// port's first host, through their resolved gateways, when the ports have hosts.
#include <cstdint>
#include <string>

#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark_drone/bench_flows.h"
#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::bench {

/// The addresses a flow's frames carry.
struct FlowAddressing {
  std::string srcMac, dstMac;  ///< "device" / "resolve" when sending as emulated hosts
  std::string srcIp, dstIp;
  uint64_t hosts = 1;          ///< frames come from this many hosts in turn (srcIp, srcIp + step, ...)
  uint64_t hostStep = 1;
};

/// The addressing of flow number `index` from its two ports as their drones list them. An error
/// when one port emulates hosts and the other has none of `ipVersion`.
Result<FlowAddressing> flowAddressing(const v1::Port& tx, const v1::Port& rx, unsigned ipVersion, size_t index);

/// How many frames and how fast.
struct FlowPace {
  double pps = 1000;
  uint64_t frames = 0;  ///< 0 = continuous until stopped
};

/// The flow's stream (id `flow.streamId`) at `size` and `pace`.
v1::Stream flowStream(const Flow& flow, const FlowAddressing& addressing, unsigned ipVersion, const FrameSize& size,
                      const FlowPace& pace);

}  // namespace staccato::bench
