#pragma once
/// Receive-side statistics of one tracked stream on one port: counters, sequence analysis,
/// latency histogram and RFC 3550 jitter. Written by the port's receive thread only.
#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "drone/rx/latency_histogram.h"
#include "drone/rx/lane_sequences.h"

namespace staccato::drone {

/// One stream's receive counts as the stats rows read them, whichever engine counted them
/// (the receive thread's StreamRxStats, or the kernel's maps).
struct StreamRxCounts {
  uint64_t packets = 0, bytes = 0;  ///< bytes with FCS
  uint64_t lost = 0, duplicates = 0, reordered = 0;
  uint64_t latencySamples = 0, latencyMinNs = 0, latencyMeanNs = 0, latencyMaxNs = 0;
  std::vector<std::pair<uint32_t, uint64_t>> buckets;  ///< non-empty latency buckets, ascending
  uint64_t jitterNs = 0;
  uint64_t firstNs = 0, lastNs = 0;  ///< realtime arrivals of the first and last frame; 0 = none
};

struct StreamRxStats {
  std::atomic<uint64_t> packets{0}, bytes{0};
  LaneSequences sequence;
  LatencyHistogram latency;
  std::atomic<uint64_t> jitterNs{0};  ///< RFC 3550 J, as a whole number of ns
  std::atomic<uint64_t> firstNs{0}, lastNs{0};  ///< realtime arrivals


  /// One signature packet of `lane`: `bytes` with FCS, tx/rx times in ns of the same clock.
  void onPacket(unsigned lane, uint32_t seq, uint64_t frameBytes, uint64_t txNs, uint64_t rxNs) noexcept;
  StreamRxCounts counts() const;

 private:
  bool haveTransit_ = false;
  int64_t lastTransit_ = 0;
  double jitter_ = 0;
};

}  // namespace staccato::drone
