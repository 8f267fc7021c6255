// TCP header (RFC 9293) with MSS, window scale, SACK-permitted and timestamp options.
#include <algorithm>

#include "common/core/bits.h"
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 6;
constexpr size_t kMaxOptionBytes = 40;

constexpr FieldSpec kFields[] = {
    {.name = "tcp.srcport", .label = "Source port", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "49152"},
    {.name = "tcp.dstport", .label = "Destination port", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "80"},
    {.name = "tcp.seq_raw", .label = "Sequence number", .bits = 32, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "tcp.ack_raw", .label = "Acknowledgment number", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "tcp.hdr_len", .label = "Header length (32-bit words)", .bits = 4, .format = FieldFormat::kDec,
     .defaultValue = "5", .flags = kFieldComputed | kFieldNoVary, .help = "automatic: 5 + options/4"},
    {.name = "tcp.flags.res", .label = "Reserved", .bits = 3, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "tcp.flags.ae", .label = "Accurate ECN", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.cwr", .label = "CWR", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.ece", .label = "ECE", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.urg", .label = "URG", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.ack", .label = "ACK", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.push", .label = "PSH", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.reset", .label = "RST", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.syn", .label = "SYN", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.flags.fin", .label = "FIN", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "tcp.window_size_value", .label = "Window", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "8192"},
    {.name = "tcp.checksum", .label = "Checksum", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000",
     .flags = kFieldComputed, .help = "automatic (with the IP pseudo-header); set it to send a wrong one"},
    {.name = "tcp.urgent_pointer", .label = "Urgent pointer", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "tcp.options.mss_val", .label = "MSS option", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "1460", .flags = kFieldOptional | kFieldNoVary, .help = "sent only when set"},
    {.name = "tcp.options.sack_perm", .label = "SACK permitted option", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldOptional | kFieldNoVary, .help = "sent when 1"},
    {.name = "tcp.options.timestamp.tsval", .label = "Timestamp value", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldOptional | kFieldNoVary,
     .help = "timestamps option, sent when TSval or TSecr is set"},
    {.name = "tcp.options.timestamp.tsecr", .label = "Timestamp echo reply", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldOptional | kFieldNoVary,
     .help = "timestamps option, sent when TSval or TSecr is set"},
    {.name = "tcp.options.wscale.shift", .label = "Window scale option", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "7", .flags = kFieldOptional | kFieldNoVary, .help = "sent only when set"},
    {.name = "tcp.options", .label = "Other options", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary, .help = "raw option bytes after the options above; padded with end-of-list to 4 bytes"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, kProtocolNumber}};

void put16(std::vector<uint8_t>& out, uint64_t v) {
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}
void put32(std::vector<uint8_t>& out, uint64_t v) {
  put16(out, v >> 16);
  put16(out, v);
}

bool hasTimestamps(const LayerState& l) {
  return l.isSet("tcp.options.timestamp.tsval") || l.isSet("tcp.options.timestamp.tsecr");
}
bool hasSackPerm(const LayerState& l) { return l.isSet("tcp.options.sack_perm") && l.num("tcp.options.sack_perm"); }

// Canonical layout, the same as Linux's SYN: MSS, [SACK-perm+]TS or NOP NOP SACK-perm, NOP WS.
void encodeOptions(const LayerState& l, std::vector<uint8_t>& out) {
  const size_t start = out.size();
  if (l.isSet("tcp.options.mss_val")) {
    out.insert(out.end(), {2, 4});
    put16(out, l.num("tcp.options.mss_val"));
  }
  const bool sack = hasSackPerm(l), ts = hasTimestamps(l);
  if (sack && ts) out.insert(out.end(), {4, 2});
  if (sack && !ts) out.insert(out.end(), {1, 1, 4, 2});
  if (ts) {
    if (!sack) out.insert(out.end(), {1, 1});
    out.insert(out.end(), {8, 10});
    put32(out, l.num("tcp.options.timestamp.tsval"));
    put32(out, l.num("tcp.options.timestamp.tsecr"));
  }
  if (l.isSet("tcp.options.wscale.shift")) out.insert(out.end(), {1, 3, 3, static_cast<uint8_t>(l.num("tcp.options.wscale.shift"))});
  const auto& extra = l.value("tcp.options").bytes;
  out.insert(out.end(), extra.begin(), extra.end());
  while ((out.size() - start) % 4) out.push_back(0);
}

