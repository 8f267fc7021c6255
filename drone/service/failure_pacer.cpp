#include "drone/service/failure_pacer.h"

#include <algorithm>

namespace staccato::drone {

bool FailurePacer::full(uint64_t connection) const {
  auto it = byConnection_.find(connection);
  return it != byConnection_.end() && it->second.count >= kMaxWaitingPerConnection;
}

FailurePacer::Clock::time_point FailurePacer::failed(uint64_t connection, Clock::time_point now) {
  Waiting& w = byConnection_[connection];
  w.lastDue = std::max(now, w.lastDue) + kFailureDelay;
  ++w.count;
  return w.lastDue;
}

void FailurePacer::answered(uint64_t connection) {
  auto it = byConnection_.find(connection);
  if (it != byConnection_.end() && --it->second.count <= 0) byConnection_.erase(it);
}

}  // namespace staccato::drone
