#include "common/packet/parser.h"

#include <algorithm>

#include "common/core/bits.h"
#include "common/packet/builder.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"
#include "common/packet/signature_layout.h"

namespace staccato {
namespace {

/// Reads the fixed fields; false when the bytes run out.
bool readFixedFields(LayerState& l, std::span<const uint8_t> bytes, size_t& headerBytes) {
  size_t bit = 0;
  for (size_t i = 0; i < l.spec->fields.size(); ++i) {
    if (!l.fixedFieldPresent(i)) continue;  // the discriminator is read before variant fields
    const FieldSpec& f = l.spec->fields[i];
    if ((bit + f.bits + 7) / 8 > bytes.size()) return false;
    if (f.isBytes())
      l.values[i].bytes.assign(bytes.begin() + static_cast<long>(bit / 8),
                               bytes.begin() + static_cast<long>((bit + f.bits) / 8));
    else
      l.values[i].num = readBits(bytes.data(), bit, f.bits);
    l.overridden[i] = true;
    bit += f.bits;
  }
  headerBytes = bit / 8;
  return true;
}

ParsedLayer rawLayer(std::span<const uint8_t> frame, size_t from, size_t to) {
  const ProtocolSpec& raw = *ProtocolRegistry::builtin().find("raw");
  ParsedLayer p{LayerState(raw), from, to - from};
  raw.tail->decode(frame.subspan(from, to - from), p.state);
  return p;
}

/// Ethernet pads a short frame with zeros; such bytes are implied by the frame length.
bool allZero(std::span<const uint8_t> bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == 0; });
}

bool looksLikeSignature(std::span<const uint8_t> frame, size_t from, size_t to) {
  return to - from >= kSignatureBytes && to == frame.size() &&
         laneOfMagic(loadBe16(frame.data() + to - kSignatureBytes + kSigMagicOffset)) >= 0;
}

}  // namespace

std::vector<ParsedLayer> parseFrame(std::span<const uint8_t> frame) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  std::vector<ParsedLayer> out;
  const ProtocolSpec* spec = reg.find("eth");
  size_t off = 0, end = frame.size();
  while (spec && spec->role == LayerRole::kHeader && off < end) {
    ParsedLayer p{LayerState(*spec), off, 0};
    size_t fixed = 0;
    std::span<const uint8_t> rest = frame.subspan(off, end - off);
    if (!readFixedFields(p.state, rest, fixed)) break;
    size_t tailBytes = 0;
    if (spec->tail && (spec->tail->wireSize || spec->tail->wireSizeFromBytes)) {
      auto n = spec->tail->wireSizeFromBytes ? spec->tail->wireSizeFromBytes(p.state, rest.subspan(fixed))
                                             : spec->tail->wireSize(p.state);
      if (!n || fixed + *n > rest.size()) break;
      tailBytes = *n;
      spec->tail->decode(rest.subspan(fixed, tailBytes), p.state);
    }
    p.length = fixed + tailBytes;
    if (!spec->lengthField.empty()) {
      size_t len = p.state.num(spec->lengthField) + (spec->lengthCountsHeader ? 0 : p.length);
      if (len >= p.length && off + len <= end) end = off + len;
    }
    off += p.length;
    spec = reg.upperFor(p.state, frame.subspan(off, end - off));
    if (const Binding* b = spec ? reg.binding(p.state.spec->name, *spec) : nullptr; b && b->maxLength)
      end = std::min(end, off + p.state.num(b->field));  // an 802.3 length: the rest is padding
    out.push_back(std::move(p));
  }
  // After a layer nothing can sit on (ARP, LLDP...), zeros are the padding Ethernet adds to a
  // short frame: implied by the frame length, as below, not a layer of their own.
  if (off < end && !spec && !out.empty() && reg.carriesNothing(*out.back().state.spec) &&
      allZero(frame.subspan(off, end - off)))
    end = off;
  if (off < end) {
    if (looksLikeSignature(frame, off, end)) {
      if (end - kSignatureBytes > off) out.push_back(rawLayer(frame, off, end - kSignatureBytes));
      const ProtocolSpec& sig = *reg.find("signature");
      ParsedLayer p{LayerState(sig), end - kSignatureBytes, kSignatureBytes};
      size_t fixed = 0;
      readFixedFields(p.state, frame.subspan(p.offset, kSignatureBytes), fixed);
      out.push_back(std::move(p));
    } else {
      out.push_back(rawLayer(frame, off, end));
    }
  }
  // Bytes after the last layer's packet: zero padding is implied by the frame length.
  if (end < frame.size() && !allZero(frame.subspan(end)))
    out.push_back(rawLayer(frame, end, frame.size()));
  return out;
}

v1::Layer toModelLayer(const LayerState& layer, bool keepComputed) {
  v1::Layer m;
  m.set_protocol(std::string(layer.spec->name));
  for (size_t i = 0; i < layer.spec->fields.size(); ++i) {
    const FieldSpec& f = layer.spec->fields[i];
    if (!layer.overridden[i] || (!keepComputed && f.computed())) continue;
    (*m.mutable_fields())[std::string(f.name)] = formatFieldValue(f, layer.values[i]);
  }
  return m;
}

}  // namespace staccato
