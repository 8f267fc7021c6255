#pragma once
/// The connect loop of one drone, on its own thread: GetVersion, ListPorts, then WatchStats
/// until the stream breaks; on any failure it reports why and retries with Backoff. Each
/// attempt opens a fresh channel, so gRPC's own (much longer) reconnect backoff never delays
/// a retry. Events are reported on the watcher's thread.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "client/core/drone_connection.h"
#include "client/core/session/cancellation.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

class DroneWatcher {
 public:
  struct Events {
    /// The connection of the attempt starting now (for the other calls).
    std::function<void(std::shared_ptr<DroneConnection>)> channel;
    /// Version checked, ports listed, first snapshot received (it follows in `snapshot`).
    std::function<void(v1::GetVersionReply, std::vector<v1::Port>)> connected;
    std::function<void(v1::StatsSnapshot)> snapshot;
    /// An attempt failed or the stats stream broke (`wasConnected`); retrying after `retryIn`.
    std::function<void(std::string why, bool wasConnected, std::chrono::milliseconds retryIn)> failed;
  };

  /// Starts the loop; `intervalMs` as in WatchStatsRequest (0 = the drone's default; at least 100).
  DroneWatcher(DroneAddress address, unsigned intervalMs, Events events);
  /// Cancels the call in flight and joins; no event is reported after this returns.
  ~DroneWatcher();
  DroneWatcher(const DroneWatcher&) = delete;
  DroneWatcher& operator=(const DroneWatcher&) = delete;

 private:
  void run();
  /// One attempt: returns why it ended; sets `connected` once the first snapshot arrived.
  std::string attempt(bool& connected);

  DroneAddress address_;
  unsigned intervalMs_;
  Events events_;
  Cancellation cancel_;
  std::thread thread_;
};

}  // namespace staccato::client
