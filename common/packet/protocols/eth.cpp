// Ethernet II header.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "eth.dst", .label = "Destination", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:02"},
    {.name = "eth.src", .label = "Source", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01"},
    {.name = "eth.type", .label = "Type", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x88b5",
     .flags = kFieldComputed, .enums = kEtherTypeNames,
     .help = "EtherType; automatic from the layer above (0x88b5, local experimental, when none)",
     .space = NumberSpace::kEtherType},
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
