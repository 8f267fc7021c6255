#include <stdexcept>

#include "common/packet/field_text.h"
#include "common/packet/protocol.h"

namespace staccato {

LayerState::LayerState(const ProtocolSpec& s) : spec(&s) {
  values.reserve(s.fields.size());
  for (const FieldSpec& f : s.fields) {
    auto v = parseFieldText(f, f.defaultValue);
    // Defaults are part of the registry and checked by its conformance test.
    values.push_back(v.ok() ? std::move(v).value() : FieldValue{});
  }
  overridden.assign(s.fields.size(), false);
}

const FieldValue& LayerState::value(std::string_view field) const {
  int i = spec->fieldIndex(field);
  if (i < 0) throw std::logic_error("no field " + std::string(field) + " in " + std::string(spec->name));
  return values[static_cast<size_t>(i)];
}

bool LayerState::isSet(std::string_view field) const {
  int i = spec->fieldIndex(field);
  return i >= 0 && overridden[static_cast<size_t>(i)];
}

void LayerState::set(std::string_view field, FieldValue v) {
  int i = spec->fieldIndex(field);
  if (i < 0) throw std::logic_error("no field " + std::string(field) + " in " + std::string(spec->name));
  values[static_cast<size_t>(i)] = std::move(v);
  overridden[static_cast<size_t>(i)] = true;
}

uint16_t LayerState::variantMask() const {
  if (spec->variantField.empty()) return 0;
  return spec->variantFor(num(spec->variantField));
}

bool LayerState::fixedFieldPresent(size_t i) const {
  const FieldSpec& f = spec->fields[i];
  if (f.optional() || f.bits == 0 || spec->role == LayerRole::kPayload) return false;
  if (!f.presentWhen.empty() && num(f.presentWhen) == 0) return false;
  return f.variants == 0 || (f.variants & variantMask()) != 0;
}

}  // namespace staccato
