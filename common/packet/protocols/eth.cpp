// Ethernet II header.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"eth.dst", "Destination", 48, FieldFormat::kMac, "02:00:00:00:00:02"},
    {"eth.src", "Source", 48, FieldFormat::kMac, "02:00:00:00:00:01"},
    {"eth.type", "Type", 16, FieldFormat::kHex, "0x88b5", kFieldComputed, kEtherTypeNames, 0,
     "EtherType; automatic from the layer above (0x88b5, local experimental, when none)", NumberSpace::kEtherType},
};

// Transparent Ethernet bridging: a whole frame inside a tunnel (GRE) or another frame.
constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x6558}};

constexpr ProtocolSpec kEthernet{
    .name = "eth",
    .displayName = "Ethernet II",
    .shortName = "Eth",
    .summary = "Ethernet II header (destination, source, EtherType)",
    .fields = kFields,
    .order = 100,
    .numbers = kNumbers,
    .demuxField = "eth.type",
    .startsFrame = true,
};

const RegisterProtocol kRegisterEthernet(kEthernet);

}  // namespace

}  // namespace staccato
