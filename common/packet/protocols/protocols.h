#pragma once
/// What the protocol files in this folder share; each defines its spec and a RegisterProtocol.
#include "common/packet/build_context.h"
#include "common/packet/protocol.h"

namespace staccato {

/// EtherType and IP protocol names stream files may use. A protocol of the registry numbered the
/// same (ProtocolNumber) takes its value over, so a name lives here only until its protocol exists,
/// which must keep the name (registry conformance test): old files keep loading.
inline constexpr EnumName kEtherTypeNames[] = {{0x8847, "mpls"}, {0x88cc, "lldp"}, {0x9100, "qinq-9100"}};
inline constexpr EnumName kIpProtocolNames[] = {
    {47, "gre"}, {50, "esp"}, {51, "ah"}, {132, "sctp"}, {253, "experimental"},
};

/// Option bytes after a 20-byte header whose length field counts 32-bit words (IPv4, TCP).
inline std::optional<size_t> optionBytesFromWords(const LayerState& l, std::string_view headerWordsField) {
  const uint64_t words = l.num(headerWordsField);
  if (words < 5) return std::nullopt;
  return (words - 5) * 4;
}

}  // namespace staccato
