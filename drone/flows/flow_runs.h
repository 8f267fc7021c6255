#pragma once
/// The drone's flow runs, one side per port (the StartFlows, StopFlows and FlowStats RPCs): each
/// makes its hosts' namespace on the port, then runs its loops inside it, each on a thread of its
/// own: a server's one, a client's one a core the drone may run on (the load and the hosts split
/// between them, their numbers added up as one side's). A run's numbers stay after it ends, until the port's next start or a
/// discarding stop. Thread-safe; making hosts and joining loops happen outside the lock.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/flows/flow_budget.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class FlowRuns {
 public:
  /// `descriptors`: what every run may hold together (each connection end is one). `loops`: a
  /// client side's loops (0: one a core this process may run on, less one, at least one).
  explicit FlowRuns(uint64_t descriptors, uint32_t loops = 0);
  ~FlowRuns();  ///< stops every run
  FlowRuns(const FlowRuns&) = delete;
  FlowRuns& operator=(const FlowRuns&) = delete;

  /// Starts one side of `profile` (already checked) on the port; a server listens on every
  /// address before this returns. Busy while the port runs one.
  Result<v1::StartFlowsReply> start(const std::string& port, v1::FlowRole role, const v1::FlowProfile& profile);
  /// Stops the port's run (ending its connections); its numbers stay unless `discard`.
  Status stop(const std::string& port, bool discard);
  /// The named ports' runs (empty: every run the drone holds).
  Result<v1::FlowStatsReply> stats(const std::vector<std::string>& ports, bool latencyBuckets);

 private:
  struct Run;
  DescriptorBudget descriptors_;
  uint32_t loops_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<Run>> runs_;
};

}  // namespace staccato::drone
