#pragma once
/// Turns a failed gRPC call into an Error: the kind from the status code, the text from
/// describe(), and the field path the drone put in front of its message split out again.
#include <grpcpp/grpcpp.h>

#include <string>

#include "common/core/result.h"

namespace staccato::client {

ErrorKind errorKindOf(grpc::StatusCode code);

/// `target` names the drone in messages about reaching it.
Error errorFromStatus(const grpc::Status& status, const std::string& target);

}  // namespace staccato::client
