#include "common/packet/builder.h"

#include <algorithm>

#include "common/core/bits.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"

namespace staccato {
namespace {

constexpr size_t kMaxVlanTags = 4;

std::string layerPath(size_t i) { return "layers[" + std::to_string(i) + "]"; }

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string unknownFieldMessage(const ProtocolSpec& spec, std::string_view name) {
  std::string best;
  size_t bestDist = 4;
  for (const FieldSpec& f : spec.fields) {
    size_t d = editDistance(f.name, name);
    if (d < bestDist) bestDist = d, best = f.name;
  }
  std::string msg = "unknown field of " + std::string(spec.name);
  if (!best.empty()) return msg + " (did you mean " + best + "?)";
  msg += " (fields:";
  for (const FieldSpec& f : spec.fields) msg += " " + std::string(f.name);
  return msg + ")";
}

Status checkStackShape(const std::vector<LayerState>& layers, const ProtocolRegistry& reg) {
  size_t vlanTags = 0;
  for (size_t i = 0; i < layers.size(); ++i) {
    const ProtocolSpec& s = *layers[i].spec;
    const std::string path = layerPath(i);
    if (s.name == "vlan" || s.name == "ieee8021ad") ++vlanTags;
    if (vlanTags > kMaxVlanTags)
      return makeError(path, "at most " + std::to_string(kMaxVlanTags) + " VLAN tags may be stacked");
    if (s.role == LayerRole::kTrailer && i + 1 != layers.size())
      return makeError(path, std::string(s.name) + " must be the last layer");
    if (s.role == LayerRole::kPayload && i + 1 < layers.size() &&
        layers[i + 1].spec->role != LayerRole::kTrailer)
      return makeError(layerPath(i + 1), "only a signature may follow the payload layer");
    if (i == 0) {
      if (s.role == LayerRole::kHeader && !s.startsFrame)
        return makeError(path, std::string(s.name) + " cannot start a frame; start with eth (or raw bytes)");
      continue;
    }
    const ProtocolSpec& below = *layers[i - 1].spec;
    if (s.role != LayerRole::kHeader || below.role == LayerRole::kRaw) continue;  // raw: the user decides
    if (!reg.binding(below.name, s))
      return makeError(path, std::string(s.name) + " cannot sit on " + std::string(below.name) + " (" +
                                 std::string(s.name) + " goes on: " + reg.lowerNames(s) + ")");
  }
  return Ok{};
}

/// Presence flags the user left automatic are 1 when a field they gate is set.
Status setPresenceFlags(LayerState& layer) {
  const ProtocolSpec& spec = *layer.spec;
  for (size_t fi = 0; fi < spec.fields.size(); ++fi) {
    const FieldSpec& f = spec.fields[fi];
    if (f.presentWhen.empty() || !layer.overridden[fi]) continue;
    const auto flag = static_cast<size_t>(spec.fieldIndex(f.presentWhen));
    if (!layer.overridden[flag])
      layer.values[flag].num = 1;
    else if (layer.values[flag].num == 0)
      return makeError(std::string(f.name), "is not on the wire while " + std::string(f.presentWhen) +
                                                " is 0 (leave the flag automatic, or set it to 1)");
  }
  return Ok{};
}

}  // namespace

size_t fixedHeaderBits(const LayerState& layer) {
  size_t bits = 0;
  for (size_t i = 0; i < layer.spec->fields.size(); ++i)
    if (layer.fixedFieldPresent(i)) bits += layer.spec->fields[i].bits;
  return bits;
}

Result<std::vector<LayerState>> resolveLayers(const google::protobuf::RepeatedPtrField<v1::Layer>& input) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  std::vector<LayerState> layers;
  if (input.empty()) return makeError("layers", "a stream needs at least one layer (e.g. eth)");
  for (int li = 0; li < input.size(); ++li) {
    const v1::Layer& in = input[li];
    const std::string path = layerPath(static_cast<size_t>(li));
    const ProtocolSpec* spec = reg.find(in.protocol());
    if (!spec)
      return makeError(path + ".protocol",
                       "unknown protocol '" + in.protocol() + "' (known: " + reg.names() + ")");
    LayerState layer(*spec);
    // Sorted so errors are deterministic whatever the map order.
    std::vector<std::pair<std::string, std::string>> fields(in.fields().begin(), in.fields().end());
    std::sort(fields.begin(), fields.end());
    for (const auto& [name, text] : fields) {
      int fi = spec->fieldIndex(name);
      if (fi < 0) return makeError(path + "." + name, unknownFieldMessage(*spec, name));
      auto v = parseFieldText(spec->fields[static_cast<size_t>(fi)], text);
      if (!v) return makeError(path + "." + name, v.error().message);
      layer.values[static_cast<size_t>(fi)] = std::move(v).value();
      layer.overridden[static_cast<size_t>(fi)] = true;
    }
    if (auto st = setPresenceFlags(layer); !st) return st.error().withPrefix(path);
    for (size_t fi = 0; fi < spec->fields.size(); ++fi) {
      const FieldSpec& f = spec->fields[fi];
      if (layer.overridden[fi] && f.variants && !(f.variants & layer.variantMask()))
        return makeError(path + "." + std::string(f.name),
                         "does not apply to " + std::string(spec->variantField) + " " +
                             formatFieldValue(spec->fields[static_cast<size_t>(spec->fieldIndex(spec->variantField))],
                                              layer.value(spec->variantField)));
    }
    if (spec->validate)
      if (auto st = spec->validate(layer); !st) return st.error().withPrefix(path);
    if (fixedHeaderBits(layer) % 8 != 0)
      return makeError(path, "header is not a whole number of bytes");
    layers.push_back(std::move(layer));
  }
  if (auto s = checkStackShape(layers, reg); !s) return s.error();
  // Demux fields (eth.type, ip.proto, ...) follow the layer above unless overridden.
  for (size_t i = 0; i + 1 < layers.size(); ++i) {
    const Binding* b = reg.binding(layers[i].spec->name, *layers[i + 1].spec);
    if (!b || b->maxLength) continue;  // a length is set once the frame is laid out
    int fi = layers[i].spec->fieldIndex(b->field);
    if (fi >= 0 && !layers[i].overridden[static_cast<size_t>(fi)]) layers[i].values[static_cast<size_t>(fi)].num = b->value;
  }
  return layers;
}

