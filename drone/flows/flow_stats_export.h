#pragma once
/// A flow run's live numbers as the FlowStats RPC carries them.
#include "drone/flows/flow_plan.h"
#include "drone/flows/flow_stats.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// Fills the run-wide and per-template parts of `out` (not its port, role or state).
void exportFlowStats(const FlowSideStats& stats, const FlowPlan& plan, bool latencyBuckets, v1::PortFlows& out);

}  // namespace staccato::drone
