#pragma once
/// A capture as a pcapng file (common/files/pcapng_file): its port as the interface, nanosecond
/// timestamps, each packet's direction, and a comment on the frames turbo receive counted.
#include <cstdint>
#include <functional>
#include <span>

#include "common/files/pcapng_file.h"
#include "drone/capture/capture.h"

namespace staccato::drone {

/// The file's interface: the port, and what captured it ("staccato-drone on HOST, filter ...").
PcapngInterface captureInterface(const Capture& capture, const std::string& hostname);

/// The file's size in bytes.
uint64_t capturePcapngBytes(const Capture& capture, const PcapngInterface& interface);

/// Hands the file to `write` in pieces of whole blocks, each at most `chunkBytes` (at least one
/// block); stops early when `write` returns false. The capture must no longer run.
bool writeCapturePcapng(const Capture& capture, const PcapngInterface& interface, size_t chunkBytes,
                        const std::function<bool(std::span<const uint8_t>)>& write);

}  // namespace staccato::drone
