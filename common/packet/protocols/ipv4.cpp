// IPv4 header (RFC 791) with options as raw bytes.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"ip.version", "Version", 4, FieldFormat::kDec, "4"},
    {"ip.hdr_len", "Header length (32-bit words)", 4, FieldFormat::kDec, "5", kFieldComputed | kFieldNoVary, {}, 0,
     "automatic: 5 + options/4"},
    {"ip.dsfield.dscp", "DSCP", 6, FieldFormat::kDec, "0"},
    {"ip.dsfield.ecn", "ECN", 2, FieldFormat::kDec, "0"},
    {"ip.len", "Total length", 16, FieldFormat::kDec, "20", kFieldComputed, {}, 0, "automatic: header + data"},
    {"ip.id", "Identification", 16, FieldFormat::kHex, "0x0000"},
    {"ip.flags.rb", "Reserved bit", 1, FieldFormat::kFlag, "0"},
    {"ip.flags.df", "Don't fragment", 1, FieldFormat::kFlag, "0"},
    {"ip.flags.mf", "More fragments", 1, FieldFormat::kFlag, "0"},
    {"ip.frag_offset", "Fragment offset (8-byte units)", 13, FieldFormat::kDec, "0"},
    {"ip.ttl", "Time to live", 8, FieldFormat::kDec, "64"},
    {"ip.proto", "Protocol", 8, FieldFormat::kEnum, "253", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (253, experimental, when none)", NumberSpace::kIpProtocol},
    {"ip.checksum", "Header checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic; set it to send a deliberately wrong checksum"},
    {"ip.src", "Source address", 32, FieldFormat::kIpv4, "192.0.2.1"},
    {"ip.dst", "Destination address", 32, FieldFormat::kIpv4, "192.0.2.2"},
    {"ip.options", "Options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, 0,
     "raw option bytes, a multiple of 4, at most 40 (e.g. 94040000 = router alert)"},
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
