#include "common/packet/registry.h"

#include <algorithm>

namespace staccato {

const ProtocolRegistry& ProtocolRegistry::builtin() {
  static const ProtocolRegistry registry(builtinProtocols());
  return registry;
}

ProtocolRegistry::ProtocolRegistry(std::vector<const ProtocolSpec*> protocols)
    : protocols_(std::move(protocols)) {}

const ProtocolSpec* ProtocolRegistry::find(std::string_view name) const {
  for (const ProtocolSpec* p : protocols_)
    if (p->name == name) return p;
  return nullptr;
}

const FieldSpec* ProtocolRegistry::findField(std::string_view fieldName) const {
  for (const ProtocolSpec* p : protocols_)
    if (int i = p->fieldIndex(fieldName); i >= 0) return &p->fields[static_cast<size_t>(i)];
  return nullptr;
}

const Binding* ProtocolRegistry::binding(std::string_view lower, const ProtocolSpec& upper) const {
  for (const Binding& b : upper.bindings)
    if (b.lower == lower) return &b;
  return nullptr;
}

const ProtocolSpec* ProtocolRegistry::upperFor(const LayerState& lower) const {
  for (const ProtocolSpec* p : protocols_)
    for (const Binding& b : p->bindings)
      if (b.lower == lower.spec->name && lower.spec->fieldIndex(b.field) >= 0 &&
          lower.num(b.field) == b.value)
        return p;
  return nullptr;
}

std::string ProtocolRegistry::lowerNames(const ProtocolSpec& upper) const {
  std::vector<std::string_view> seen;
  std::string out;
  for (const Binding& b : upper.bindings) {
    if (std::find(seen.begin(), seen.end(), b.lower) != seen.end()) continue;
    seen.push_back(b.lower);
    if (!out.empty()) out += ", ";
    out += b.lower;
  }
  return out.empty() ? "nothing (it starts a frame)" : out;
}

std::string ProtocolRegistry::names() const {
  std::string out;
  for (const ProtocolSpec* p : protocols_) {
    if (!out.empty()) out += ", ";
    out += p->name;
  }
  return out;
}

}  // namespace staccato
