// LACP (IEEE 802.1AX) on the slow protocols EtherType 0x8809: actor, partner, collector and
// terminator TLVs of a 110-byte LACPDU, sent to 01:80:c2:00:00:02 unless eth.dst is set.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "lacp.subtype", .label = "Slow protocol subtype", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x01", .flags = kFieldNoVary, .help = "0x01: LACP (Wireshark's slow.subtype)"},
    {.name = "lacp.version", .label = "Version", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0x01",
     .flags = kFieldNoVary},
    {.name = "lacp.tlv_type", .label = "Actor TLV type", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x01", .flags = kFieldNoVary},
    {.name = "lacp.tlv_length", .label = "Actor TLV length", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x14", .flags = kFieldNoVary},
    {.name = "lacp.actor.sys_priority", .label = "Actor system priority", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "32768"},
    {.name = "lacp.actor.sysid", .label = "Actor system", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01"},
    {.name = "lacp.actor.key", .label = "Actor key", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "1"},
    {.name = "lacp.actor.port_priority", .label = "Actor port priority", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "32768"},
    {.name = "lacp.actor.port", .label = "Actor port", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "1"},
    {.name = "lacp.actor.state", .label = "Actor state", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x3d",
     .help = "0x01 activity, 0x02 short timeout, 0x04 aggregation, 0x08 synchronization, 0x10 collecting, " "0x20 distributing, 0x40 defaulted, 0x80 expired"},
    {.name = "lacp.actor.reserved", .label = "Actor reserved", .bits = 24, .format = FieldFormat::kHex,
     .defaultValue = "0x000000"},
    {.name = "lacp.partner.tlv_type", .label = "Partner TLV type", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x02", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lacp.partner.tlv_length", .label = "Partner TLV length", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x14", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lacp.partner.sys_priority", .label = "Partner system priority", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "32768"},
    {.name = "lacp.partner.sysid", .label = "Partner system", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:02"},
    {.name = "lacp.partner.key", .label = "Partner key", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "1"},
    {.name = "lacp.partner.port_priority", .label = "Partner port priority", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "32768"},
    {.name = "lacp.partner.port", .label = "Partner port", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "1"},
    {.name = "lacp.partner.state", .label = "Partner state", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x3d"},
    {.name = "lacp.partner.reserved", .label = "Partner reserved", .bits = 24, .format = FieldFormat::kHex,
     .defaultValue = "0x000000"},
    {.name = "lacp.collector.tlv_type", .label = "Collector TLV type", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x03", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lacp.collector.tlv_length", .label = "Collector TLV length", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x10", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lacp.collector.max_delay", .label = "Collector max delay (10 us)", .bits = 16,
     .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "lacp.coll_reserved", .label = "Collector reserved", .bits = 96, .format = FieldFormat::kBytes,
     .defaultValue = "000000000000000000000000"},
    {.name = "lacp.terminator.tlv_type", .label = "Terminator TLV type", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lacp.terminator.tlv_length", .label = "Terminator TLV length", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lacp.pad", .label = "Reserved", .bits = 400, .format = FieldFormat::kBytes,
     .defaultValue = std::string_view("0000000000000000000000000000000000000000" "0000000000000000000000000000000000000000" "00000000000000000000")},
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
