// TCP header (RFC 9293) with MSS, window scale, SACK-permitted and timestamp options.
#include <algorithm>

#include "common/core/bits.h"
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 6;
constexpr size_t kMaxOptionBytes = 40;

constexpr FieldSpec kFields[] = {
    {"tcp.srcport", "Source port", 16, FieldFormat::kDec, "49152"},
    {"tcp.dstport", "Destination port", 16, FieldFormat::kDec, "80"},
    {"tcp.seq_raw", "Sequence number", 32, FieldFormat::kDec, "0"},
    {"tcp.ack_raw", "Acknowledgment number", 32, FieldFormat::kDec, "0"},
    {"tcp.hdr_len", "Header length (32-bit words)", 4, FieldFormat::kDec, "5", kFieldComputed | kFieldNoVary, {}, 0,
     "automatic: 5 + options/4"},
    {"tcp.flags.res", "Reserved", 3, FieldFormat::kDec, "0"},
    {"tcp.flags.ae", "Accurate ECN", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.cwr", "CWR", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.ece", "ECE", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.urg", "URG", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.ack", "ACK", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.push", "PSH", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.reset", "RST", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.syn", "SYN", 1, FieldFormat::kFlag, "0"},
    {"tcp.flags.fin", "FIN", 1, FieldFormat::kFlag, "0"},
    {"tcp.window_size_value", "Window", 16, FieldFormat::kDec, "8192"},
    {"tcp.checksum", "Checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic (with the IP pseudo-header); set it to send a wrong one"},
    {"tcp.urgent_pointer", "Urgent pointer", 16, FieldFormat::kDec, "0"},
    {"tcp.options.mss_val", "MSS option", 16, FieldFormat::kDec, "1460", kFieldOptional | kFieldNoVary, {}, 0,
     "sent only when set"},
    {"tcp.options.sack_perm", "SACK permitted option", 1, FieldFormat::kFlag, "0", kFieldOptional | kFieldNoVary, {}, 0,
     "sent when 1"},
    {"tcp.options.timestamp.tsval", "Timestamp value", 32, FieldFormat::kDec, "0", kFieldOptional | kFieldNoVary, {}, 0,
     "timestamps option, sent when TSval or TSecr is set"},
    {"tcp.options.timestamp.tsecr", "Timestamp echo reply", 32, FieldFormat::kDec, "0",
     kFieldOptional | kFieldNoVary, {}, 0, "timestamps option, sent when TSval or TSecr is set"},
    {"tcp.options.wscale.shift", "Window scale option", 8, FieldFormat::kDec, "7", kFieldOptional | kFieldNoVary, {}, 0,
     "sent only when set"},
    {"tcp.options", "Other options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, 0,
     "raw option bytes after the options above; padded with end-of-list to 4 bytes"},
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
