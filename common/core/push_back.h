#pragma once
#include <cstdint>

/// The one rule that tells a device's pace from a generator's own shortfall: a sender that sent
/// less than asked because its port had no room (the device took frames no faster; over veth it
/// holds the sender's frames until its core took them in) waited for room at least half as long
/// as the frames it did not send would have taken. Used by the benchmark runner (such a trial
/// is the device's, at the rate it took) and by every client's live "cannot keep its rate".

namespace staccato {

/// `waitedSeconds` for room while sending `sentRate` of `askedRate` (any unit) over `seconds`.
inline bool devicePushedBack(double waitedSeconds, double sentRate, double askedRate, double seconds) {
  if (waitedSeconds <= 0 || askedRate <= 0 || sentRate >= askedRate) return false;
  return waitedSeconds >= (1 - sentRate / askedRate) * seconds / 2;
}

/// Two looks at a full port this far apart or more are not a wait for room: the sender did not
/// run in between (its thread stopped, its core taken), and a device never pushes back that long
/// between two of a spinning sender's looks.
inline constexpr uint64_t kMaxPortLookGapNs = 2'000'000;

/// What a sender waited for room between two looks at its full port: the time between them, or
/// none when it did not run in between (a stall is the tester's, never the device's pace).
inline uint64_t portWaitBetween(uint64_t lookNs, uint64_t nextLookNs) {
  const uint64_t gap = nextLookNs - lookNs;
  return gap < kMaxPortLookGapNs ? gap : 0;
}

}  // namespace staccato
