#pragma once
/// pcapng capture files: reading (both byte orders, several sections and interfaces, any
/// if_tsresol) and the blocks this project writes (one Ethernet interface, nanoseconds).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/core/result.h"
#include "common/files/pcap_file.h"

namespace staccato {

inline constexpr uint32_t kPcapngSectionHeaderType = 0x0a0d0d0a;

/// Every packet of pcapng bytes (Enhanced, Simple and obsolete Packet Blocks; other blocks are
/// skipped). Errors name the byte offset of the block at fault.
Result<std::vector<PcapPacket>> parsePcapng(std::span<const uint8_t> bytes);

/// The one interface of a file this project writes.
struct PcapngInterface {
  std::string name;         ///< if_name (e.g. the port: "eth1"); empty = none
  std::string description;  ///< if_description (e.g. "staccato-drone on host"); empty = none
};

/// A Section Header Block and one Ethernet Interface Description Block with if_tsresol = 9.
std::vector<uint8_t> pcapngFileHeader(const PcapngInterface& interface = {});

/// What an Enhanced Packet Block says about its packet beyond its bytes.
struct PcapngPacketOptions {
  PacketDirection direction = PacketDirection::kUnknown;  ///< epb_flags' direction bits
  std::string_view comment;                               ///< opt_comment; empty = none
};

/// An Enhanced Packet Block on interface 0 with a nanosecond timestamp.
std::vector<uint8_t> pcapngPacketBlock(uint64_t timestampNs, std::span<const uint8_t> frame, uint32_t originalLength,
                                       const PcapngPacketOptions& options = {});
/// The same, appended to `out` (no allocation when `out` has room).
void appendPcapngPacketBlock(std::vector<uint8_t>& out, uint64_t timestampNs, std::span<const uint8_t> frame,
                             uint32_t originalLength, const PcapngPacketOptions& options = {});
/// The bytes appendPcapngPacketBlock writes for a frame of `capturedLength` bytes.
size_t pcapngPacketBlockSize(size_t capturedLength, const PcapngPacketOptions& options = {});

}  // namespace staccato
