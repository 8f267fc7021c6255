// DroneCore's flow calls: the rules (the port exists, reservations, the profile checked as a
// file is); the runs themselves are FlowRuns' (drone/flows), outside the control-plane lock.
#include "common/files/flow_profile.h"
#include "drone/core/drone_core.h"
#include "drone/core/drone_errors.h"

namespace staccato::drone {

Result<v1::StartFlowsReply> DroneCore::startFlows(const std::string& name, v1::FlowRole role, const v1::FlowProfile& profile,
                                                  const std::string& client) {
  if (auto s = checkFlowProfile(profile); !s) return s.error().withPrefix("profile");
  {
    std::lock_guard lock(mu_);
    auto p = table_.find(name);
    if (!p) return p.error();
    if (auto s = table_.checkOwner(**p, client); !s) return s.error();
  }
  return flows_.start(name, role, profile);
}

Status DroneCore::stopFlows(const std::string& name, const std::string& client, bool discard) {
  {
    std::lock_guard lock(mu_);
    PortEntry* p = table_.any(name);
    if (!p) return errors::noSuchPort(name);
    if (auto s = table_.checkOwner(*p, client); !s) return s;
  }
  return flows_.stop(name, discard);
}

Result<v1::FlowStatsReply> DroneCore::flowStats(const std::vector<std::string>& ports, bool latencyBuckets) {
  return flows_.stats(ports, latencyBuckets);
}

}  // namespace staccato::drone
