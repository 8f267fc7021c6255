#pragma once
/// Reconnect delays: 0.5 s doubling up to 10 s, back to 0.5 s after a success.
#include <algorithm>
#include <chrono>

namespace staccato::client {

class Backoff {
 public:
  static constexpr std::chrono::milliseconds kFirst{500};
  static constexpr std::chrono::milliseconds kMax{10'000};

  /// The delay before the next attempt; each call doubles the following one.
  std::chrono::milliseconds next() {
    const auto delay = next_;
    next_ = std::min(next_ * 2, kMax);
    return delay;
  }
  void reset() { next_ = kFirst; }

 private:
  std::chrono::milliseconds next_ = kFirst;
};

}  // namespace staccato::client
