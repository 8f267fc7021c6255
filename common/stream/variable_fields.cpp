#include "common/stream/variable_fields.h"

#include "common/core/bits.h"
#include "common/packet/field_text.h"

namespace staccato {
namespace {

constexpr size_t kMaxListValues = 65536;

std::string layerNames(const std::vector<LayerState>& layers) {
  std::string s;
  for (const LayerState& l : layers) s += (s.empty() ? "" : ", ") + std::string(l.spec->name);
  return s;
}

uint64_t high64(const FieldValue& v) {
  uint64_t x = 0;
  for (size_t i = 0; i < 8 && i < v.bytes.size(); ++i) x = x << 8 | v.bytes[i];
  return x;
}
uint64_t low64(const FieldValue& v) {
  uint64_t x = 0;
  for (size_t i = 8; i < 16 && i < v.bytes.size(); ++i) x = x << 8 | v.bytes[i];
  return x;
}
void setLow64(FieldValue& v, uint64_t x) {
  for (size_t i = 16; i-- > 8;) v.bytes[i] = static_cast<uint8_t>(x), x >>= 8;
}

/// The varying slice of a value: the whole field, or the low 64 bits of a 128-bit address
/// whose high 64 bits must match the layer's.
Result<uint64_t> parseSlice(const FieldSpec& f, const FieldValue& current, const std::string& text, bool isMask) {
  auto v = parseFieldText(f, text);
  if (!v) return v.error();
  if (f.bits <= 64) return v->num;
  if (high64(*v) != (isMask ? 0 : high64(current)))
    return makeError("", "only the low 64 bits of a " + std::to_string(f.bits) +
                             "-bit field can vary; keep the first 64 bits as in the layer (" +
                             formatFieldValue(f, current) + ")");
  return low64(*v);
}

Result<ResolvedVariable> resolveOne(const v1::VariableField& d, std::vector<LayerState>& layers) {
  if (d.field().empty()) return makeError("field", "name the field to vary, e.g. \"ip.src\"");
  ResolvedVariable rv;
  int fi = -1;
  if (d.has_layer()) {
    if (d.layer() >= layers.size())
      return makeError("layer", "no layer " + std::to_string(d.layer()) + " (the stream has " +
                                    std::to_string(layers.size()) + ": " + layerNames(layers) + ")");
    rv.layer = d.layer();
    fi = layers[rv.layer].spec->fieldIndex(d.field());
    if (fi < 0)
      return makeError("field", "layer " + std::to_string(d.layer()) + " (" + std::string(layers[rv.layer].spec->name) +
                                    ") has no field " + d.field());
  } else {
    for (size_t i = 0; i < layers.size() && fi < 0; ++i)
      if ((fi = layers[i].spec->fieldIndex(d.field())) >= 0) rv.layer = i;
    if (fi < 0) return makeError("field", "no layer has a field " + d.field() + " (layers: " + layerNames(layers) + ")");
  }
  rv.field = static_cast<size_t>(fi);
  LayerState& layer = layers[rv.layer];
  const FieldSpec& f = layer.spec->fields[rv.field];
  const std::string name(f.name);
  if ((f.flags & kFieldNoVary) || f.optional() || f.bits == 0)
    return makeError("field", name + " cannot be a variable field (it sets the header's size or shape)");
  if (!layer.fixedFieldPresent(rv.field))
    return makeError("field", name + " is not in this " + std::string(layer.spec->name) + " message");
  if (f.computed() && !layer.overridden[rv.field])
    return makeError("field", name + " is computed automatically; give it a value in the layer to vary it");
  if (f.bits > 64 && f.bits != 128) return makeError("field", name + " is too wide to vary");
  rv.sliceBits = f.bits > 64 ? 64 : f.bits;
  FieldValue& current = layer.values[rv.field];
  const uint64_t currentSlice = f.bits > 64 ? low64(current) : current.num;

  rv.mask = lowMask(rv.sliceBits);
  if (!d.mask().empty()) {
    auto m = parseSlice(f, current, d.mask(), true);
    if (!m) return makeError("mask", m.error().message);
    rv.mask = *m;
  } else if (d.prefix_length()) {
    if (d.prefix_length() >= f.bits)
      return makeError("prefix_length", std::to_string(d.prefix_length()) + " leaves no host bits (allowed 0.." +
                                            std::to_string(f.bits - 1) + ")");
    unsigned host = f.bits - d.prefix_length();
    if (host > 64)
      return makeError("prefix_length", "at most 64 bits can vary: use " + std::to_string(f.bits - 64) + " or more");
    rv.mask = lowMask(host);
  }
  if (rv.mask == 0) return makeError("mask", "no bits would vary");

  rv.mode = d.mode() == v1::VariableField::MODE_UNSPECIFIED ? v1::VariableField::INCREMENT : d.mode();
  rv.start = currentSlice;
  if (!d.start().empty()) {
    auto s = parseSlice(f, current, d.start(), false);
    if (!s) return makeError("start", s.error().message);
    rv.start = *s;
  }
  rv.step = d.step() ? d.step() : 1;
  rv.count = d.count();
  if (rv.mode == v1::VariableField::DECREMENT) rv.step = ~rv.step + 1;
  uint64_t first = rv.start;
  if (rv.mode == v1::VariableField::LIST) {
    if (d.values().empty()) return makeError("values", "a list needs at least one value");
    if (static_cast<size_t>(d.values().size()) > kMaxListValues)
      return makeError("values", "at most " + std::to_string(kMaxListValues) + " values");
    for (int i = 0; i < d.values().size(); ++i) {
      auto v = parseSlice(f, current, d.values(i), false);
      if (!v) return makeError("values[" + std::to_string(i) + "]", v.error().message);
      rv.values.push_back(*v);
    }
    first = rv.values[0];
  } else if (rv.mode != v1::VariableField::INCREMENT && rv.mode != v1::VariableField::DECREMENT &&
             rv.mode != v1::VariableField::RANDOM) {
    return makeError("mode", "unknown mode " + std::to_string(rv.mode));
  }
  // Packet 0 is the template: put the first value in the layer.
  const uint64_t slice = (currentSlice & ~rv.mask) | (first & rv.mask);
  if (f.bits > 64)
    setLow64(current, slice);
  else
    current.num = slice;
  return rv;
}

}  // namespace

Result<std::vector<ResolvedVariable>> resolveVariableFields(
    const google::protobuf::RepeatedPtrField<v1::VariableField>& defs, std::vector<LayerState>& layers) {
  std::vector<ResolvedVariable> out;
  if (static_cast<size_t>(defs.size()) > kMaxPatchSlots)
    return makeError("variable_fields", "at most " + std::to_string(kMaxPatchSlots) + " variable fields per stream");
  for (int i = 0; i < defs.size(); ++i) {
    auto rv = resolveOne(defs[i], layers);
    if (!rv) return rv.error().withPrefix("variable_fields[" + std::to_string(i) + "]");
    out.push_back(std::move(rv).value());
  }
  return out;
}

Status emitVariableFieldOps(const std::vector<ResolvedVariable>& vars, const BuiltFrame& built, TxPlan& plan) {
  for (const ResolvedVariable& v : vars) {
    const LayerSpan& span = built.spans[v.layer];
    const FieldSpec& f = built.layers[v.layer].spec->fields[v.field];
    const size_t bit = span.offset * 8 + static_cast<size_t>(span.fieldBit[v.field]) + (f.bits - v.sliceBits);
    PatchOp op{PatchOpKind::kVarSequence};
    FieldWindow& w = op.window;
    w.offset = static_cast<uint16_t>(bit / 8);
    const unsigned lead = bit % 8;
    w.bytes = static_cast<uint8_t>((lead + v.sliceBits + 7) / 8);
    if (w.bytes > 8) return makeError("variable_fields", std::string(f.name) + " is not byte-aligned enough to vary");
    w.shift = static_cast<uint8_t>(w.bytes * 8 - lead - v.sliceBits);
    w.fieldMask = v.mask;
    uint64_t window = 0;
    for (unsigned i = 0; i < w.bytes; ++i) window = window << 8 | built.bytes[w.offset + i];
    w.templateBits = window & ~(v.mask << w.shift);
    op.slot = plan.slotCount++;
    switch (v.mode) {
      case v1::VariableField::RANDOM: op.kind = PatchOpKind::kVarRandom; break;
      case v1::VariableField::LIST:
        op.kind = PatchOpKind::kVarList;
        op.start = plan.listValues.size();
        op.count = v.values.size();
        plan.listValues.insert(plan.listValues.end(), v.values.begin(), v.values.end());
        break;
      default:
        op.start = v.start;
        op.step = v.step;
        op.count = v.count;
        break;
    }
    plan.ops.push_back(op);
  }
  return Ok{};
}

}  // namespace staccato
