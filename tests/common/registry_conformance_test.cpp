// Registry conformance: every protocol builds with defaults, every field round-trips through
// build and parse, and rebuilding a parsed frame gives the same bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/packet/builder.h"
#include "common/packet/field_text.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"
#include "tests/support/field_cases.h"

namespace staccato::test {
namespace {

TEST(RegistryConformance, NamesAreUniqueAndDefaultsParse) {
  std::set<std::string> names;
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all()) {
    EXPECT_TRUE(names.insert(std::string(p->name)).second) << p->name;
    std::set<std::string> fields;
    for (const FieldSpec& f : p->fields) {
      EXPECT_TRUE(fields.insert(std::string(f.name)).second) << f.name;
      const std::string prefix = std::string(p->wiresharkProtocol()) + ".";
      EXPECT_EQ(f.name.rfind(prefix, 0), 0u) << f.name << " must start with " << prefix;
      EXPECT_TRUE(parseFieldText(f, f.defaultValue).ok()) << f.name << " default '" << f.defaultValue << "'";
      auto v = parseFieldText(f, f.defaultValue);
      if (v.ok() && !f.defaultValue.empty() && f.format != FieldFormat::kEnum && f.format != FieldFormat::kHex) {
        EXPECT_EQ(formatFieldValue(f, *v), f.defaultValue) << f.name;
      }
    }
  }
}

// A number field's names: one per value; a protocol numbered like a name of the field's own table
// keeps that name, so files written before the protocol existed still load.
TEST(RegistryConformance, NumberNamesAreUniqueAndKeptByTheirProtocol) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  for (const ProtocolSpec* p : reg.all())
    for (const FieldSpec& f : p->fields) {
      if (f.space == NumberSpace::kNone) continue;
      std::set<uint64_t> values;
      for (const EnumName& e : reg.names(f)) EXPECT_TRUE(values.insert(e.value).second) << f.name << " " << e.value;
      for (const EnumName& e : f.enums)
        for (const ProtocolSpec* q : reg.all())
          for (const ProtocolNumber& n : q->numbers)
            if (n.space == f.space && n.value == e.value) {
              EXPECT_EQ(q->nameAsNumber(), e.name) << f.name << " " << e.value;
            }
    }
}

TEST(RegistryConformance, AProtocolTakesItsNumberOverFromTheTable) {
  static constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8847}};
  static constexpr ProtocolSpec kMpls{.name = "mpls", .displayName = "MPLS", .summary = "", .numbers = kNumbers};
  std::vector<const ProtocolSpec*> all(ProtocolRegistry::builtin().all().begin(), ProtocolRegistry::builtin().all().end());
  const FieldSpec& type = *ProtocolRegistry::builtin().findField("eth.type");
  auto count = [&](const ProtocolRegistry& reg) {
    return std::count_if(reg.names(type).begin(), reg.names(type).end(),
                         [](const EnumName& e) { return e.value == 0x8847 && e.name == "mpls"; });
  };
  if (!ProtocolRegistry::builtin().find("mpls")) {
    EXPECT_EQ(count(ProtocolRegistry::builtin()), 1);
    all.push_back(&kMpls);
  }
  ProtocolRegistry withMpls(all);
  EXPECT_EQ(count(withMpls), 1);
  ASSERT_NE(withMpls.binding("eth", *withMpls.find("mpls")), nullptr);
}

// The parser reads fields in order: a presence flag must come before the fields it gates.
TEST(RegistryConformance, LinksAndFlagsNameWhatExists) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  for (const ProtocolSpec* p : reg.all()) {
    if (!p->carries.empty()) {
      EXPECT_NE(reg.find(p->carries), nullptr) << p->name << " carries " << p->carries;
    }
    for (size_t i = 0; i < p->fields.size(); ++i) {
      const FieldSpec& f = p->fields[i];
      if (f.presentWhen.empty()) continue;
      const int flag = p->fieldIndex(f.presentWhen);
      EXPECT_TRUE(flag >= 0 && static_cast<size_t>(flag) < i) << f.name << ": " << f.presentWhen;
      if (flag >= 0) {
        EXPECT_EQ(p->fields[static_cast<size_t>(flag)].bits, 1) << f.presentWhen;
      }
    }
  }
}

TEST(RegistryConformance, EveryProtocolBuildsWithDefaults) {
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all()) {
    Frame f = buildFrame(S(hostStack(std::string(p->name)), 128));
    EXPECT_EQ(f.size(), 124u) << p->name;
  }
}

TEST(RegistryConformance, EveryFieldRoundTripsThroughBuildAndParse) {
  for (const FieldCase& c : allFieldCases()) {
    SCOPED_TRACE(c.name());
    Frame frame = buildFrame(c.stream);
    ASSERT_FALSE(frame.empty());
    std::vector<ParsedLayer> parsed = parseFrame(frame);
    if (c.protocol->role == LayerRole::kPayload) continue;  // pattern bytes parse as raw; see payload_test
    ASSERT_GT(parsed.size(), c.layer);
    const LayerState& layer = parsed[c.layer].state;
    // Bytes of a raw-role layer (raw, text) read back as raw bytes: the wire does not say which.
    const bool readAsRaw = c.protocol->role == LayerRole::kRaw && layer.spec != c.protocol &&
                           layer.spec->role == LayerRole::kRaw;
    if (!readAsRaw) {
      ASSERT_EQ(layer.spec, c.protocol) << "parsed as " << layer.spec->name;
    }
    if (c.set && !readAsRaw) {
      auto expected = parseFieldText(*c.field, *c.set);
      ASSERT_TRUE(expected.ok());
      EXPECT_EQ(formatFieldValue(*c.field, layer.values[c.fieldIndex]), formatFieldValue(*c.field, *expected));
    }
    // parse(build(x)) rebuilds to the same bytes.
    v1::Stream again;
    again.set_id(c.stream.id());
    for (const ParsedLayer& p : parsed) *again.add_layers() = toModelLayer(p.state);
    again.mutable_frame_length()->set_fixed(static_cast<uint32_t>(frame.size() + kFcsBytes));
    EXPECT_EQ(buildFrame(again), frame);
  }
}

}  // namespace
}  // namespace staccato::test
