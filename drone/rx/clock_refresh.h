#pragma once
/// What the XDP receive engines' service threads share: how often they turn, and when one next
/// tells its XDP program the realtime offset (signatures carry CLOCK_REALTIME, the programs read
/// CLOCK_MONOTONIC, and NTP steps realtime now and then).
#include <chrono>
#include <cstdint>

#include "common/core/clock.h"

namespace staccato::drone {

/// A service thread's sleep between turns: bounds how long a clear (or a tap change) waits.
inline constexpr auto kServiceTurn = std::chrono::milliseconds(20);

class ClockRefresh {
 public:
  /// True once a second (and then not again for a second).
  bool due() noexcept {
    const uint64_t now = monotonicNs();
    if (now - lastNs_ < kEveryNs) return false;
    lastNs_ = now;
    return true;
  }

 private:
  static constexpr uint64_t kEveryNs = 1'000'000'000;
  uint64_t lastNs_ = monotonicNs();
};

}  // namespace staccato::drone