std::optional<size_t> optionsWireSize(const LayerState& l) { return optionBytesFromWords(l, "tcp.hdr_len"); }

void setField(LayerState& l, std::string_view name, uint64_t v) { l.set(name, {v, {}}); }

uint64_t be(std::span<const uint8_t> b, size_t at, size_t n) { return readBits(b.data() + at, 0, unsigned(n * 8)); }

bool startsWith(std::span<const uint8_t> b, size_t at, std::initializer_list<uint8_t> p) {
  if (at + p.size() > b.size()) return false;
  size_t i = at;
  for (uint8_t x : p)
    if (b[i++] != x) return false;
  return true;
}

// Recognises the canonical layout as a prefix; everything after it stays raw so that
// rebuilding gives back the exact bytes.
void decodeOptions(std::span<const uint8_t> tail, LayerState& l) {
  size_t at = 0;
  if (startsWith(tail, at, {2, 4})) setField(l, "tcp.options.mss_val", be(tail, 2, 2)), at += 4;
  if (startsWith(tail, at, {4, 2, 8, 10}) && at + 12 <= tail.size()) {
    setField(l, "tcp.options.sack_perm", 1);
    setField(l, "tcp.options.timestamp.tsval", be(tail, at + 4, 4));
    setField(l, "tcp.options.timestamp.tsecr", be(tail, at + 8, 4));
    at += 12;
  } else if (startsWith(tail, at, {1, 1, 4, 2})) {
    setField(l, "tcp.options.sack_perm", 1), at += 4;
  } else if (startsWith(tail, at, {1, 1, 8, 10}) && at + 12 <= tail.size()) {
    setField(l, "tcp.options.timestamp.tsval", be(tail, at + 4, 4));
    setField(l, "tcp.options.timestamp.tsecr", be(tail, at + 8, 4));
    at += 12;
  }
  if (startsWith(tail, at, {1, 3, 3})) setField(l, "tcp.options.wscale.shift", tail[at + 3]), at += 4;
  // The rest stays raw; drop the end-of-list padding the encoder would add back itself.
  std::vector<uint8_t> rest(tail.begin() + static_cast<long>(at), tail.end());
  const size_t i = static_cast<size_t>(l.spec->fieldIndex("tcp.options"));
  for (size_t strip = 3;; --strip) {
    size_t zeros = 0;
    while (zeros < strip && zeros < rest.size() && rest[rest.size() - 1 - zeros] == 0) ++zeros;
    l.values[i].bytes.assign(rest.begin(), rest.end() - static_cast<long>(zeros));
    std::vector<uint8_t> probe;
    encodeOptions(l, probe);
    if (strip == 0 || std::equal(probe.begin(), probe.end(), tail.begin(), tail.end())) break;
  }
  l.overridden[i] = !l.values[i].bytes.empty();
}

constexpr TailCodec kOptions{encodeOptions, optionsWireSize, decodeOptions};

Status validate(const LayerState& l) {
  std::vector<uint8_t> opts;
  encodeOptions(l, opts);
  if (opts.size() > kMaxOptionBytes)
    return makeError("tcp.options", "options take " + std::to_string(opts.size()) + " bytes, at most " +
                                        std::to_string(kMaxOptionBytes) + " fit in a TCP header");
  return Ok{};
}

void finalize(BuildContext& ctx, size_t layer) {
  const LayerSpan& span = ctx.span(layer);
  ctx.setAuto(layer, "tcp.hdr_len", span.length / 4);
  ctx.autoChecksum(layer, "tcp.checksum", span.offset, ctx.layersEnd(), ctx.pseudoHeaderFor(layer, kProtocolNumber));
}

constexpr ProtocolSpec kTcp{
    .name = "tcp",
    .displayName = "TCP",
    .summary = "Transmission Control Protocol header with common options",
    .fields = kFields,
    .order = 410,
    .numbers = kNumbers,
    .quickLayer = QuickLayer::kLayer4,
    .finalize = finalize,
    .tail = &kOptions,
    .validate = validate,
};

const RegisterProtocol kRegisterTcp(kTcp);

}  // namespace

}  // namespace staccato
