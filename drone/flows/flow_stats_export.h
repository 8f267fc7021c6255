#pragma once
/// A flow run's live numbers as the FlowStats RPC carries them: one side's loops (one a core)
/// added up into one set of numbers, as if one loop had run them all.
#include <vector>

#include "drone/flows/flow_plan.h"
#include "drone/flows/flow_stats.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// Fills the run-wide and per-template parts of `out` (not its port, role or state) from the
/// side's loops: counts summed, latency histograms merged, elapsed time the longest loop's.
void exportFlowStats(const std::vector<const FlowSideStats*>& loops, const FlowPlan& plan, bool latencyBuckets,
                     v1::PortFlows& out);

/// Takes the latency buckets out of every phase (for readers that did not ask for them).
void dropFlowBuckets(v1::PortFlows& flows);

}  // namespace staccato::drone
