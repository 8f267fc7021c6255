#include <gtest/gtest.h>

#include "common/core/bits.h"
#include "common/packet/parser.h"
#include "common/packet/signature_layout.h"
#include "common/stream/compiler.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: receivers ignore a trailer without the magic.
const RegisterFieldCaseRules kFieldCases({.protocol = "signature", .structural = {{"signature.magic", ""}}});


uint64_t be(const Frame& f, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v = v << 8 | f[at + i];
  return v;
}

TEST(Signature, LastSixteenBytesWithSequenceAndTimestamp) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 128);
  s.set_id(513);
  std::vector<Frame> frames = buildFrames(s, 5);
  for (size_t i = 0; i < frames.size(); ++i) {
    const Frame& f = frames[i];
    const size_t sig = f.size() - kSignatureBytes;
    EXPECT_EQ(be(f, sig + kSigMagicOffset, 2), kSignatureMagic);
    EXPECT_EQ(be(f, sig + kSigStreamIdOffset, 2), 513u);
    EXPECT_EQ(be(f, sig + kSigSeqOffset, 4), i);
    EXPECT_EQ(be(f, sig + kSigTimestampOffset, 8), 1'000'000'000ull + i);  // buildFrames' clock
  }
  // The L4 checksum stays right on every packet although the trailer changes.
  for (const auto& row : tsharkFields(frames, {"udp.checksum.status", "ip.checksum.status"})) {
    EXPECT_EQ(row.at("udp.checksum.status"), "1");
    EXPECT_EQ(row.at("ip.checksum.status"), "1");
  }
}

TEST(Signature, FitsInASixtyFourByteIpv4UdpFrame) {
  std::vector<Frame> frames = buildFrames(S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 64), 3);
  ASSERT_EQ(frames[0].size(), 60u);
  auto rows = tsharkFields(frames, {"udp.length", "udp.checksum.status"});
  for (auto& r : rows) {
    EXPECT_EQ(r["udp.length"], "26");
    EXPECT_EQ(r["udp.checksum.status"], "1");
  }
  // Without a payload layer the trailer still sits at the very end.
  Frame g = buildFrame(S({L("eth"), L("ip"), L("udp"), L("signature")}, 100));
  EXPECT_EQ(be(g, g.size() - 16, 2), kSignatureMagic);
  EXPECT_EQ(tsharkFields({g}, {"udp.checksum.status"})[0]["udp.checksum.status"], "1");
}

// A transmit queue of several numbers its packets in a lane of its own: the lane's magic and its
// own sequence; checksums stay right, and the trailer still parses as a signature.
TEST(Signature, LanesCarryTheirMagicAndTheirOwnSequence) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 80);
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok()) << plan.error().toString();
  const SignatureLane lane{2, 10};
  PatchState st = makePatchState(*plan, 2, 3, 0, &lane);
  std::vector<Frame> frames;
  for (int i = 0; i < 4; ++i) {
    Frame f = plan->frameTemplate;
    f.resize(applyPatchProgram(*plan, st, f.data(), 1'000'000'000ull + i));
    frames.push_back(f);
  }
  for (size_t i = 0; i < frames.size(); ++i) {
    const size_t sig = frames[i].size() - kSignatureBytes;
    EXPECT_EQ(be(frames[i], sig + kSigMagicOffset, 2), 0x5b02u);
    EXPECT_EQ(laneOfMagic(static_cast<uint16_t>(be(frames[i], sig + kSigMagicOffset, 2))), 2);
    EXPECT_EQ(be(frames[i], sig + kSigSeqOffset, 4), 10 + i) << "the lane's own count, not the stream's packet number";
  }
  for (const auto& row : tsharkFields(frames, {"udp.checksum.status", "ip.checksum.status"})) {
    EXPECT_EQ(row.at("udp.checksum.status"), "1");
    EXPECT_EQ(row.at("ip.checksum.status"), "1");
  }
  EXPECT_EQ(parseFrame(frames[0]).back().state.spec->name, "signature");
  EXPECT_EQ(laneOfMagic(kSignatureMagic), 0);
  EXPECT_EQ(laneOfMagic(0x5b00), -1) << "lane 0 is 0x5a7c";
  EXPECT_EQ(laneOfMagic(0x5a7d), -1);
}

TEST(Signature, ParsesBackAndValidates) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("tcp"), L("payload"), L("signature")}, 90));
  auto parsed = parseFrame(f);
  ASSERT_EQ(parsed.back().state.spec->name, "signature");
  EXPECT_EQ(parsed.back().state.num("signature.stream_id"), 1u);
  v1::Stream big = S({L("eth"), L("ip"), L("udp"), L("signature")});
  big.set_id(70000);
  EXPECT_EQ(compileError(big), "id: 70000 is too large for the signature (allowed 0..65535)");
  EXPECT_EQ(compileError(S({L("eth"), L("signature"), L("ip")})), "layers[1]: signature must be the last layer");
}

}  // namespace
}  // namespace staccato::test
