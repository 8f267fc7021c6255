#include "client/core/flows/flow_search_steps.h"

namespace staccato::client {

FlowSearchStep nextFlowSearchStep(const FlowSearchSettings& settings, const std::vector<FlowSearchTrial>& judged) {
  FlowSearchStep step;
  size_t replayed = 0;
  step.result = searchFlowLoad(settings, [&](double load) {
    if (replayed < judged.size()) return judged[replayed++].outcome;
    // Not run yet: this is the next trial. A tester-limited outcome ends the replay here.
    step.next = load;
    FlowTrialOutcome pending;
    pending.testerLimited = true;
    return pending;
  });
  if (step.next) {
    step.result.trials.pop_back();
    step.result.complete = false;
    step.result.why.clear();
  }
  return step;
}

v1::FlowProfile flowTrialProfile(v1::FlowProfile profile, bool byRate, double load, double steadySeconds) {
  if (byRate)
    profile.mutable_load()->set_connections_per_second(load);
  else
    profile.mutable_load()->set_concurrent(uint64_t(load));
  profile.mutable_load()->set_steady_seconds(steadySeconds);
  return profile;
}

}  // namespace staccato::client
