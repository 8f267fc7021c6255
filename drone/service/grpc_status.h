#pragma once
/// The one mapping of the drone's errors to gRPC status codes.
#include <grpcpp/grpcpp.h>

#include "common/core/result.h"

namespace staccato::drone {

/// Maps an engine error to a gRPC status whose message says what to fix.
grpc::Status toGrpc(const Error& e);

/// A server-streaming call refused before it started (e.g. an interval below the minimum, a
/// port that does not exist).
template <typename Message>
class RefusedWrite final : public grpc::ServerWriteReactor<Message> {
 public:
  explicit RefusedWrite(const grpc::Status& status) { this->Finish(status); }
  void OnDone() override { delete this; }
};

}  // namespace staccato::drone
