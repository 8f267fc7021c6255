#include "tests/support/field_cases.h"

#include <set>

#include "common/core/bits.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"

namespace staccato::test {
namespace {

// Fields whose value decides how the rest of the frame is decoded (by us and by Wireshark):
// they are set explicitly to their default (or the given value) rather than a random-looking one.
const std::map<std::string, std::string> kStructural = {
    {"ip.version", ""},      {"ipv6.version", ""},   {"arp.hw.type", ""},       {"arp.proto.type", ""},
    {"arp.hw.size", ""},     {"arp.proto.size", ""}, {"icmp.type", ""},         {"icmpv6.type", ""},
    {"icmpv6.opt.length", ""}, {"signature.magic", ""}, {"payload.pattern", "decrement"},
    {"icmp.length", "7"},  // the quoted IPv4+UDP header is 28 bytes
};

std::string testValue(const FieldSpec& f) {
  switch (f.format) {
    case FieldFormat::kMac: return "02:5a:5b:5c:5d:5e";
    case FieldFormat::kIpv4: return "198.51.100.90";
    case FieldFormat::kIpv6: return "2001:db8:5a5a::5b";
    case FieldFormat::kBytes:
      if (f.name == "ip.options") return "94040000";  // router alert
      if (f.name == "tcp.options") return "0402";  // SACK permitted
      return "5a5b5c5d5e";
    case FieldFormat::kFlag: return f.defaultValue == "1" ? "0" : "1";
    default: {
      uint64_t v = 0x5a5b5c5d5e5f6061ull & lowMask(f.bits);
      if (f.name == "tcp.options.wscale.shift") v = 9;  // valid shifts are 0..14
      if (f.name == "tcp.options.mss_val") v = 1234;
      if (v == 0) v = 1;
      return std::to_string(v);
    }
  }
}

/// A discriminator value that selects a variant containing the field.
std::optional<uint64_t> discriminatorFor(const ProtocolSpec& p, const FieldSpec& f) {
  if (!f.variants) return std::nullopt;
  for (const VariantRule& r : p.variants)
    if (r.variants & f.variants) return r.discriminator;
  // Only in the default variant: pick a value no rule lists.
  for (uint64_t v = 1;; ++v) {
    bool listed = false;
    for (const VariantRule& r : p.variants) listed |= r.discriminator == v;
    if (!listed) return v == 1 && p.name == "icmp" ? 11 : v;
  }
}

/// ICMP errors quote an IP datagram, neighbour discovery messages carry only their option,
/// echo carries payload: shape the layers after the ICMP layer accordingly.
void quoteForErrorTypes(const ProtocolSpec& p, uint64_t type, std::vector<v1::Layer>& layers) {
  const bool v6 = p.name == "icmpv6";
  if (p.name != "icmp" && !v6) return;
  const uint8_t mask = p.variantFor(type);
  const bool echo = mask == p.variantFor(v6 ? 128 : 8);
  if (echo) return;
  layers.pop_back();  // the payload
  if (v6 && (type == 135 || type == 136)) return;
  layers.push_back(L(v6 ? "ipv6" : "ip"));
  layers.push_back(L("udp"));
}

}  // namespace

std::string FieldCase::name() const { return std::string(field->name); }

std::vector<FieldCase> allFieldCases() {
  std::vector<FieldCase> cases;
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all()) {
    for (size_t fi = 0; fi < p->fields.size(); ++fi) {
      const FieldSpec& f = p->fields[fi];
      FieldCase c{p, &f, fi, {}, 0, std::nullopt};
      std::vector<v1::Layer> layers = hostStack(std::string(p->name), &c.layer);
      if (auto d = discriminatorFor(*p, f)) {
        (*layers[c.layer].mutable_fields())[std::string(p->variantField)] = std::to_string(*d);
        quoteForErrorTypes(*p, *d, layers);
      }
      if (p->name == "icmp" && (f.variants & p->variantFor(3))) {
        // Fragmentation needed, with the RFC 4884 length: Wireshark then shows each field.
        (*layers[c.layer].mutable_fields())["icmp.code"] = "4";
        (*layers[c.layer].mutable_fields())["icmp.length"] = "7";
      }
      if (f.name == "tcp.flags.reset") layers.pop_back();  // a RST carries no data
      auto& fields = *layers[c.layer].mutable_fields();  // (layers no longer changes size)
      if (f.name == "tcp.options.mss_val") fields["tcp.flags.syn"] = "1";  // MSS belongs on a SYN
      if (p->name == "payload" && f.name != "payload.pattern")
        fields["payload.pattern"] = f.name == "payload.word" ? "fixed-word" : "user";
      if (f.computed() && !f.optional()) {
        c.set = std::nullopt;
      } else {
        auto structural = kStructural.find(std::string(f.name));
        c.set = structural == kStructural.end() ? testValue(f)
                : structural->second.empty()    ? std::string(f.defaultValue)
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
