#pragma once
/// The streams a Y.1564 step sends for its service: the flow's tracked UDP stream at the service's
/// frame size, tagged and marked as its class (VLAN, PCP, DSCP), at an information rate of frames
/// (Mbit/s, FCS included), continuous or in bursts at the line rate. A colour-aware service sends
/// what is above CIR as a second stream marked yellow (DEI, PCP or DSCP, as its config says).
#include <cstdint>
#include <vector>

#include "client/core/benchmark/y1564_plan.h"
#include "client/core/benchmark_drone/flow_streams.h"

namespace staccato::bench {

/// One stream's part of a step.
struct ServicePace {
  double mbps = 0;          ///< average information rate, frames with FCS
  uint64_t burstBytes = 0;  ///< each burst's bytes, back to back at the line rate; 0 = evenly spaced
  bool yellow = false;      ///< marked as excess (colour-aware services)
};

/// The parts `step` sends: one, or for a colour-aware service above CIR, a green part up to CIR
/// (with the CBS burst) and a yellow part beyond it (with the EBS burst).
std::vector<ServicePace> stepPaces(const Y1564Service& service, const Y1564Step& step);

/// Service `service`'s stream on `flow` at `pace` (continuous until stopped).
v1::Stream serviceStream(const Flow& flow, const FlowAddressing& addressing, unsigned ipVersion,
                         const Y1564Service& service, const ServicePace& pace);

}  // namespace staccato::bench
