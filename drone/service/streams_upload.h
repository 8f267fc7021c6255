#pragma once
/// SetStreams on gRPC's callback API, reading raw parts: each part's shape is read from its wire
/// bytes (rpc/streams/part_shape.h) and checked (stream count, nesting) before anything is
/// parsed, and the stream memory it may take once parsed is reserved from the drone's budget
/// first. A million tiny streams in one part, or many clients uploading at once, are refused
/// with RESOURCE_EXHAUSTED instead of growing the drone. No thread is held between parts.
#include <grpcpp/grpcpp.h>

#include <string>

#include "drone/core/drone_core.h"
#include "rpc/streams/stream_parts.h"

namespace staccato::drone {

class StreamsUpload final : public grpc::ServerReadReactor<grpc::ByteBuffer> {
 public:
  /// Starts reading at once; deletes itself when gRPC is done with the call. `clientOf` checks
  /// the client id the first part claims.
  /// `reply`: where gRPC reads the (empty) SetStreamsReply from.
  StreamsUpload(DroneCore& core, grpc::CallbackServerContext* ctx,
                std::function<Result<std::string>(const std::string& claimed)> clientOf, grpc::ByteBuffer* reply);

  void OnReadDone(bool ok) override;
  void OnDone() override;

 private:
  /// Takes one part: shape, reservation, parse, assembly.
  Status take();
  /// The list is complete: compile and store it.
  Status commit();

  DroneCore& core_;
  grpc::CallbackServerContext* ctx_;
  std::function<Result<std::string>(const std::string&)> clientOf_;
  grpc::ByteBuffer* reply_;
  grpc::ByteBuffer buffer_;
  std::string wire_;       ///< the part's bytes, reused
  bool first_ = true;
  std::string port_, client_;
  rpc::StreamsAssembler streams_;
  MemoryBudget::Lease memory_;  ///< what the parts received so far take once parsed
  size_t received_ = 0;         ///< wire bytes, to give memory back after a large upload
};

}  // namespace staccato::drone
