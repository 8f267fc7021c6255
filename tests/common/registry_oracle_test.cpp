// tshark oracle over the whole registry: for every field Wireshark knows, the value tshark
// decodes from our frame is the value we set (or computed), checksums are good, and tshark
// reports no malformed packet or warning.
#include <gtest/gtest.h>

#include "common/packet/field_text.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"
#include "tests/support/field_cases.h"

namespace staccato::test {
namespace {

// Wireshark comments on a RST in any TCP conversation; the bytes themselves are fine.
const std::vector<std::string> kCommentsNotProblems = {"Connection reset (RST)"};

TEST(RegistryOracle, TsharkAgreesWithEveryField) {
  std::vector<FieldCase> cases = allFieldCases();
  std::vector<Frame> frames;
  std::vector<std::string> fields;
  for (const FieldCase& c : cases) {
    frames.push_back(buildFrame(c.stream));
    const std::string name(c.field->name);
    if (tsharkHasField(name)) fields.push_back(name);
    if (c.field->computed() && tsharkHasField(name + ".status")) fields.push_back(name + ".status");
  }
  auto rows = tsharkFields(frames, fields);
  ASSERT_GE(rows.size(), cases.size());
  size_t checked = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const FieldCase& c = cases[i];
    const std::string name(c.field->name);
    if (!tsharkHasField(name)) continue;
    SCOPED_TRACE(name + " (frame " + std::to_string(i + 1) + ")");
    // Our value: what we set, or what we computed (read back by our parser).
    const std::vector<ParsedLayer> parsed = parseFrame(frames[i]);
    ASSERT_GT(parsed.size(), c.layer);
    const LayerState& ours = parsed[c.layer].state;
    const FieldValue value = asWiresharkShows(*c.field, ours.values[c.fieldIndex]);
    EXPECT_TRUE(sameValue(*c.field, value, rows[i][name]))
        << "tshark says '" << rows[i][name] << "', we have " << formatFieldValue(*c.field, value);
    if (c.field->computed() && rows[i].count(name + ".status")) {
      EXPECT_EQ(rows[i][name + ".status"], "1") << "checksum status";
    }
    ++checked;
  }
  EXPECT_GT(checked, 70u);
  std::vector<std::string> problems = tsharkProblems(frames);
  std::erase_if(problems, [](const std::string& p) {
    for (const auto& c : kCommentsNotProblems)
      if (p.find(c) != std::string::npos && p.find(',') == std::string::npos) return true;
    return false;
  });
  EXPECT_EQ(problems, std::vector<std::string>{});
}

TEST(RegistryOracle, DefaultsDecodeCleanly) {
  std::vector<Frame> frames;
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all())
    frames.push_back(buildFrame(S(hostStack(std::string(p->name)), 128)));
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  auto rows = tsharkFields(frames, {"frame.protocols"});
  size_t i = 0;
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all()) {
    if (p->role == LayerRole::kHeader) {
      EXPECT_NE(rows[i]["frame.protocols"].find(std::string(p->wiresharkProtocol())), std::string::npos)
          << p->wiresharkProtocol() << " (" << p->name << ") not in " << rows[i]["frame.protocols"];
    }
    ++i;
  }
}

}  // namespace
}  // namespace staccato::test
