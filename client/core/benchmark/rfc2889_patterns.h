#pragma once
/// Who sends to whom in RFC 2889's traffic tests, as legs between the test's ports (indices in the
/// order the user named them), each at a share of its sending port's load; and what a congestion
/// control trial (5.5) shows.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "client/core/benchmark/rfc2889_traffic.h"
#include "common/core/result.h"

namespace staccato::bench {

enum class TrafficPattern {
  kMeshed,      ///< 5.1: every port to every other, its load split over them
  kBroadcast,   ///< 5.9: the first port to ff:ff:ff:ff:ff:ff, counted on every other
  kOneToMany,   ///< 5.2: the first port to every other, its load split over them
  kManyToOne,   ///< 5.2: every other port to the first, each at the load
  kCongestion,  ///< 5.5: four ports; 1 -> 3 and 1 -> 4 at half the load each, 2 -> 3 at the load
  kForwardPressure,  ///< 5.6: two ports; the first to the second, swept up to and past its line rate
  kErroredFrames,    ///< 5.9: two ports; the first sends valid, undersized and oversized frames, a third each
};

/// "fully_meshed", "broadcast", "one_to_many", "many_to_one", "congestion_control", "forward_pressure",
/// "errored_frames".
std::string_view patternName(TrafficPattern pattern);

/// One stream of a trial: from port `from` to port `to` at `share` of the sending port's load
/// (broadcast: the one stream, counted at each `to`).
struct TrafficLeg {
  size_t from = 0, to = 0;
  double share = 1;
};

/// The legs of `pattern` over `ports` ports (2..16; congestion control exactly 4, forward pressure and errored
/// frames 2); an error says
/// what the pattern needs.
Result<std::vector<TrafficLeg>> trafficLegs(TrafficPattern pattern, size_t ports);

/// RFC 2889 5.5 from one trial of kCongestion's legs (pairs in trafficLegs' order: 1 -> 3, 1 -> 4,
/// 2 -> 3). Port 3 is offered 1.5 times the load: at a load of 100 % a third of its frames cannot
/// leave. A device that keeps the senders back (flow control: they send fewer than asked, waiting
/// for room) loses fewer of those they sent; if port 1's frames to the uncongested port 4 are lost
/// or held back with them, its congestion blocks other traffic (head of line).
struct CongestionVerdict {
  bool judged = false;          ///< the tester sent and counted as asked
  bool congested = false;       ///< port 3 was offered more than it can forward (back pressure is judged)
  std::string why;              ///< when not judged or not congested
  bool headOfLineBlocking = false;  ///< frames to the uncongested port 4 were lost or held back
  uint64_t uncongestedSent = 0, uncongestedLost = 0;
  bool uncongestedHeldBack = false;
  uint64_t congestedSent = 0, congestedLost = 0;
  double expectedLossRatio = 0;  ///< what port 3's line rate alone makes it lose
  double congestedLossRatio = 0;
  bool backPressure = false;     ///< its senders were held back and port 3 lost clearly less than its line rate makes it
  /// "head-of-line blocking: no (...); back pressure: no (...)".
  std::string text() const;
};

CongestionVerdict congestionOf(const TrafficTrial& trial);

}  // namespace staccato::bench
