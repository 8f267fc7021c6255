#include "drone/service/grpc_status.h"

namespace staccato::drone {

grpc::Status toGrpc(const Error& e) {
  grpc::StatusCode code = grpc::StatusCode::INVALID_ARGUMENT;
  switch (e.kind) {
    case ErrorKind::kNotFound: code = grpc::StatusCode::NOT_FOUND; break;
    case ErrorKind::kBusy: code = grpc::StatusCode::FAILED_PRECONDITION; break;
    case ErrorKind::kDenied: code = grpc::StatusCode::PERMISSION_DENIED; break;
    // Not UNAVAILABLE: clients read that as "drone unreachable, retry"; a missing feature is not.
    case ErrorKind::kUnavailable: code = grpc::StatusCode::FAILED_PRECONDITION; break;
    case ErrorKind::kExhausted: code = grpc::StatusCode::RESOURCE_EXHAUSTED; break;
    case ErrorKind::kInternal: code = grpc::StatusCode::INTERNAL; break;
    default: break;
  }
  return grpc::Status(code, e.toString());
}

}  // namespace staccato::drone
