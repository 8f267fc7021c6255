#include "client/core/session/grpc_error.h"

#include <regex>

#include "client/core/drone_connection.h"

namespace staccato::client {

ErrorKind errorKindOf(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::OUT_OF_RANGE: return ErrorKind::kInvalid;
    case grpc::StatusCode::NOT_FOUND: return ErrorKind::kNotFound;
    // The drone answers FAILED_PRECONDITION for "sending, stop it first" and missing features.
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::ABORTED:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return ErrorKind::kBusy;
    case grpc::StatusCode::PERMISSION_DENIED:
    case grpc::StatusCode::UNAUTHENTICATED: return ErrorKind::kDenied;
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::DEADLINE_EXCEEDED:
    case grpc::StatusCode::CANCELLED: return ErrorKind::kUnavailable;
    default: return ErrorKind::kInternal;
  }
}

Error errorFromStatus(const grpc::Status& status, const std::string& target) {
  const ErrorKind kind = errorKindOf(status.error_code());
  std::string text = describe(status, target);
  if (kind == ErrorKind::kUnavailable) return makeError("", std::move(text), kind);
  // The drone sends Error::toString(), "path: message"; split it so toString() reads the same.
  static const std::regex kPathPrefix(R"(^([A-Za-z_][A-Za-z0-9_.\[\]]*): )");
  std::smatch m;
  if (std::regex_search(text, m, kPathPrefix)) return makeError(m[1].str(), text.substr(m[0].length()), kind);
  return makeError("", std::move(text), kind);
}

}  // namespace staccato::client
