#pragma once
/// WatchStats on gRPC's callback API: a watcher is a StatsHub subscriber that holds no thread.
/// It keeps at most the snapshot being written and the newest one waiting: a client that reads
/// slowly gets fewer, newer snapshots, never a growing queue.
#include <grpcpp/grpcpp.h>

#include <mutex>

#include "drone/core/stats_hub.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class StatsStream final : public grpc::ServerWriteReactor<v1::StatsSnapshot>, public StatsWatcher {
 public:
  /// Subscribes at once; deletes itself when gRPC is done with the call.
  StatsStream(StatsHub& hub, uint32_t intervalMs, std::vector<std::string> ports, bool latencyBuckets);

  void deliver(SharedSnapshot snapshot) override;
  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  /// Finishes the call once no write is in flight. Called with mu_ held.
  void finishWhenIdle();

  StatsHub& hub_;
  std::mutex mu_;
  SharedSnapshot writing_;  ///< in flight (gRPC reads it until OnWriteDone)
  SharedSnapshot waiting_;  ///< the newest not yet written
  bool ending_ = false;     ///< cancelled, or a write failed: no more writes
  bool finished_ = false;   ///< Finish was called
};

}  // namespace staccato::drone