size_t minimumFrameLength(const std::vector<LayerState>& layers) {
  size_t bytes = 0;
  for (const LayerState& l : layers) {
    bytes += fixedHeaderBits(l) / 8;
    if (l.spec->tail) {
      std::vector<uint8_t> tail;
      l.spec->tail->encode(l, tail);
      bytes += tail.size();
    }
  }
  return bytes + kFcsBytes;
}

Result<BuiltFrame> buildFrame(std::vector<LayerState> layers, const BuildOptions& opt) {
  BuiltFrame out;
  if (opt.frameLength > kMaxFrameLength)
    return makeError("frame_length", std::to_string(opt.frameLength) + " exceeds the maximum " +
                                         std::to_string(kMaxFrameLength));
  const size_t minLen = minimumFrameLength(layers);
  if (opt.frameLength < minLen)
    return makeError("frame_length", std::to_string(opt.frameLength) + " bytes is too short: the layers need " +
                                         std::to_string(minLen) + " (FCS included)");
  const size_t frameBytes = opt.frameLength - kFcsBytes;

  // Which layer absorbs the bytes the headers leave: the payload, else the signature (zero
  // fill before it, so it stays at the end), else Ethernet padding after the last layer.
  for (size_t i = 0; i < layers.size(); ++i)
    if (layers[i].spec->role == LayerRole::kPayload) out.fillLayer = static_cast<int>(i);
  if (out.fillLayer < 0 && !layers.empty() && layers.back().spec->role == LayerRole::kTrailer)
    out.fillLayer = static_cast<int>(layers.size() - 1);
  const size_t fillBytes = frameBytes - (minLen - kFcsBytes);

  // Lay out and write fixed fields and tails.
  out.bytes.assign(frameBytes, 0);
  out.spans.resize(layers.size());
  size_t offset = 0;
  for (size_t i = 0; i < layers.size(); ++i) {
    LayerState& l = layers[i];
    LayerSpan& span = out.spans[i];
    if (static_cast<int>(i) == out.fillLayer && l.spec->role == LayerRole::kTrailer) offset += fillBytes;
    span.offset = offset;
    span.fieldBit.assign(l.spec->fields.size(), -1);
    size_t bit = 0;
    for (size_t fi = 0; fi < l.spec->fields.size(); ++fi) {
      if (!l.fixedFieldPresent(fi)) continue;
      const FieldSpec& f = l.spec->fields[fi];
      span.fieldBit[fi] = static_cast<int32_t>(bit);
      uint8_t* base = out.bytes.data() + offset;
      if (f.isBytes()) {
        const auto& b = l.values[fi].bytes;
        std::copy_n(b.begin(), std::min<size_t>(b.size(), f.bits / 8), base + bit / 8);
      } else {
        writeBits(base, bit, f.bits, l.values[fi].num);
      }
      bit += f.bits;
    }
    span.length = bit / 8;
    if (l.spec->tail) {
      std::vector<uint8_t> tail;
      l.spec->tail->encode(l, tail);
      std::copy(tail.begin(), tail.end(), out.bytes.begin() + static_cast<long>(offset + span.length));
      span.length += tail.size();
    }
    if (l.spec->role == LayerRole::kPayload) {
      span.length = fillBytes;
      if (l.spec->fill) l.spec->fill(l, {out.bytes.data() + offset, fillBytes}, opt.seed);
    }
    offset += span.length;
  }
  out.layersEnd = offset;

  // Computed fields, innermost layer first so outer checksums cover inner results.
  BuildContext ctx(out.bytes, layers, out.spans, out.layersEnd, opt.streamId);
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  for (size_t i = layers.size(); i-- > 0;) {
    if (layers[i].spec->finalize) layers[i].spec->finalize(ctx, i);
    const Binding* b = i ? reg.binding(layers[i - 1].spec->name, *layers[i].spec) : nullptr;
    if (!b || !b->maxLength) continue;
    if (out.layersEnd - out.spans[i].offset > b->maxLength)
      return makeError("frame_length", std::string(b->field) + " would be " +
                                           std::to_string(out.layersEnd - out.spans[i].offset) +
                                           ", but a length there may be at most " + std::to_string(b->maxLength) +
                                           " (shorten the frame)");
    ctx.autoLength(i - 1, b->field, out.spans[i].offset);
  }
  out.checksums = ctx.checksums();
  out.lengths = ctx.lengths();
  out.layers = std::move(layers);
  return out;
}

}  // namespace staccato
