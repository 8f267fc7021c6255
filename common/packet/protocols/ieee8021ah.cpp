// IEEE 802.1ah provider backbone bridging I-TAG on EtherType 0x88e7 (MAC-in-MAC): priority,
// drop eligibility and the service instance (I-SID); it always carries the customer's Ethernet
// frame (customer destination, source and type).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"ieee8021ah.priority", "Priority (I-PCP)", 3, FieldFormat::kDec, "0"},
    {"ieee8021ah.drop", "Drop eligible (I-DEI)", 1, FieldFormat::kDec, "0"},
    {"ieee8021ah.nca", "No customer addresses (UCA)", 1, FieldFormat::kDec, "0", kFieldNoVary, {}, 0,
     "0: the customer addresses follow (always built)"},
    {"ieee8021ah.res1", "Reserved 1", 1, FieldFormat::kDec, "0"},
    {"ieee8021ah.res2", "Reserved 2", 2, FieldFormat::kDec, "0"},
    {"ieee8021ah.isid", "Service instance ID (I-SID)", 24, FieldFormat::kDec, "1"},
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
