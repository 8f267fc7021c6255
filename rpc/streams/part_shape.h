#pragma once
/// What a StreamsPart would cost once parsed, read from its wire bytes without parsing it: a
/// part of a few MiB can hold a million tiny streams or layers, and protobuf's objects for them
/// take a hundred times the bytes. The drone checks the shape (stream count, depth) and reserves
/// the estimate before it parses anything.
#include <cstddef>
#include <string_view>

#include "common/core/result.h"

namespace staccato::rpc {

/// Parsed bytes a message (a stream, a layer, a map entry, a repeated string) costs at most,
/// besides its wire bytes: protobuf's object, its hash or array slot, allocator overhead.
inline constexpr size_t kParsedBytesPerMessage = 256;
/// Nesting deeper than any stream has (stream > layer > field map entry is 3).
inline constexpr int kMaxPartDepth = 16;

struct PartShape {
  size_t streams = 0;   ///< streams at the top level
  size_t messages = 0;  ///< messages and repeated strings at every depth
  size_t bytes = 0;        ///< wire bytes
  size_t scalarBytes = 0;  ///< repeated numbers, 8 bytes each once parsed (a varint may be 1)
  /// What parsing it may take: an upper bound.
  size_t parsedBytes() const { return bytes + scalarBytes + messages * kParsedBytesPerMessage; }
};

/// The shape of a serialized v1::StreamsPart; an error for bytes that are not one (or nest
/// deeper than kMaxPartDepth).
Result<PartShape> scanStreamsPart(std::string_view wire);

}  // namespace staccato::rpc
