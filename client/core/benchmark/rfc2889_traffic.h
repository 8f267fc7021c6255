#pragma once
/// RFC 2889 traffic tests: fully meshed (5.1: every port sends to every other, N x (N - 1)
/// pairs) and broadcast (5.9: one port to every other). A trial offers a load per sending port
/// for a time and counts per pair what was sent, what arrived at the pair's port and what
/// arrived at a port it was not for (flooded or misdelivered). The meshed throughput is the
/// highest load with every frame delivered where it belongs, found by binary search.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "client/core/benchmark/rfc2889_address_search.h"

namespace staccato::bench {

struct PairCount {
  std::string tx, rx;
  uint64_t sent = 0, received = 0;
  uint64_t elsewhere = 0;  ///< this pair's frames received on ports other than rx
  double latencyAvgUs = 0; ///< 0 when none measured
  uint64_t asked = 0;      ///< frames it was to send (0: as sent)
  bool heldBack = false;   ///< its sender was slowed waiting for room (devicePushedBack): the device pushed back
  double sentFps = 0, receivedFps = 0;  ///< first to last frame sent, received (0: fewer than two)
  uint64_t lost() const { return sent > received ? sent - received : 0; }
};

struct TrafficTrial {
  double load = 0;             ///< asked, per sending port, share of its line rate (forward pressure: above 1)
  double offeredFps = 0;       ///< asked, per sending port
  double seconds = 0;          ///< the trial's sending time
  std::vector<PairCount> pairs;
  std::string testerNote;      ///< not empty: the tester did not send or count as asked (judges nothing)

  bool judged() const { return testerNote.empty(); }
  uint64_t sent() const;
  uint64_t received() const;
  uint64_t lost() const;
  uint64_t elsewhere() const;
  /// Every frame arrived where it belongs, and nowhere else, and the device took them all.
  bool passed() const { return judged() && lost() == 0 && elsewhere() == 0 && !heldBack(); }
  /// The device pushed back on some sender (flow control): it did not take the load offered.
  bool heldBack() const;
  /// Frames forwarded to their ports a second, over every pair.
  double forwardedFps() const { return seconds > 0 ? double(received()) / seconds : 0; }
};

/// One trial at this load (share of line rate per sending port); an error when a drone failed.
using TrafficProbe = std::function<Result<TrafficTrial>(double load)>;

struct ThroughputSettings {
  double maxLoad = 1.0;       ///< the first trial's (1 = line rate)
  double minLoad = 0.01;
  double resolution = 0.01;   ///< stop when the pass and the fail are this close (share of line rate)
};

struct ThroughputSearch {
  std::vector<TrafficTrial> trials;
  double throughput = 0;      ///< the highest load that passed; 0 = none did
  bool complete = false;
  std::string note;
  /// The trial at the highest load tried (the forwarding rate under the most load).
  const TrafficTrial* heaviest() const;
  /// The trial that passed at `throughput` (null when none passed).
  const TrafficTrial* atThroughput() const;
};

Status checkThroughputSettings(const ThroughputSettings& s);

Result<ThroughputSearch> searchThroughput(const ThroughputSettings& settings, const TrafficProbe& probe,
                                          const std::function<void(const TrafficTrial&)>& trialDone = {},
                                          const std::function<bool()>& stopRequested = {});

/// Broadcast, congestion control (one load, no search): the one trial at `load`, complete when it
/// was judged.
Result<ThroughputSearch> oneTrial(double load, const TrafficProbe& probe,
                                        const std::function<void(const TrafficTrial&)>& trialDone = {},
                                        const std::function<bool()>& stopRequested = {});

}  // namespace staccato::bench
