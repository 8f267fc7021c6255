// Capture import: per-packet streams rebuild the captured bytes (or, with recomputed
// checksums, valid packets after edits); replay streams keep frames and relative times.
#include <gtest/gtest.h>

#include "common/files/capture_import.h"
#include "common/packet/builder.h"
#include "common/stream/compiler.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

std::vector<PcapPacket> packets(const std::vector<Frame>& frames, uint64_t gapNs = 1'000'000) {
  std::vector<PcapPacket> out;
  for (size_t i = 0; i < frames.size(); ++i) out.push_back({5'000'000'000 + i * gapNs, uint32_t(frames[i].size()), frames[i]});
  return out;
}

Frame render(const v1::Stream& s) {
  auto plan = compile(s);
  EXPECT_TRUE(plan.ok()) << plan.error().toString();
  if (!plan) return {};
  PacketRenderer r(*plan);
  auto f = r.next();
  return {f.begin(), f.end()};
}

// A UDP frame with a deliberately wrong IP checksum, and a frame of an unknown ethertype.
std::vector<Frame> mixedFrames() {
  return {buildFrame(S({L("eth"), L("ip", {{"ip.checksum", "0x1234"}, {"ip.ttl", "3"}}), L("udp"), L("payload")}, 90)),
          buildFrame(S({L("eth", {{"eth.type", "0x88b6"}}), L("raw", {{"raw.data", "0102030405"}})}, 64))};
}

TEST(CaptureImport, PerPacketStreamsRebuildTheExactBytes) {
  const auto frames = mixedFrames();
  auto got = importPackets(packets(frames, 250'000), {});
  ASSERT_TRUE(got.ok()) << got.error().toString();
  EXPECT_EQ(got->warnings, std::vector<std::string>{});
  ASSERT_EQ(got->file.streams_size(), 2);
  for (int i = 0; i < 2; ++i) {
    const v1::Stream& s = got->file.streams(i);
    EXPECT_EQ(s.name(), "packet " + std::to_string(i + 1));
    EXPECT_EQ(s.id(), uint32_t(i + 1));
    EXPECT_EQ(s.control().count(), 1u);
    EXPECT_EQ(render(s), frames[i]);
  }
  EXPECT_EQ(got->file.streams(0).rate().value(), 4000) << "250 us to the next packet";
  EXPECT_EQ(got->file.streams(1).rate().value(), 1000) << "the last packet: the default rate";
  auto tight = importPackets(packets(frames, 700), {});  // 86 + 4 + 20 bytes take 880 ns at 1 Gb/s
  EXPECT_EQ(tight->file.streams(0).rate().unit(), v1::Rate::FASTEST);
  auto loose = importPackets(packets(frames, 880), {});
  EXPECT_EQ(loose->file.streams(0).rate().value(), 1e9 / 880);
  EXPECT_EQ(got->file.streams(0).layers(1).fields().at("ip.checksum"), "0x1234");
}

TEST(CaptureImport, RecomputedChecksumsStayValidAfterAnEdit) {
  const auto frames = mixedFrames();
  auto got = importPackets(packets(frames), {.recomputeChecksums = true});
  ASSERT_TRUE(got.ok()) << got.error().toString();
  v1::Stream udp = got->file.streams(0);
  for (const char* computed : {"ip.checksum", "udp.checksum", "ip.len", "udp.length", "eth.type", "ip.proto"})
    EXPECT_FALSE(udp.layers(1).fields().contains(computed) || udp.layers(2).fields().contains(computed) ||
                 udp.layers(0).fields().contains(computed))
        << computed << " left to the compiler";
  EXPECT_EQ(got->file.streams(1).layers(0).fields().at("eth.type"), "0x88b6") << "nothing above implies it";
  EXPECT_EQ(render(got->file.streams(1)), frames[1]);
  // Edit the TTL: the rebuilt frame equals a fresh build with the same TTL (valid checksum).
  (*udp.mutable_layers(1)->mutable_fields())["ip.ttl"] = "99";
  Frame expected = frames[0];
  expected[14 + 8] = 99;
  auto fresh = buildFrame(S({L("eth"), L("ip", {{"ip.ttl", "99"}}), L("udp"), L("payload")}, 90));
  expected[14 + 10] = fresh[14 + 10], expected[14 + 11] = fresh[14 + 11];
  EXPECT_EQ(render(udp), expected);
  EXPECT_NE(render(udp)[14 + 10] << 8 | render(udp)[14 + 11], 0x1234);
}

TEST(CaptureImport, NonZeroPaddingKeepsTheChecksumsThatWouldSumIt) {
  Frame padded = buildFrame(S({L("eth"), L("ip"), L("udp"), L("payload")}, 50));
  padded.insert(padded.end(), 14, 0xaa);  // Ethernet padding that is not zeros
  auto got = importPackets(packets({padded}), {.recomputeChecksums = true});
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->warnings, std::vector<std::string>{"packet 1: udp.checksum kept as captured: the compiler would add the "
                                                    "bytes after the IP packet (non-zero padding) to it"});
  const v1::Stream& s = got->file.streams(0);
  EXPECT_FALSE(s.layers(1).fields().contains("ip.checksum"));
  EXPECT_TRUE(s.layers(2).fields().contains("udp.checksum"));
  EXPECT_EQ(render(s), padded);
}

TEST(CaptureImport, TruncatedAndOversizedPacketsAreReported) {
  auto in = packets(mixedFrames());
  in[0].originalLength = 1500;
  in[1].data.assign(20000, 0);
  auto got = importPackets(in, {});
  ASSERT_TRUE(got.ok());
  ASSERT_EQ(got->warnings.size(), 2u);
  EXPECT_EQ(got->warnings[0], "packet 1: only 86 of its 1500 bytes were captured; imported the captured bytes");
  EXPECT_EQ(got->warnings[1], "packet 2: 20000 bytes is outside 1..16380 (without FCS); skipped");
  ASSERT_EQ(got->file.streams_size(), 1);
  EXPECT_EQ(render(got->file.streams(0)), in[0].data);
}

TEST(CaptureImport, BigCapturesAreRefusedWithAWayOut) {
  std::vector<PcapPacket> many(kMaxImportedStreams + 1, PcapPacket{0, 60, Frame(60, 0)});
  auto got = importPackets(many, {});
  ASSERT_FALSE(got.ok());
  EXPECT_NE(got.error().message.find("import it as a replay"), std::string::npos) << got.error().message;
  std::vector<PcapPacket> tooMany(kMaxReplayFrames + 1, PcapPacket{0, 14, Frame(14, 0)});
  EXPECT_FALSE(importReplay(tooMany, {}).ok());
}

TEST(CaptureImport, ReplayKeepsFramesAndRelativeTimes) {
  auto in = packets(mixedFrames(), 1'234'567);
  in.push_back({in.back().timestampNs - 5, 10, Frame(10, 0)});  // too short to send: skipped
  in.push_back({in[1].timestampNs - 1, 60, Frame(60, 7)});       // earlier than the one before
  auto got = importReplay(in, {.name = "cap.pcapng"});
  ASSERT_TRUE(got.ok()) << got.error().toString();
  ASSERT_EQ(got->warnings.size(), 2u);
  EXPECT_EQ(got->warnings[0], "packet 3: 10 bytes is outside 14..16380 (without FCS); skipped");
  const v1::Stream& s = got->file.streams(0);
  EXPECT_EQ(s.name(), "cap.pcapng");
  EXPECT_EQ(s.layers_size(), 0);
  ASSERT_EQ(s.replay().frames_size(), 3);
  EXPECT_EQ(s.replay().frames(1), std::string(in[1].data.begin(), in[1].data.end()));
  EXPECT_EQ(std::vector<uint64_t>(s.replay().times_ns().begin(), s.replay().times_ns().end()),
            (std::vector<uint64_t>{0, 1'234'567, 1'234'567}));
  EXPECT_EQ(s.control().count(), 3u);
  EXPECT_EQ(s.replay().speed(), 0);

  auto even = importReplay(in, {.pps = 250, .name = "x"});
  ASSERT_TRUE(even.ok());
  EXPECT_EQ(even->file.streams(0).replay().times_ns_size(), 0);
  EXPECT_EQ(even->file.streams(0).rate().value(), 250);
  auto fast = importReplay(in, {.speed = 2.5});
  EXPECT_EQ(fast->file.streams(0).replay().speed(), 2.5);
}

}  // namespace
}  // namespace staccato::test
