#include "client/core/benchmark/availability.h"

namespace staccato::bench {

Availability availability(std::span<const SecondCounts> perSecond, double sesLossRatio) {
  Availability a;
  bool available = true;
  uint32_t run = 0;  // seconds in a row that would change the state
  for (const SecondCounts& s : perSecond) {
    ++a.seconds;
    const uint64_t lost = s.sent > s.received ? s.sent - s.received : 0;
    const bool ses = s.sent > 0 && double(lost) > sesLossRatio * double(s.sent);
    a.severelyErrored += ses;
    if (available) {
      run = ses ? run + 1 : 0;
      if (run == kUnavailabilityOnsetSeconds) {  // the 10 SES are the period's first seconds
        available = false;
        a.unavailable += run;
        run = 0;
      }
    } else if (ses) {
      a.unavailable += run + 1;  // the good seconds before it were not 10: still unavailable
      run = 0;
    } else if (++run == kUnavailabilityOnsetSeconds) {  // the 10 good seconds are available again
      available = true;
      run = 0;
    }
  }
  if (!available) a.unavailable += run;
  return a;
}

}  // namespace staccato::bench
