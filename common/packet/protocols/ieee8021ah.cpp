// IEEE 802.1ah provider backbone bridging I-TAG on EtherType 0x88e7 (MAC-in-MAC): priority,
// drop eligibility and the service instance (I-SID); it always carries the customer's Ethernet
// frame (customer destination, source and type).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "ieee8021ah.priority", .label = "Priority (I-PCP)", .bits = 3, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "ieee8021ah.drop", .label = "Drop eligible (I-DEI)", .bits = 1, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "ieee8021ah.nca", .label = "No customer addresses (UCA)", .bits = 1, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldNoVary, .help = "0: the customer addresses follow (always built)"},
    {.name = "ieee8021ah.res1", .label = "Reserved 1", .bits = 1, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ieee8021ah.res2", .label = "Reserved 2", .bits = 2, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ieee8021ah.isid", .label = "Service instance ID (I-SID)", .bits = 24, .format = FieldFormat::kDec,
     .defaultValue = "1"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x88e7}};

constexpr ProtocolSpec kIeee8021ah{
    .name = "ieee8021ah",
    .displayName = "802.1ah I-TAG (PBB)",
    .shortName = "I-TAG",
    .summary = "Provider backbone bridging (MAC-in-MAC) I-TAG on EtherType 0x88e7: I-SID, carrying the customer frame",
    .fields = kFields,
    .order = 125,
    .numbers = kNumbers,
    .carries = "eth",
};

const RegisterProtocol kRegisterIeee8021ah(kIeee8021ah);

}  // namespace

}  // namespace staccato
