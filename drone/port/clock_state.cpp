#include "drone/port/clock_state.h"

#include <sys/timex.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace staccato::drone {

ClockReading readClock() {
  if (const char* fake = std::getenv("STACCATO_FAKE_CLOCK")) {
    const std::string f = fake;
    if (f.rfind("synchronized:", 0) == 0) {
      const uint64_t err = std::strtoull(f.c_str() + 13, nullptr, 10);
      return {true, err, err};
    }
    return {false, 0, 0};
  }
  timex tx{};
  const int state = ::adjtimex(&tx);  // modes 0: reads only
  ClockReading r;
  r.synchronized = state != -1 && state != TIME_ERROR && !(tx.status & STA_UNSYNC);
  r.estimatedErrorNs = static_cast<uint64_t>(tx.esterror) * 1000;  // µs
  r.maxErrorNs = static_cast<uint64_t>(tx.maxerror) * 1000;
  return r;
}

}  // namespace staccato::drone
