// LACP (IEEE 802.1AX) on the slow protocols EtherType 0x8809: actor, partner, collector and
// terminator TLVs of a 110-byte LACPDU, sent to 01:80:c2:00:00:02 unless eth.dst is set.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"lacp.subtype", "Slow protocol subtype", 8, FieldFormat::kHex, "0x01", kFieldNoVary, {}, 0,
     "0x01: LACP (Wireshark's slow.subtype)"},
    {"lacp.version", "Version", 8, FieldFormat::kHex, "0x01", kFieldNoVary},
    {"lacp.tlv_type", "Actor TLV type", 8, FieldFormat::kHex, "0x01", kFieldNoVary},
    {"lacp.tlv_length", "Actor TLV length", 8, FieldFormat::kHex, "0x14", kFieldNoVary},
    {"lacp.actor.sys_priority", "Actor system priority", 16, FieldFormat::kDec, "32768"},
    {"lacp.actor.sysid", "Actor system", 48, FieldFormat::kMac, "02:00:00:00:00:01"},
    {"lacp.actor.key", "Actor key", 16, FieldFormat::kDec, "1"},
    {"lacp.actor.port_priority", "Actor port priority", 16, FieldFormat::kDec, "32768"},
    {"lacp.actor.port", "Actor port", 16, FieldFormat::kDec, "1"},
    {"lacp.actor.state", "Actor state", 8, FieldFormat::kHex, "0x3d", kFieldNone, {}, 0,
     "0x01 activity, 0x02 short timeout, 0x04 aggregation, 0x08 synchronization, 0x10 collecting, "
     "0x20 distributing, 0x40 defaulted, 0x80 expired"},
    {"lacp.actor.reserved", "Actor reserved", 24, FieldFormat::kHex, "0x000000"},
    {"lacp.partner.tlv_type", "Partner TLV type", 8, FieldFormat::kHex, "0x02", kFieldNoVary, {}, 0,
     "Staccato's name"},
    {"lacp.partner.tlv_length", "Partner TLV length", 8, FieldFormat::kHex, "0x14", kFieldNoVary, {}, 0,
     "Staccato's name"},
    {"lacp.partner.sys_priority", "Partner system priority", 16, FieldFormat::kDec, "32768"},
    {"lacp.partner.sysid", "Partner system", 48, FieldFormat::kMac, "02:00:00:00:00:02"},
    {"lacp.partner.key", "Partner key", 16, FieldFormat::kDec, "1"},
    {"lacp.partner.port_priority", "Partner port priority", 16, FieldFormat::kDec, "32768"},
    {"lacp.partner.port", "Partner port", 16, FieldFormat::kDec, "1"},
    {"lacp.partner.state", "Partner state", 8, FieldFormat::kHex, "0x3d"},
    {"lacp.partner.reserved", "Partner reserved", 24, FieldFormat::kHex, "0x000000"},
    {"lacp.collector.tlv_type", "Collector TLV type", 8, FieldFormat::kHex, "0x03", kFieldNoVary, {}, 0,
     "Staccato's name"},
    {"lacp.collector.tlv_length", "Collector TLV length", 8, FieldFormat::kHex, "0x10", kFieldNoVary, {}, 0,
     "Staccato's name"},
    {"lacp.collector.max_delay", "Collector max delay (10 us)", 16, FieldFormat::kDec, "0"},
    {"lacp.coll_reserved", "Collector reserved", 96, FieldFormat::kBytes, "000000000000000000000000"},
    {"lacp.terminator.tlv_type", "Terminator TLV type", 8, FieldFormat::kHex, "0x00", kFieldNoVary, {}, 0,
     "Staccato's name"},
    {"lacp.terminator.tlv_length", "Terminator TLV length", 8, FieldFormat::kHex, "0x00", kFieldNoVary, {}, 0,
     "Staccato's name"},
    {"lacp.pad", "Reserved", 400, FieldFormat::kBytes, std::string_view("0000000000000000000000000000000000000000"
                                                                         "0000000000000000000000000000000000000000"
                                                                         "00000000000000000000")},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8809}};

constexpr uint64_t kSlowProtocolsAddress = 0x0180c2000002;

// LACPDUs go to the slow protocols address: the Ethernet destination below, unless set.
void finalize(BuildContext& ctx, size_t layer) {
  if (layer > 0 && ctx.layer(layer - 1).spec->name == "eth") ctx.setAuto(layer - 1, "eth.dst", kSlowProtocolsAddress);
}

constexpr ProtocolSpec kLacp{
    .name = "lacp",
    .displayName = "LACP",
    .summary = "Link Aggregation Control Protocol (slow protocols 0x8809): actor, partner and collector information",
    .fields = kFields,
    .order = 175,
    .numbers = kNumbers,
    .finalize = finalize,
};

const RegisterProtocol kRegisterLacp(kLacp);

}  // namespace

}  // namespace staccato
