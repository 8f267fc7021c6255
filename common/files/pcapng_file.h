#pragma once
/// pcapng capture files: reading (both byte orders, several sections and interfaces, any
/// if_tsresol) and the blocks this project writes (one Ethernet interface, nanoseconds).
#include <cstdint>
#include <span>
#include <vector>

#include "common/core/result.h"
#include "common/files/pcap_file.h"

namespace staccato {

inline constexpr uint32_t kPcapngSectionHeaderType = 0x0a0d0d0a;

/// Every packet of pcapng bytes (Enhanced, Simple and obsolete Packet Blocks; other blocks are
/// skipped). Errors name the byte offset of the block at fault.
Result<std::vector<PcapPacket>> parsePcapng(std::span<const uint8_t> bytes);

/// A Section Header Block and one Ethernet Interface Description Block with if_tsresol = 9.
std::vector<uint8_t> pcapngFileHeader();
/// An Enhanced Packet Block on interface 0 with a nanosecond timestamp.
std::vector<uint8_t> pcapngPacketBlock(uint64_t timestampNs, std::span<const uint8_t> frame, uint32_t originalLength);

}  // namespace staccato
