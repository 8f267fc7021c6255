// EAPOL (IEEE 802.1X) on EtherType 0x888e: version, packet type and automatic body length; an
// EAP packet's bytes follow as a raw layer. Sent to 01:80:c2:00:00:03 unless eth.dst is set.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 4;

constexpr EnumName kTypes[] = {{0, "eap-packet"}, {1, "start"}, {2, "logoff"}, {3, "key"}};

constexpr FieldSpec kFields[] = {
    {.name = "eapol.version", .label = "Version", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "2",
     .help = "1 (802.1X-2001), 2 (-2004), 3 (-2010)"},
    {.name = "eapol.type", .label = "Type", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "start",
     .flags = kFieldNoVary, .enums = kTypes,
     .help = "start and logoff have no body; an EAP packet or key follows as raw bytes"},
    {.name = "eapol.len", .label = "Body length", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .flags = kFieldComputed, .help = "automatic: the bytes after"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x888e}};

constexpr uint64_t kPaeGroupAddress = 0x0180c2000003;

void finalize(BuildContext& ctx, size_t layer) {
  ctx.autoLength(layer, "eapol.len", ctx.span(layer).offset + kHeaderBytes);
  if (layer > 0 && ctx.layer(layer - 1).spec->name == "eth") ctx.setAuto(layer - 1, "eth.dst", kPaeGroupAddress);
}

constexpr ProtocolSpec kEapol{
    .name = "eapol",
    .displayName = "EAPOL (802.1X)",
    .shortName = "EAPOL",
    .summary = "IEEE 802.1X EAP over LAN on EtherType 0x888e: start, logoff, EAP packets",
    .fields = kFields,
    .order = 178,
    .numbers = kNumbers,
    .finalize = finalize,
    .lengthField = "eapol.len",
    .lengthCountsHeader = false,
};

const RegisterProtocol kRegisterEapol(kEapol);

}  // namespace

}  // namespace staccato
