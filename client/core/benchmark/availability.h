#pragma once
/// Availability as ITU-T Y.1563 defines it, which Y.1564's service performance test reports: a
/// second that lost more than a threshold of its frames is severely errored (SES); a period of
/// unavailability begins with 10 consecutive SES (which belong to it) and ends with 10
/// consecutive seconds that are not (which do not). Seconds that sent nothing are not SES.
#include <cstdint>
#include <span>

namespace staccato::bench {

/// One second of the test: what was sent in it and what of that arrived.
struct SecondCounts {
  uint64_t sent = 0;
  uint64_t received = 0;
};

struct Availability {
  uint32_t seconds = 0;
  uint32_t severelyErrored = 0;  ///< SES, available or not
  uint32_t unavailable = 0;      ///< seconds in periods of unavailability
  /// AVAIL: the fraction of the seconds that were available (1 when there were none).
  double ratio() const { return seconds ? double(seconds - unavailable) / seconds : 1; }
};

/// Seconds in a row that start (SES) or end (not SES) a period of unavailability.
inline constexpr uint32_t kUnavailabilityOnsetSeconds = 10;

/// The availability of `perSecond`, a second being severely errored when it lost more than
/// `sesLossRatio` of what it sent. A period still open at the end counts as unavailable to the end.
Availability availability(std::span<const SecondCounts> perSecond, double sesLossRatio);

}  // namespace staccato::bench
