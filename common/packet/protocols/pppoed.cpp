// PPPoE discovery stage (RFC 2516) on EtherType 0x8863: PADI, PADO, PADR, PADS and PADT with
// their tags; the payload length follows the tags. Wireshark names these fields pppoe.*, as the
// session's: here they are pppoed.*.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 6;

constexpr EnumName kCodes[] = {{0x09, "padi"}, {0x07, "pado"}, {0x19, "padr"}, {0x65, "pads"}, {0xa7, "padt"}};

constexpr FieldSpec kFields[] = {
    {"pppoed.version", "Version", 4, FieldFormat::kDec, "1", kFieldNoVary, {}, 0, "Wireshark's pppoe.version"},
    {"pppoed.type", "Type", 4, FieldFormat::kDec, "1", kFieldNoVary, {}, 0, "Wireshark's pppoe.type"},
    {"pppoed.code", "Code", 8, FieldFormat::kEnum, "padi", kFieldNoVary, kCodes, 0,
     "padi (0x09), pado, padr, pads or padt (Wireshark's pppoe.code)"},
    {"pppoed.session_id", "Session ID", 16, FieldFormat::kHex, "0x0000", kFieldNone, {}, 0,
     "0 until PADS assigns one (Wireshark's pppoe.session_id)"},
    {"pppoed.payload_length", "Payload length", 16, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary, {}, 0,
     "automatic from pppoed.tag_list (Wireshark's pppoe.payload_length)"},
    {"pppoed.tag_list", "Tags", 0, FieldFormat::kBytes, "01010000", kFieldNoVary, {}, 0,
     "type (2 bytes), length (2 bytes), value: 01010000 an empty service name, 0103 0004 12345678 a host-uniq"},
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
