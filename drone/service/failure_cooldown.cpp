#include "drone/service/failure_cooldown.h"

namespace staccato::drone {

bool FailureCooldown::cooling(uint64_t connection, Clock::time_point now) const {
  auto it = until_.find(connection);
  return it != until_.end() && now < it->second;
}

void FailureCooldown::failed(uint64_t connection, Clock::time_point now) {
  if (now - swept_ >= std::chrono::seconds(1)) {
    std::erase_if(until_, [now](const auto& e) { return e.second <= now; });
    swept_ = now;
  }
  until_[connection] = now + kFailureCooldown;
}

}  // namespace staccato::drone
