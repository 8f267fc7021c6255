// IEEE 802.1Q C-VLAN tag and IEEE 802.1ad S-VLAN tag; stack them for QinQ (up to 4 tags).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kVlanFields[] = {
    {.name = "vlan.priority", .label = "Priority (PCP)", .bits = 3, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "vlan.dei", .label = "Drop eligible (DEI)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0"},
    {.name = "vlan.id", .label = "VLAN ID", .bits = 12, .format = FieldFormat::kDec, .defaultValue = "1"},
    {.name = "vlan.etype", .label = "Type", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x88b5",
     .flags = kFieldComputed, .enums = kEtherTypeNames, .help = "EtherType of the layer above; automatic",
     .space = NumberSpace::kEtherType},
};

constexpr FieldSpec kSvlanFields[] = {
    {.name = "ieee8021ad.priority", .label = "Priority (PCP)", .bits = 3, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "ieee8021ad.dei", .label = "Drop eligible (DEI)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0"},
    {.name = "ieee8021ad.id", .label = "Service VLAN ID", .bits = 12, .format = FieldFormat::kDec,
     .defaultValue = "1"},
    {.name = "ieee8021ad.etype", .label = "Type", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x88b5",
     .flags = kFieldComputed, .enums = kEtherTypeNames,
     .help = "EtherType of the layer above; automatic (0x8100 for an inner C-VLAN)",
     .space = NumberSpace::kEtherType},
};

constexpr ProtocolNumber kVlanNumbers[] = {{NumberSpace::kEtherType, 0x8100}};
constexpr ProtocolNumber kSvlanNumbers[] = {{NumberSpace::kEtherType, 0x88a8}};

constexpr ProtocolSpec kVlan{
    .name = "vlan",
    .displayName = "802.1Q VLAN",
    .shortName = "VLAN",
    .summary = "IEEE 802.1Q customer VLAN tag (TPID 0x8100)",
    .fields = kVlanFields,
    .order = 110,
    .numbers = kVlanNumbers,
    .demuxField = "vlan.etype",
};

constexpr ProtocolSpec kSvlan{
    .name = "ieee8021ad",
    .displayName = "802.1ad S-VLAN",
    .shortName = "S-VLAN",
    .summary = "IEEE 802.1ad service VLAN tag (TPID 0x88a8), the outer tag of QinQ",
    .fields = kSvlanFields,
    .order = 111,
    .numbers = kSvlanNumbers,
    .demuxField = "ieee8021ad.etype",
};

const RegisterProtocol kRegisterVlan(kVlan);
const RegisterProtocol kRegisterSvlan(kSvlan);

}  // namespace

}  // namespace staccato
