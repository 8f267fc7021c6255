#pragma once
/// The host's system clock as the kernel sees it (adjtimex, read-only: no privilege needed):
/// whether a time daemon keeps it synchronised and how far off it may be. Scheduled starts
/// across drones are as close as their clocks agree.
#include <cstdint>

namespace staccato::drone {

struct ClockReading {
  bool synchronized = false;
  uint64_t estimatedErrorNs = 0;
  uint64_t maxErrorNs = 0;
};

/// Now. A test hook fakes it: STACCATO_FAKE_CLOCK=unsynchronized, or synchronized:ERROR_NS.
ClockReading readClock();

}  // namespace staccato::drone
