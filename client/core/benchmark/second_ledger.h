#pragma once
/// Each second of a long test (Y.1564's performance test) from totals read once a second while it
/// runs. A frame on its way at a read (in a device's queue, on the wire) is not lost: frames
/// missing at a read count as lost only as far as they are still missing at every later read and
/// once the test settled (the loss so far never exceeds what is missing at any later time). While
/// the test runs, a second is told one read later, from the two reads around it (frames missing
/// at both); the final seconds are known when the test has stopped and its receivers settled, and
/// they add up to its totals.
#include <cstddef>
#include <vector>

#include "client/core/benchmark/availability.h"

namespace staccato::bench {

class SecondLedger {
 public:
  /// `services` streams counted side by side.
  explicit SecondLedger(size_t services);

  /// The running totals read at the end of the next second. Returns the second before it, per
  /// service, as far as it is known now (empty after the first read).
  std::vector<SecondCounts> read(const std::vector<SecondCounts>& totals);
  /// The totals once the test stopped and everything arrived (what was sent after the last read
  /// counts in the last second): every second, per service, final.
  std::vector<std::vector<SecondCounts>> finish(const std::vector<SecondCounts>& totals) const;

  size_t secondsRead() const { return reads_.size(); }

 private:
  struct Read {
    uint64_t sent = 0;
    uint64_t missing = 0;  ///< sent and not (yet) received
  };
  std::vector<std::vector<Read>> reads_;  ///< per read, per service
  std::vector<uint64_t> toldLost_;        ///< per service: the loss the seconds told so far hold
};

}  // namespace staccato::bench
