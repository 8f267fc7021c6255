#pragma once
/// RFC 9411's search one trial at a time, for callers whose trials end asynchronously (the
/// GUI's Flows page): searchFlowLoad, replayed over the trials judged so far, says which load to
/// try next or, when it asks for none, what it found. The search is searchFlowLoad's alone.
#include <optional>
#include <vector>

#include "client/core/flows/flow_search.h"

namespace staccato::client {

struct FlowSearchStep {
  std::optional<double> next;  ///< the load to try next; none: the search is over
  /// Over: the search's result. Not over: the trials so far and what passed among them
  /// (complete false, why empty).
  FlowSearchResult result;
};

/// The step after `judged` (the trials searchFlowLoad asked for, in its order, with their outcomes).
FlowSearchStep nextFlowSearchStep(const FlowSearchSettings& settings, const std::vector<FlowSearchTrial>& judged);

/// `profile` as a trial at `load` runs it: connections/s (`byRate`) or concurrent connections
/// replaced, its steady phase `steadySeconds` long.
v1::FlowProfile flowTrialProfile(v1::FlowProfile profile, bool byRate, double load, double steadySeconds);

}  // namespace staccato::client
