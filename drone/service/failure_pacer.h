#pragma once
/// Failed authentications, paced per connection so that nobody else's calls wait for them: a
/// connection's failures are answered one kFailureDelay after another (the first kFailureDelay
/// after it came), and while kMaxWaitingPerConnection of them wait, that connection's further
/// calls are refused at once without a look at their token (so a refusal says nothing about a
/// guess). With the front door's cap on connections per address, one address guesses at most
/// maxPerAddress / kFailureDelay times a second; a right token on another connection is never
/// slowed. Not thread-safe: the edge guard's lock guards it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <unordered_map>

namespace staccato::drone {

inline constexpr std::chrono::milliseconds kFailureDelay{200};
inline constexpr int kMaxWaitingPerConnection = 8;

class FailurePacer {
 public:
  using Clock = std::chrono::steady_clock;
  /// True while `connection` has kMaxWaitingPerConnection failures waiting.
  bool full(uint64_t connection) const;
  /// A failure on `connection` at `now`: when to answer it.
  Clock::time_point failed(uint64_t connection, Clock::time_point now);
  /// One of the connection's failures was answered.
  void answered(uint64_t connection);
  /// Connections with failures waiting.
  size_t connections() const { return byConnection_.size(); }

 private:
  struct Waiting {
    int count = 0;
    Clock::time_point lastDue;
  };
  std::unordered_map<uint64_t, Waiting> byConnection_;  ///< only connections with failures waiting
};

}  // namespace staccato::drone
