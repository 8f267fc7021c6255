// IPv4 header (RFC 791) with options as raw bytes.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "ip.version", .label = "Version", .bits = 4, .format = FieldFormat::kDec, .defaultValue = "4"},
    {.name = "ip.hdr_len", .label = "Header length (32-bit words)", .bits = 4, .format = FieldFormat::kDec,
     .defaultValue = "5", .flags = kFieldComputed | kFieldNoVary, .help = "automatic: 5 + options/4"},
    {.name = "ip.dsfield.dscp", .label = "DSCP", .bits = 6, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ip.dsfield.ecn", .label = "ECN", .bits = 2, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ip.len", .label = "Total length", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "20",
     .flags = kFieldComputed, .help = "automatic: header + data"},
    {.name = "ip.id", .label = "Identification", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000"},
    {.name = "ip.flags.rb", .label = "Reserved bit", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "ip.flags.df", .label = "Don't fragment", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "ip.flags.mf", .label = "More fragments", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "ip.frag_offset", .label = "Fragment offset (8-byte units)", .bits = 13, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "ip.ttl", .label = "Time to live", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "64"},
    {.name = "ip.proto", .label = "Protocol", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "253",
     .flags = kFieldComputed, .enums = kIpProtocolNames,
     .help = "automatic from the layer above (253, experimental, when none)", .space = NumberSpace::kIpProtocol},
    {.name = "ip.checksum", .label = "Header checksum", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .flags = kFieldComputed,
     .help = "automatic; set it to send a deliberately wrong checksum"},
    {.name = "ip.src", .label = "Source address", .bits = 32, .format = FieldFormat::kIpv4,
     .defaultValue = "192.0.2.1"},
    {.name = "ip.dst", .label = "Destination address", .bits = 32, .format = FieldFormat::kIpv4,
     .defaultValue = "192.0.2.2"},
    {.name = "ip.options", .label = "Options", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary, .help = "raw option bytes, a multiple of 4, at most 40 (e.g. 94040000 = router alert)"},
};

constexpr ProtocolNumber kNumbers[] = {
    {NumberSpace::kEtherType, 0x0800}, {NumberSpace::kIpProtocol, 4}, {NumberSpace::kIpVersion, 4}};
constexpr Binding kBindings[] = {{"icmp", "", 0}};  // quoted datagram of an ICMP error

void encodeOptions(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& o = l.value("ip.options").bytes;
  out.insert(out.end(), o.begin(), o.end());
}

std::optional<size_t> optionsWireSize(const LayerState& l) { return optionBytesFromWords(l, "ip.hdr_len"); }

void decodeOptions(std::span<const uint8_t> tail, LayerState& l) {
  if (!tail.empty()) l.set("ip.options", {0, {tail.begin(), tail.end()}});
}

Status validate(const LayerState& l) {
  size_t n = l.value("ip.options").bytes.size();
  if (n % 4 != 0 || n > 40)
    return makeError("ip.options", std::to_string(n) + " bytes; options must be a multiple of 4 bytes, at most 40 "
                                   "(pad with 00 end-of-list or 01 no-op bytes)");
  return Ok{};
}

constexpr TailCodec kOptions{encodeOptions, optionsWireSize, decodeOptions};

void finalize(BuildContext& ctx, size_t layer) {
  const LayerSpan& span = ctx.span(layer);
  ctx.setAuto(layer, "ip.hdr_len", span.length / 4);
  ctx.autoLength(layer, "ip.len", span.offset);
  ctx.autoChecksum(layer, "ip.checksum", span.offset, span.offset + span.length);
}

constexpr ProtocolSpec kIpv4{
    .name = "ip",
    .displayName = "IPv4",
    .summary = "Internet Protocol version 4 header with options",
    .fields = kFields,
    .order = 300,
    .numbers = kNumbers,
    .bindings = kBindings,
    .demuxField = "ip.proto",
    .numberName = "ipv4",
    .quickLayer = QuickLayer::kLayer3,
    .finalize = finalize,
    .tail = &kOptions,
    .validate = validate,
    .lengthField = "ip.len",
};

const RegisterProtocol kRegisterIpv4(kIpv4);

}  // namespace

}  // namespace staccato
