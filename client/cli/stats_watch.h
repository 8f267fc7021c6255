#pragma once
/// Following a drone's stats stream during a run.
#include <chrono>
#include <memory>
#include <string>

#include "client/core/stats_reader.h"

namespace staccato::cli {

inline constexpr uint32_t kWatchIntervalMs = 200;
/// Frames still in flight after the last send: wait at least this long before the final snapshot.
inline constexpr auto kDrainTime = std::chrono::milliseconds(500);
/// ... and at most this long for a busy receiver to count what it has been handed.
inline constexpr auto kMaxDrainTime = std::chrono::seconds(10);

/// Reads snapshots of one drone until destroyed.
class Watch {
 public:
  Watch(client::DroneConnection& conn, uint32_t intervalMs, bool latencyBuckets)
      : reader_(conn, intervalMs, {}, latencyBuckets) {}
  bool next(v1::StatsSnapshot& snap) { return reader_.next(snap); }
  /// Skips snapshots that queued up while we were not reading: returns the first one the drone
  /// took after this call (one we had to wait for).
  bool fresh(v1::StatsSnapshot& snap);
  /// The final snapshot, to be taken kDrainTime after transmit stopped (one wait for all
  /// watches): fresh ones until the receive counters settle (every received stream has all it
  /// sent, or no count moved for three snapshots in a row) or `giveUp` (stop + kMaxDrainTime,
  /// shared by all watches). A loaded machine may still be counting frames after kDrainTime.
  bool settled(v1::StatsSnapshot& snap, std::chrono::steady_clock::time_point giveUp);

 private:
  client::StatsReader reader_;
};

}  // namespace staccato::cli
