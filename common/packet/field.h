#pragma once
/// Declarative description of one protocol field, and the value a field holds.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace staccato {

/// How a field's value is written as text (files, GUI, CLI) and shown.
/// kText: variable-length UTF-8 text, kept exactly (line breaks and spaces included).
enum class FieldFormat : uint8_t { kDec, kHex, kMac, kIpv4, kIpv6, kEnum, kFlag, kBytes, kText };

/// Registries of numbers that name the protocol above (IANA's EtherTypes, IP protocol numbers,
/// UDP ports, IP versions): a field in one accepts and shows the names of the protocols numbered
/// in it.
enum class NumberSpace : uint8_t { kNone, kEtherType, kIpProtocol, kUdpPort, kIpVersion };

/// A named value of an enum field, e.g. {8, "echo-request"}.
struct EnumName {
  uint64_t value;
  std::string_view name;
};

enum FieldFlags : uint8_t {
  kFieldNone = 0,
  kFieldComputed = 1 << 0,  ///< auto value computed at build time (length, checksum, demux)
  kFieldOptional = 1 << 1,  ///< not on the wire unless the user sets it (e.g. TCP MSS option)
  kFieldNoVary = 1 << 2,    ///< cannot be a variable field (sizes the header)
};

struct FieldSpec {
  std::string_view name;   ///< full Wireshark-style name, e.g. "ip.ttl"
  std::string_view label;  ///< human label, e.g. "Time to live"
  uint16_t bits;           ///< width on the wire; 0 = variable-length bytes
  FieldFormat format;
  std::string_view defaultValue;  ///< text in `format`
  uint8_t flags = kFieldNone;
  std::span<const EnumName> enums = {};  ///< names; see ProtocolRegistry::names for all of them
  uint16_t variants = 0;  ///< bitmask of protocol variants this field belongs to; 0 = all
  std::string_view help = {};
  NumberSpace space = NumberSpace::kNone;  ///< names from the registry, besides `enums`
  /// On the wire only while this flag field of the same protocol is 1 (GRE's key, by its K bit).
  /// The flag is then automatic: 1 when the user sets a field it gates.
  std::string_view presentWhen = {};

  bool computed() const { return flags & kFieldComputed; }
  bool optional() const { return flags & kFieldOptional; }
  bool isBytes() const { return bits == 0 || bits > 64; }
};

/// A field's value: numeric for fields up to 64 bits, bytes for wider or variable fields.
struct FieldValue {
  uint64_t num = 0;
  std::vector<uint8_t> bytes;

  bool operator==(const FieldValue&) const = default;
};

}  // namespace staccato
