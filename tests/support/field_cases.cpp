#include "tests/support/field_cases.h"

#include <set>

#include "common/core/bits.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"

namespace staccato::test {
namespace {

const std::string kFlagOn = "1";  // puts a field behind a presence flag on the wire

std::map<std::string, FieldCaseRules, std::less<>>& registeredRules() {
  static std::map<std::string, FieldCaseRules, std::less<>> rules;
  return rules;
}

std::string testValue(const FieldCaseRules& rules, const FieldSpec& f) {
  if (auto v = rules.values.find(std::string(f.name)); v != rules.values.end()) return v->second;
  switch (f.format) {
    case FieldFormat::kMac: return "02:5a:5b:5c:5d:5e";
    case FieldFormat::kIpv4: return "198.51.100.90";
    case FieldFormat::kIpv6: return "2001:db8:5a5a::5b";
    case FieldFormat::kBytes: return "5a5b5c5d5e";
    case FieldFormat::kText: return "Z\u00e9 text\nline 2";
    case FieldFormat::kFlag: return f.defaultValue == "1" ? "0" : "1";
    default: {
      uint64_t v = 0x5a5b5c5d5e5f6061ull & lowMask(f.bits);
      if (v == 0) v = 1;
      return std::to_string(v);
    }
  }
}

/// A discriminator value that selects a variant containing the field.
std::optional<uint64_t> discriminatorFor(const FieldCaseRules& rules, const ProtocolSpec& p, const FieldSpec& f) {
  if (!f.variants) return std::nullopt;
  for (const VariantRule& r : p.variants)
    if (r.variants & f.variants) return r.discriminator;
  // Only in the default variant: pick a value no rule lists.
  if (rules.otherVariant) return rules.otherVariant;
  for (uint64_t v = 1;; ++v) {
    bool listed = false;
    for (const VariantRule& r : p.variants) listed |= r.discriminator == v;
    if (!listed) return v;
  }
}

}  // namespace

RegisterFieldCaseRules::RegisterFieldCaseRules(FieldCaseRules rules) {
  std::string name = rules.protocol;
  registeredRules().emplace(std::move(name), std::move(rules));
}

const FieldCaseRules& fieldCaseRules(std::string_view protocol) {
  static const FieldCaseRules kNone{};
  auto it = registeredRules().find(protocol);
  return it == registeredRules().end() ? kNone : it->second;
}

std::string FieldCase::name() const { return std::string(field->name); }

std::vector<FieldCase> allFieldCases() {
  std::vector<FieldCase> cases;
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all()) {
    const FieldCaseRules& rules = fieldCaseRules(p->name);
    for (size_t fi = 0; fi < p->fields.size(); ++fi) {
      const FieldSpec& f = p->fields[fi];
      FieldCase c{p, &f, fi, {}, 0, std::nullopt};
      std::vector<v1::Layer> layers = hostStack(std::string(p->name), &c.layer);
      if (auto d = discriminatorFor(rules, *p, f))
        (*layers[c.layer].mutable_fields())[std::string(p->variantField)] = std::to_string(*d);
      if (rules.shape) rules.shape(c, layers);
      auto& fields = *layers[c.layer].mutable_fields();  // (layers no longer changes size)
      if (!f.presentWhen.empty()) fields[std::string(f.presentWhen)] = kFlagOn;
      if (f.computed() && !f.optional()) {
        c.set = std::nullopt;
      } else {
        auto structural = rules.structural.find(std::string(f.name));
        c.set = structural == rules.structural.end() ? testValue(rules, f)
                : structural->second.empty()         ? std::string(f.defaultValue)
                                                     : structural->second;
        fields[std::string(f.name)] = *c.set;
      }
      c.stream = S(layers, 128);
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

}  // namespace staccato::test
