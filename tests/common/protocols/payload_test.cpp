#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: each pattern field is set with the pattern that uses it.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "payload",
    .structural = {{"payload.pattern", "decrement"}},
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      if (c.field->name != "payload.pattern")
        (*layers[c.layer].mutable_fields())["payload.pattern"] = c.field->name == "payload.word" ? "fixed-word" : "user";
    },
});


constexpr size_t kUdpPayload = 42;  // eth 14 + ip 20 + udp 8

Frame payloadFrame(std::map<std::string, std::string> fields, uint32_t len = 100) {
  return buildFrame(S({L("eth"), L("ip"), L("udp"), L("payload", std::move(fields))}, len));
}

TEST(Payload, Patterns) {
  Frame inc = payloadFrame({});
  Frame dec = payloadFrame({{"payload.pattern", "decrement"}});
  Frame word = payloadFrame({{"payload.pattern", "fixed-word"}, {"payload.word", "0xdeadbeef"}});
  Frame user = payloadFrame({{"payload.pattern", "user"}, {"payload.data", "a1b2c3"}});
  ASSERT_EQ(inc.size(), 96u);
  for (size_t i = kUdpPayload; i < inc.size(); ++i) {
    const size_t k = i - kUdpPayload;
    EXPECT_EQ(inc[i], static_cast<uint8_t>(k));
    EXPECT_EQ(dec[i], static_cast<uint8_t>(0xff - k));
    const uint8_t wordBytes[] = {0xde, 0xad, 0xbe, 0xef}, userBytes[] = {0xa1, 0xb2, 0xc3};
    EXPECT_EQ(word[i], wordBytes[k % 4]);
    EXPECT_EQ(user[i], userBytes[k % 3]);
  }
  auto rows = tsharkFields({inc, dec, word, user}, {"data.data", "udp.checksum.status"});
  EXPECT_EQ(rows[2]["data.data"].substr(0, 16), "deadbeefdeadbeef");
  for (auto& r : rows) EXPECT_EQ(r["udp.checksum.status"], "1");
}

TEST(Payload, RandomIsReproduciblePerSeed) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload", {{"payload.pattern", "random"}})}, 200);
  s.set_seed(7);
  Frame a = buildFrame(s), b = buildFrame(s);
  s.set_seed(8);
  Frame c = buildFrame(s);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  std::set<uint8_t> distinct(a.begin() + kUdpPayload, a.end());
  EXPECT_GT(distinct.size(), 80u);
}

TEST(Payload, FillsWhatTheHeadersLeave) {
  EXPECT_EQ(payloadFrame({}, 64).size(), 60u);
  EXPECT_EQ(payloadFrame({}, 1518).size(), 1514u);
  EXPECT_EQ(payloadFrame({}, 46).size(), 42u);  // empty payload is fine
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("udp"), L("payload")}, 45)),
            "frame_length.fixed: 45 is out of range (allowed 46..16384 bytes, FCS included; the layers need 46)");
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("udp"), L("payload", {{"payload.pattern", "user"}})})),
            "layers[3].payload.data: the user pattern needs at least one byte, e.g. 'cafe'");
  EXPECT_EQ(compileError(S({L("eth"), L("payload"), L("ip")})), "layers[2]: only a signature may follow the payload layer");
}

}  // namespace
}  // namespace staccato::test
