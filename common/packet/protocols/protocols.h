#pragma once
/// What the protocol files in this folder share; each defines its spec and a RegisterProtocol.
#include "common/packet/build_context.h"
#include "common/packet/protocol.h"

namespace staccato {

/// EtherType names that no protocol of the registry claims (the others come from ProtocolNumber).
inline constexpr EnumName kOtherEtherTypes[] = {{0x9100, "qinq-9100"}};

/// IP protocol names that no protocol of the registry claims (the others come from ProtocolNumber).
inline constexpr EnumName kOtherIpProtocols[] = {{50, "esp"}, {51, "ah"}, {253, "experimental"}};

/// Option bytes after a 20-byte header whose length field counts 32-bit words (IPv4, TCP).
inline std::optional<size_t> optionBytesFromWords(const LayerState& l, std::string_view headerWordsField) {
  const uint64_t words = l.num(headerWordsField);
  if (words < 5) return std::nullopt;
  return (words - 5) * 4;
}

}  // namespace staccato
