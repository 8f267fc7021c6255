#pragma once
/// Receive-side statistics of one tracked stream on one port: counters, sequence analysis,
/// latency histogram and RFC 3550 jitter. Written by the port's receive thread only.
#include <atomic>
#include <cstdint>

#include "drone/rx/latency_histogram.h"
#include "drone/rx/lane_sequences.h"

namespace staccato::drone {

struct StreamRxStats {
  std::atomic<uint64_t> packets{0}, bytes{0};
  LaneSequences sequence;
  LatencyHistogram latency;
  std::atomic<uint64_t> jitterNs{0};  ///< RFC 3550 J, as a whole number of ns


  /// One signature packet of `lane`: `bytes` with FCS, tx/rx times in ns of the same clock.
  void onPacket(unsigned lane, uint32_t seq, uint64_t frameBytes, uint64_t txNs, uint64_t rxNs) noexcept;

 private:
  bool haveTransit_ = false;
  int64_t lastTransit_ = 0;
  double jitter_ = 0;
};

}  // namespace staccato::drone
