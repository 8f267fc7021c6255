#pragma once
/// Renders a stream's packets exactly as the transmitters do (compile + patch program), and
/// relates decoded layers back to the stream's layers.
#include <cstdint>
#include <vector>

#include "common/core/result.h"
#include "common/packet/parser.h"
#include "staccato/v1/stream.pb.h"

namespace staccato::client {

/// Packet `number` (1-based) of `stream` without FCS, or the compiler's error.
Result<std::vector<uint8_t>> renderPacket(const v1::Stream& stream, int number = 1);

/// For each stream layer, the index of the decoded layer of the same protocol (matched in
/// order), or -1 when the parser did not see it (payload, layers after raw bytes, ...).
std::vector<int> matchDecodedLayers(const google::protobuf::RepeatedPtrField<v1::Layer>& layers,
                                    const std::vector<ParsedLayer>& decoded);

}  // namespace staccato::client
