#pragma once
/// Addresses of emulated hosts as plain values: MACs in the low 48 bits of a uint64_t, IPv4 in a
/// uint32_t (host order), IPv6 as 16 bytes. Parsing, formatting and the few derivations the
/// responder and resolver need (link-local EUI-64, solicited-node multicast, subnets).
#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace staccato::drone::devices {

inline constexpr uint64_t kMacMax = (uint64_t{1} << 48) - 1;
inline constexpr uint64_t kBroadcastMac = kMacMax;

struct Ip6 {
  std::array<uint8_t, 16> b{};
  auto operator<=>(const Ip6&) const = default;
  uint64_t high() const;
  uint64_t low() const;
  static Ip6 of(uint64_t high, uint64_t low);
};

std::optional<uint64_t> parseMac(std::string_view text);
std::optional<uint32_t> parseIpv4(std::string_view text);
std::optional<Ip6> parseIpv6(std::string_view text);
std::string formatMac(uint64_t mac);
std::string formatIpv4(uint32_t ip);
std::string formatIpv6(const Ip6& ip);

uint64_t loadMac(const uint8_t* p);
void storeMac(uint8_t* p, uint64_t mac);
uint32_t loadIpv4(const uint8_t* p);
void storeIpv4(uint8_t* p, uint32_t ip);

/// Group bit of the first byte: multicast or broadcast.
inline bool isMulticastMac(uint64_t mac) { return (mac >> 40) & 1; }
/// fe80::/64 with the modified EUI-64 interface id of `mac` (RFC 4291 appendix A).
Ip6 linkLocalOf(uint64_t mac);
/// ff02::1:ffXX:XXXX, where neighbour solicitations for `ip` go (RFC 4291 2.7.1).
Ip6 solicitedNodeOf(const Ip6& ip);
/// 33:33 + the low 32 bits of an IPv6 multicast address (RFC 2464 section 7).
uint64_t multicastMacOf(const Ip6& ip);
inline bool isLinkLocal(const Ip6& ip) { return ip.b[0] == 0xfe && (ip.b[1] & 0xc0) == 0x80; }
inline bool isMulticast(const Ip6& ip) { return ip.b[0] == 0xff; }
/// The address with its host bits (past `prefix`) cleared.
uint32_t subnetOf(uint32_t ip, unsigned prefix);
Ip6 subnetOf(const Ip6& ip, unsigned prefix);
bool sameSubnet(uint32_t a, uint32_t b, unsigned prefix);
bool sameSubnet(const Ip6& a, const Ip6& b, unsigned prefix);

}  // namespace staccato::drone::devices
