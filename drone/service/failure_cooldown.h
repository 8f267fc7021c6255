#pragma once
/// Wrong tokens, per connection (a call without one guesses nothing and is just refused): a
/// failure is answered at once (a call held back
/// would let gRPC buffer its body meanwhile), and the connection's next calls, until
/// kFailureCooldown has passed, are refused without a look at their token, so a refusal says
/// nothing about a guess. One connection thus guesses at most once per kFailureCooldown, and with
/// the front door's cap on connections per address, one address at most maxPerAddress times as
/// often. Other connections are never looked at: a right token there is never slowed or refused.
/// Not thread-safe: the edge guard's lock guards it.
#include <chrono>
#include <cstdint>
#include <unordered_map>

namespace staccato::drone {

inline constexpr std::chrono::milliseconds kFailureCooldown{200};

class FailureCooldown {
 public:
  using Clock = std::chrono::steady_clock;
  /// True while `connection` cools down from a failure.
  bool cooling(uint64_t connection, Clock::time_point now) const;
  /// A failure on `connection` at `now`; forgets connections that have cooled down, once a second.
  void failed(uint64_t connection, Clock::time_point now);
  /// True when no connection has failed lately (nothing to look up).
  bool empty() const { return until_.empty(); }

 private:
  std::unordered_map<uint64_t, Clock::time_point> until_;  ///< connection -> end of its cool-down
  Clock::time_point swept_;
};

}  // namespace staccato::drone
