#pragma once
/// proto3 enums are open: a client can send any number where an enum is expected, and the
/// message still parses. Everything that enters the drone is checked here before use.
#include <google/protobuf/message.h>

#include "common/core/result.h"

namespace staccato {

/// Every enum field in `message` (and its nested messages) holds a value its enum defines.
/// Errors name the path and the allowed names, e.g.
/// "control.after: unknown value 7 (allowed AFTER_UNSPECIFIED, NEXT, STOP, GOTO_FIRST, GOTO_STREAM)".
Status checkKnownEnums(const google::protobuf::Message& message);

}  // namespace staccato
