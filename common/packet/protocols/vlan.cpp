// IEEE 802.1Q C-VLAN tag and IEEE 802.1ad S-VLAN tag; stack them for QinQ (up to 4 tags).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kVlanFields[] = {
    {"vlan.priority", "Priority (PCP)", 3, FieldFormat::kDec, "0"},
    {"vlan.dei", "Drop eligible (DEI)", 1, FieldFormat::kFlag, "0"},
    {"vlan.id", "VLAN ID", 12, FieldFormat::kDec, "1"},
    {"vlan.etype", "Type", 16, FieldFormat::kHex, "0x88b5", kFieldComputed, kEtherTypeNames, 0,
     "EtherType of the layer above; automatic", NumberSpace::kEtherType},
};

constexpr FieldSpec kSvlanFields[] = {
    {"ieee8021ad.priority", "Priority (PCP)", 3, FieldFormat::kDec, "0"},
    {"ieee8021ad.dei", "Drop eligible (DEI)", 1, FieldFormat::kFlag, "0"},
    {"ieee8021ad.id", "Service VLAN ID", 12, FieldFormat::kDec, "1"},
    {"ieee8021ad.etype", "Type", 16, FieldFormat::kHex, "0x88b5", kFieldComputed, kEtherTypeNames, 0,
     "EtherType of the layer above; automatic (0x8100 for an inner C-VLAN)", NumberSpace::kEtherType},
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
