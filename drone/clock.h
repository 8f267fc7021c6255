#pragma once
/// Clocks for pacing (monotonic) and signatures (realtime, comparable across hosts).
#include <time.h>

#include <cstdint>

namespace staccato::drone {

inline uint64_t monotonicNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1'000'000'000ull + uint64_t(ts.tv_nsec);
}

inline uint64_t realtimeNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return uint64_t(ts.tv_sec) * 1'000'000'000ull + uint64_t(ts.tv_nsec);
}

/// Waits until a monotonic deadline: sleeps while far away, spins for the last stretch.
inline void waitUntil(uint64_t deadlineNs) noexcept {
  constexpr uint64_t kSpinNs = 60'000;
  uint64_t now = monotonicNs();
  if (deadlineNs > now + kSpinNs) {
    const uint64_t wake = deadlineNs - kSpinNs;
    timespec ts{static_cast<time_t>(wake / 1'000'000'000ull), static_cast<long>(wake % 1'000'000'000ull)};
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr);
  }
  while (monotonicNs() < deadlineNs) __builtin_ia32_pause();
}

}  // namespace staccato::drone
