#pragma once
/// Device groups (emulated hosts) as people type and read them, for the CLI and the GUI: an
/// address with its prefix ("10.0.0.10/24"), steps as numbers or in the address's own form
/// ("0.0.1.0" = 256, "00:00:00:00:01:00" = 256), and one line of text per group. The drone
/// checks every value again (its errors name the field); this only splits what is typed.
#include <cstdint>
#include <string>

#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

struct AddressWithPrefix {
  std::string address;
  uint32_t prefixLength = 0;
};

/// "A/P": P 1..32 for IPv4 (an IPv6 address has a ':'), 1..128 for IPv6.
Result<AddressWithPrefix> parseAddressWithPrefix(const std::string& text);
/// Sets a group's ipv4 or ipv6 from "A/P" (see parseAddressWithPrefix) and its gateway.
template <typename Family>  // v1::DeviceIpv4 or v1::DeviceIpv6
Status setAddress(Family& family, const std::string& addressWithPrefix, const std::string& gateway) {
  auto a = parseAddressWithPrefix(addressWithPrefix);
  if (!a) return a.error();
  family.set_address(a->address);
  family.set_prefix_length(a->prefixLength);
  family.set_gateway(gateway);
  return Ok{};
}

/// A step between hosts' IP addresses: a number, or an IPv4 address read as one (0.0.1.0 = 256).
Result<uint64_t> parseIpStep(const std::string& text);
/// `step` as an IPv4 step (IPv6 steps take 64 bits): an error above 2^32-1.
Result<uint32_t> ipv4Step(uint64_t step);
/// A VLAN id, rpc::kMinVlanId..rpc::kMaxVlanId.
Result<uint32_t> parseVlanId(const std::string& text);
/// A step between MACs: a number, or a MAC read as one (00:00:00:00:01:00 = 256).
Result<uint64_t> parseMacStep(const std::string& text);
/// "10.0.0.10/24" (or "" without IPv4), and the same for IPv6.
std::string ipv4Text(const v1::DeviceGroup& g);
std::string ipv6Text(const v1::DeviceGroup& g);
/// "100,200" (outer first; "" = untagged).
std::string vlansText(const v1::DeviceGroup& g);

}  // namespace staccato::client
