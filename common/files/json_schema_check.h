#pragma once
/// Checks a parsed JSON value against a protobuf message's JSON mapping and names the path of
/// the first mismatch: unknown members (with the known ones listed), wrong JSON types, numbers
/// out of range, enum names that do not exist.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/struct.pb.h>

#include "common/core/result.h"

namespace staccato {

/// `value` must be an object matching `type`; `path` prefixes error paths ("" at the root).
Status checkJsonAgainstSchema(const google::protobuf::Value& value, const google::protobuf::Descriptor& type,
                              const std::string& path = "");

}  // namespace staccato
