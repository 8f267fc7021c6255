// PPPoE discovery stage (RFC 2516) on EtherType 0x8863: PADI, PADO, PADR, PADS and PADT with
// their tags; the payload length follows the tags. Wireshark names these fields pppoe.*, as the
// session's: here they are pppoed.*.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 6;

constexpr EnumName kCodes[] = {{0x09, "padi"}, {0x07, "pado"}, {0x19, "padr"}, {0x65, "pads"}, {0xa7, "padt"}};

constexpr FieldSpec kFields[] = {
    {.name = "pppoed.version", .label = "Version", .bits = 4, .format = FieldFormat::kDec, .defaultValue = "1",
     .flags = kFieldNoVary, .help = "Wireshark's pppoe.version"},
    {.name = "pppoed.type", .label = "Type", .bits = 4, .format = FieldFormat::kDec, .defaultValue = "1",
     .flags = kFieldNoVary, .help = "Wireshark's pppoe.type"},
    {.name = "pppoed.code", .label = "Code", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "padi",
     .flags = kFieldNoVary, .enums = kCodes,
     .help = "padi (0x09), pado, padr, pads or padt (Wireshark's pppoe.code)"},
    {.name = "pppoed.session_id", .label = "Session ID", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .help = "0 until PADS assigns one (Wireshark's pppoe.session_id)"},
    {.name = "pppoed.payload_length", .label = "Payload length", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary,
     .help = "automatic from pppoed.tag_list (Wireshark's pppoe.payload_length)"},
    {.name = "pppoed.tag_list", .label = "Tags", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "01010000",
     .flags = kFieldNoVary,
     .help = "type (2 bytes), length (2 bytes), value: 01010000 an empty service name, 0103 0004 12345678 a host-uniq"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8863}};

void encodeTags(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& t = l.value("pppoed.tag_list").bytes;
  out.insert(out.end(), t.begin(), t.end());
}

std::optional<size_t> tagsWireSize(const LayerState& l) { return l.num("pppoed.payload_length"); }

void decodeTags(std::span<const uint8_t> tail, LayerState& l) {
  l.set("pppoed.tag_list", {0, {tail.begin(), tail.end()}});
}

constexpr TailCodec kTags{encodeTags, tagsWireSize, decodeTags};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, "pppoed.payload_length", ctx.span(layer).length - kHeaderBytes);
}

constexpr ProtocolSpec kPppoeDiscovery{
    .name = "pppoed",
    .displayName = "PPPoE discovery",
    .shortName = "PPPoED",
    .summary = "PPP over Ethernet, discovery stage (PADI, PADO, PADR, PADS, PADT) with its tags",
    .fields = kFields,
    .order = 179,
    .numbers = kNumbers,
    .finalize = finalize,
    .tail = &kTags,
};

const RegisterProtocol kRegisterPppoeDiscovery(kPppoeDiscovery);

}  // namespace

}  // namespace staccato
