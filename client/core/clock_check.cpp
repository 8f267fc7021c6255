#include "client/core/clock_check.h"

namespace staccato::client {

Result<v1::ClockState> readDroneClock(DroneConnection& drone) {
  v1::GetVersionRequest req;
  req.set_client_major(kClientProtocolMajor);
  req.set_client_minor(kClientProtocolMinor);
  v1::GetVersionReply rep;
  auto ctx = drone.context();
  if (auto s = drone.stub().GetVersion(ctx.get(), req, &rep); !s.ok())
    return makeError(drone.address().target, describe(s, drone.address().target), ErrorKind::kUnavailable);
  if (!rep.has_clock() || rep.clock().now_ns() == 0)
    return makeError(drone.address().target, "runs an older drone without scheduled starts (protocol " +
                                                 std::to_string(rep.major()) + "." + std::to_string(rep.minor()) +
                                                 "): upgrade it");
  return rep.clock();
}

Status checkClocks(const std::vector<std::pair<std::string, v1::ClockState>>& drones, uint64_t toleranceNs) {
  std::string bad;
  for (const auto& [address, clock] : drones) {
    if (!clock.synchronized())
      bad += (bad.empty() ? "" : "; ") + address + "'s clock is not synchronized";
    else if (clock.estimated_error_ns() > toleranceNs)
      bad += (bad.empty() ? "" : "; ") + address + "'s clock may be off by " +
             std::to_string(clock.estimated_error_ns() / 1000) + " us";
  }
  if (bad.empty()) return Ok{};
  return makeError("clock", bad + " (tolerance " + std::to_string(toleranceNs / 1000) +
                                " us): a start at one time on several drones needs their clocks in step (chrony, or "
                                "ptp4l + phc2sys; see docs/drone.md), or start anyway, accepting the skew: "
                                "--unsynchronized-start",
                   ErrorKind::kBusy);
}

}  // namespace staccato::client
