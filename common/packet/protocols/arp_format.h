#pragma once
// What ARP (RFC 826) and RARP (RFC 903) share: the packet for IPv4 over Ethernet, one field table
// that each protocol instantiates with its own defaults. Wireshark decodes both with its ARP
// dissector, so the field names are Wireshark's arp.* for both.
#include <array>

#include "common/packet/protocols/protocols.h"

namespace staccato::arp_format {

inline constexpr EnumName kOpcodes[] = {{1, "request"}, {2, "reply"}, {3, "rarp-request"}, {4, "rarp-reply"}};
inline constexpr EnumName kHwTypes[] = {{1, "ethernet"}};

struct Defaults {
  std::string_view opcode;
  std::string_view senderMac, senderIp;
  std::string_view targetMac, targetIp;
};

constexpr std::array<FieldSpec, 9> fields(const Defaults& d) {
  return {{
      {"arp.hw.type", "Hardware type", 16, FieldFormat::kEnum, "1", kFieldNone, kHwTypes},
      {"arp.proto.type", "Protocol type", 16, FieldFormat::kHex, "0x0800", kFieldNone, kEtherTypeNames, 0, {},
       NumberSpace::kEtherType},
      {"arp.hw.size", "Hardware size", 8, FieldFormat::kDec, "6"},
      {"arp.proto.size", "Protocol size", 8, FieldFormat::kDec, "4"},
      {"arp.opcode", "Opcode", 16, FieldFormat::kEnum, d.opcode, kFieldNone, kOpcodes},
      {"arp.src.hw_mac", "Sender MAC address", 48, FieldFormat::kMac, d.senderMac},
      {"arp.src.proto_ipv4", "Sender IP address", 32, FieldFormat::kIpv4, d.senderIp},
      {"arp.dst.hw_mac", "Target MAC address", 48, FieldFormat::kMac, d.targetMac},
      {"arp.dst.proto_ipv4", "Target IP address", 32, FieldFormat::kIpv4, d.targetIp},
  }};
}

}  // namespace staccato::arp_format
