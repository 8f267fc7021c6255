#pragma once
/// The built-in protocol specs, one per file in this folder.
#include "common/packet/build_context.h"
#include "common/packet/protocol.h"

namespace staccato {

extern const ProtocolSpec kEthernet;
extern const ProtocolSpec kVlan;
extern const ProtocolSpec kSvlan;
extern const ProtocolSpec kArp;
extern const ProtocolSpec kIpv4;
extern const ProtocolSpec kIpv6;
extern const ProtocolSpec kIcmp;
extern const ProtocolSpec kIcmpv6;
extern const ProtocolSpec kUdp;
extern const ProtocolSpec kTcp;
extern const ProtocolSpec kPayload;
extern const ProtocolSpec kRaw;
extern const ProtocolSpec kSignature;

/// IP protocol numbers shared by IPv4 and IPv6.
inline constexpr EnumName kIpProtocols[] = {
    {1, "icmp"}, {2, "igmp"}, {4, "ipv4"}, {6, "tcp"}, {17, "udp"}, {41, "ipv6"},
    {47, "gre"}, {50, "esp"}, {51, "ah"}, {58, "icmpv6"}, {132, "sctp"}, {253, "experimental"},
};

/// Option bytes after a 20-byte header whose length field counts 32-bit words (IPv4, TCP).
inline std::optional<size_t> optionBytesFromWords(const LayerState& l, std::string_view headerWordsField) {
  const uint64_t words = l.num(headerWordsField);
  if (words < 5) return std::nullopt;
  return (words - 5) * 4;
}

}  // namespace staccato
