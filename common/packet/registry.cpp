#include "common/packet/registry.h"

#include <algorithm>

namespace staccato {
namespace {

std::vector<const ProtocolSpec*>& registered() {
  static std::vector<const ProtocolSpec*> protocols;
  return protocols;
}

NumberSpace demuxSpace(const ProtocolSpec& p) {
  const int i = p.fieldIndex(p.demuxField);
  return i < 0 ? NumberSpace::kNone : p.fields[static_cast<size_t>(i)].space;
}

}  // namespace

RegisterProtocol::RegisterProtocol(const ProtocolSpec& spec) { registered().push_back(&spec); }

const ProtocolRegistry& ProtocolRegistry::builtin() {
  static const ProtocolRegistry registry([] {
    std::vector<const ProtocolSpec*> all = registered();
    std::sort(all.begin(), all.end(), [](const ProtocolSpec* a, const ProtocolSpec* b) {
      return std::tie(a->order, a->name) < std::tie(b->order, b->name);
    });
    return all;
  }());
  return registry;
}

ProtocolRegistry::ProtocolRegistry(std::vector<const ProtocolSpec*> protocols) : protocols_(std::move(protocols)) {
  // Bindings: one per number on every lower layer demuxing in that space (by a field, or by the
  // first bits of the layer above), one on every layer carrying it, then the own ones.
  std::map<NumberSpace, std::vector<EnumName>> numbered;
  for (const ProtocolSpec* upper : protocols_) {
    std::vector<Binding>& out = bindings_[upper];
    for (const ProtocolNumber& n : upper->numbers) {
      numbered[n.space].push_back({n.value, upper->nameAsNumber()});
      for (const ProtocolSpec* lower : protocols_) {
        if (n.space == NumberSpace::kNone) continue;
        if (demuxSpace(*lower) == n.space) out.push_back({lower->name, lower->demuxField, n.value});
        if (lower->nextByFirstNibble == n.space) out.push_back({lower->name, {}, n.value});
      }
    }
    for (const ProtocolSpec* lower : protocols_)
      if (lower->carries == upper->name) out.push_back({lower->name, {}, 0});
    out.insert(out.end(), upper->bindings.begin(), upper->bindings.end());
  }
  // Own bindings on a demux field (ICMP on ip.proto) name the protocol in that field's space.
  for (const ProtocolSpec* upper : protocols_)
    for (const Binding& b : upper->bindings)
      if (const FieldSpec* f = findField(b.field); f && f->space != NumberSpace::kNone && !b.maxLength)
        numbered[f->space].push_back({b.value, upper->nameAsNumber()});
  for (const ProtocolSpec* p : protocols_)
    for (const FieldSpec& f : p->fields) {
      if (f.space == NumberSpace::kNone) continue;
      // A value a protocol is numbered with is named by that protocol, not by the field's table.
      std::vector<EnumName> all = numbered[f.space];
      for (const EnumName& e : f.enums)
        if (std::none_of(all.begin(), all.end(), [&](const EnumName& n) { return n.value == e.value; }))
          all.push_back(e);
      std::stable_sort(all.begin(), all.end(), [](const EnumName& a, const EnumName& b) { return a.value < b.value; });
      all.erase(std::unique(all.begin(), all.end(),
                            [](const EnumName& a, const EnumName& b) { return a.value == b.value && a.name == b.name; }),
                all.end());
      names_[&f] = std::move(all);
    }
}

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

std::span<const Binding> ProtocolRegistry::bindings(const ProtocolSpec& upper) const {
  auto it = bindings_.find(&upper);
  return it == bindings_.end() ? upper.bindings : std::span<const Binding>(it->second);
}

const Binding* ProtocolRegistry::binding(std::string_view lower, const ProtocolSpec& upper) const {
  for (const Binding& b : bindings(upper))
    if (b.lower == lower) return &b;
  return nullptr;
}

const ProtocolSpec* ProtocolRegistry::upperFor(const LayerState& lower, std::span<const uint8_t> above) const {
  for (const ProtocolSpec* p : protocols_)
    for (const Binding& b : bindings(*p))
      if (b.lower == lower.spec->name && lower.spec->fieldIndex(b.field) >= 0 &&
          (b.maxLength ? lower.num(b.field) <= b.maxLength : lower.num(b.field) == b.value))
        return p;
  if (!lower.spec->carries.empty()) return find(lower.spec->carries);
  if (lower.spec->nextByFirstNibble != NumberSpace::kNone && !above.empty())
    for (const ProtocolSpec* p : protocols_)
      for (const ProtocolNumber& n : p->numbers)
        if (n.space == lower.spec->nextByFirstNibble && n.value == above[0] >> 4u) return p;
  return nullptr;
}

bool ProtocolRegistry::carriesNothing(const ProtocolSpec& lower) const {
  if (!lower.carries.empty() || lower.nextByFirstNibble != NumberSpace::kNone) return false;
  for (const ProtocolSpec* p : protocols_)
    for (const Binding& b : bindings(*p))
      if (b.lower == lower.name) return false;
  return true;
}

std::string ProtocolRegistry::lowerNames(const ProtocolSpec& upper) const {
  std::vector<std::string_view> lowers;
  for (const Binding& b : bindings(upper))
    if (std::find(lowers.begin(), lowers.end(), b.lower) == lowers.end()) lowers.push_back(b.lower);
  if (lowers.empty()) return "nothing (it starts a frame)";
  std::string out = upper.startsFrame ? "the start of a frame" : "";
  for (std::string_view lower : lowers) {
    if (!out.empty()) out += ", ";
    out += lower;
  }
  return out;
}

std::string ProtocolRegistry::names() const {
  std::string out;
  for (const ProtocolSpec* p : protocols_) {
    if (!out.empty()) out += ", ";
    out += p->name;
  }
  return out;
}

std::span<const EnumName> ProtocolRegistry::names(const FieldSpec& field) const {
  auto it = names_.find(&field);
  return it == names_.end() ? field.enums : std::span<const EnumName>(it->second);
}

std::span<const EnumName> fieldNames(const FieldSpec& field) { return ProtocolRegistry::builtin().names(field); }

}  // namespace staccato
