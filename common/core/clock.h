#pragma once
/// Clocks for pacing (monotonic) and signatures (realtime, comparable across hosts).
#include <time.h>

#include <cstdint>

namespace staccato {

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

/// CLOCK_REALTIME minus CLOCK_MONOTONIC, now, to turn monotonic stamps into realtime ones. The
/// two clocks are read around each other and the pair kept only when nothing came between them
/// (a thread preempted between two reads would shift every stamp by the time it waited).
inline int64_t realtimeMinusMonotonicNs() noexcept {
  constexpr uint64_t kTightNs = 2'000;
  int64_t best = 0;
  uint64_t bestSpan = UINT64_MAX;
  for (int attempt = 0; attempt < 8 && bestSpan > kTightNs; ++attempt) {
    const uint64_t before = monotonicNs(), real = realtimeNs(), after = monotonicNs();
    if (after - before < bestSpan) {
      bestSpan = after - before;
      best = static_cast<int64_t>(real - (before + (after - before) / 2));
    }
  }
  return best;
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

}  // namespace staccato
