#include <gtest/gtest.h>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

v1::Stream lengthStream(v1::FrameLength::Mode mode, uint32_t min, uint32_t max, bool tracked = true) {
  std::vector<v1::Layer> layers = {L("eth"), L("ip"), L("udp"), L("payload")};
  if (tracked) layers.push_back(L("signature"));
  v1::Stream s = S(layers);
  s.mutable_frame_length()->set_mode(mode);
  s.mutable_frame_length()->set_min(min);
  s.mutable_frame_length()->set_max(max);
  return s;
}

TEST(FrameLength, IncrementAndDecrementWithStep) {
  v1::Stream inc = lengthStream(v1::FrameLength::INCREMENT, 64, 70);
  inc.mutable_frame_length()->set_step(3);
  std::vector<size_t> lens;
  for (auto& f : buildFrames(inc, 5)) lens.push_back(f.size() + 4);
  EXPECT_EQ(lens, (std::vector<size_t>{64, 67, 70, 64, 67}));
  lens.clear();
  for (auto& f : buildFrames(lengthStream(v1::FrameLength::DECREMENT, 100, 102), 4)) lens.push_back(f.size() + 4);
  EXPECT_EQ(lens, (std::vector<size_t>{102, 101, 100, 102}));
}

TEST(FrameLength, EveryLengthHasRightLengthsAndChecksums) {
  auto frames = buildFrames(lengthStream(v1::FrameLength::RANDOM, 64, 1518), 300);
  auto rows = tsharkFields(frames, {"frame.len", "ip.len", "udp.length", "ip.checksum.status", "udp.checksum.status"});
  size_t minSeen = 9999, maxSeen = 0;
  for (size_t i = 0; i < frames.size(); ++i) {
    const size_t len = frames[i].size();
    minSeen = std::min(minSeen, len + 4);
    maxSeen = std::max(maxSeen, len + 4);
    EXPECT_EQ(rows[i]["ip.len"], std::to_string(len - 14));
    EXPECT_EQ(rows[i]["udp.length"], std::to_string(len - 34));
    EXPECT_EQ(rows[i]["ip.checksum.status"], "1") << i;
    EXPECT_EQ(rows[i]["udp.checksum.status"], "1") << i;
  }
  EXPECT_GE(minSeen, 64u);
  EXPECT_LE(maxSeen, 1518u);
  EXPECT_LT(minSeen, 200u);   // a uniform spread reaches both ends of the range
  EXPECT_GT(maxSeen, 1380u);
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
}

// A frame whose length varies carries the whole signature at its own end (magic, stream id,
// sequence, time), where receivers look for it; the first release wrote only the sequence and
// the time there, so its IMIX frames were never counted by any receiver.
TEST(FrameLength, EveryLengthCarriesTheWholeSignatureAtItsEnd) {
  v1::Stream s = lengthStream(v1::FrameLength::IMIX, 0, 0);
  s.set_id(4660);
  const auto frames = buildFrames(s, 12);
  for (size_t i = 0; i < frames.size(); ++i) {
    const Frame& f = frames[i];
    const size_t sig = f.size() - kSignatureBytes;
    EXPECT_EQ(loadBe16(f.data() + sig + kSigMagicOffset), kSignatureMagic) << "frame " << i << " of " << f.size() << " bytes";
    EXPECT_EQ(loadBe16(f.data() + sig + kSigStreamIdOffset), 4660) << "frame " << i;
    EXPECT_EQ(readBits(f.data() + sig + kSigSeqOffset, 0, 32), i);
  }
  for (const auto& row : tsharkFields(frames, {"udp.checksum.status"})) EXPECT_EQ(row.at("udp.checksum.status"), "1");
}

TEST(FrameLength, ImixDefaultIsSevenFourOne) {
  v1::Stream s = lengthStream(v1::FrameLength::IMIX, 0, 0);
  std::map<size_t, int> counts;
  for (auto& f : buildFrames(s, 120)) counts[f.size() + 4]++;
  EXPECT_EQ(counts, (std::map<size_t, int>{{64, 70}, {594, 40}, {1518, 10}}));
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok());
  EXPECT_NEAR(plan->averageFrameBytes, (7 * 64 + 4 * 594 + 1518) / 12.0, 1e-9);
}

TEST(FrameLength, CustomMixAndErrors) {
  v1::Stream s = lengthStream(v1::FrameLength::IMIX, 0, 0, false);
  auto* a = s.mutable_frame_length()->add_mix();
  a->set_length(128);
  a->set_weight(1);
  auto* b = s.mutable_frame_length()->add_mix();
  b->set_length(256);
  b->set_weight(2);
  std::vector<size_t> lens;
  for (auto& f : buildFrames(s, 6)) lens.push_back(f.size() + 4);
  EXPECT_EQ(std::count(lens.begin(), lens.end(), 256u), 4);
  auto rows = tsharkFields(buildFrames(s, 6), {"udp.checksum.status"});
  for (auto& r : rows) EXPECT_EQ(r["udp.checksum.status"], "1");
  b->set_weight(0);
  EXPECT_EQ(compileError(s), "frame_length.mix[1].weight: must be at least 1");
  EXPECT_EQ(compileError(lengthStream(v1::FrameLength::RANDOM, 200, 100)), "frame_length.min: 200 is above max 100");
  EXPECT_EQ(compileError(lengthStream(v1::FrameLength::RANDOM, 40, 100)),
            "frame_length.min: 40 is out of range (allowed 62..16384 bytes, FCS included; the layers need 62)");
}

TEST(FrameLength, PaddingOnlyStreamsKeepTheirHeaders) {
  v1::Stream s = S({L("eth"), L("arp")});
  s.mutable_frame_length()->set_mode(v1::FrameLength::INCREMENT);
  s.mutable_frame_length()->set_min(64);
  s.mutable_frame_length()->set_max(66);
  auto frames = buildFrames(s, 3);
  EXPECT_EQ(frames[2].size(), 62u);
  EXPECT_EQ(tsharkFields(frames, {"arp.opcode"})[2]["arp.opcode"], "1");
}

}  // namespace
}  // namespace staccato::test
