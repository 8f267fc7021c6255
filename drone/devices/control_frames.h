#pragma once
/// The control frames of emulated hosts, hand-built with every checksum computed: ARP requests
/// and replies, neighbour solicitations and advertisements (with a link-layer address option),
/// and echo replies copied from their requests. And the parse of a received frame's Ethernet
/// header and VLAN tags. Frames are padded to 60 bytes (64 with the FCS the NIC adds).
#include <cstdint>
#include <span>
#include <vector>

#include "drone/devices/host_table.h"

namespace staccato::drone::devices {

inline constexpr uint16_t kEtherArp = 0x0806;
inline constexpr uint16_t kEtherIpv4 = 0x0800;
inline constexpr uint16_t kEtherIpv6 = 0x86dd;
inline constexpr uint8_t kNeighborSolicit = 135;
inline constexpr uint8_t kNeighborAdvert = 136;
/// NA flags (RFC 4861 4.4), in the first byte of the 32-bit flags word.
inline constexpr uint8_t kNaSolicited = 0x40;
inline constexpr uint8_t kNaOverride = 0x20;

struct LinkHeader {
  uint64_t dst = 0, src = 0;
  VlanStack vlans;
  uint16_t etherType = 0;
  size_t l3 = 0;  ///< where the payload after the tags starts
};

/// Ethernet and up to two VLAN tags (0x8100, 0x88a8). False when the frame is too short or has
/// more tags.
bool parseLink(std::span<const uint8_t> frame, LinkHeader& out);

/// ARP for IPv4 over Ethernet (RFC 826): `op` 1 request, 2 reply.
void buildArp(std::vector<uint8_t>& out, const VlanStack& vlans, uint64_t ethDst, uint16_t op, uint64_t senderMac,
              uint32_t senderIp, uint64_t targetMac, uint32_t targetIp);

/// A neighbour solicitation (type 135) or advertisement (136, `naFlags`) for `target`, from
/// `src` to `dst`, hop limit 255, with a source (NS) or target (NA) link-layer address option
/// holding `optionMac` (0: none, as a DAD probe from :: must).
void buildNd(std::vector<uint8_t>& out, const VlanStack& vlans, uint64_t ethDst, uint64_t ethSrc, const Ip6& src,
             const Ip6& dst, uint8_t type, uint8_t naFlags, const Ip6& target, uint64_t optionMac);

/// The reply to an ICMP echo request (IPv4 at `l3`, its header already checked): addresses
/// swapped, TTL 64, type 0, both checksums computed; sent from `host` to `ethDst`.
void buildEchoReply4(std::vector<uint8_t>& out, std::span<const uint8_t> request, size_t l3, const Host& host, uint64_t ethDst);
/// The reply to an ICMPv6 echo request: from `src` (the address asked), hop limit 64, type 129.
void buildEchoReply6(std::vector<uint8_t>& out, std::span<const uint8_t> request, size_t l3, const Host& host,
                     const Ip6& src, uint64_t ethDst);

/// ICMPv6 checksum (with the IPv6 pseudo-header) of the message at `l4` of an IPv6 packet at `l3`.
uint16_t icmpv6Checksum(std::span<const uint8_t> frame, size_t l3, size_t l4, size_t length);

}  // namespace staccato::drone::devices
