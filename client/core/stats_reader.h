#pragma once
/// Reading a drone's stats stream (WatchStats): the one reader the CLI's commands and the GUI's
/// session share. Blocking; cancel() (from any thread) ends a read in progress.
#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>
#include <vector>

#include "client/core/drone_connection.h"

namespace staccato::client {

class StatsReader {
 public:
  /// Starts watching `ports` (empty = all) every `intervalMs` (0 = the drone's default), with
  /// every stream's latency histogram buckets when `latencyBuckets`.
  StatsReader(DroneConnection& conn, uint32_t intervalMs, const std::vector<std::string>& ports = {},
              bool latencyBuckets = false);
  /// Cancels the call if it is still open.
  ~StatsReader();
  StatsReader(const StatsReader&) = delete;
  StatsReader& operator=(const StatsReader&) = delete;

  /// The next snapshot; false when the stream ended (then finish() says why).
  bool next(v1::StatsSnapshot& snap) { return reader_->Read(&snap); }
  /// Ends the call from any thread: a next() waiting returns false.
  void cancel() { ctx_->TryCancel(); }
  /// Once next() returned false: how the stream ended (CANCELLED after cancel()).
  grpc::Status finish();
  /// The call's context (to register with a Cancellation).
  grpc::ClientContext* context() { return ctx_.get(); }

 private:
  std::unique_ptr<grpc::ClientContext> ctx_;
  std::unique_ptr<grpc::ClientReader<v1::StatsSnapshot>> reader_;
  bool finished_ = false;
  grpc::Status status_;
};

}  // namespace staccato::client
