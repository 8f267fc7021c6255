// Replay streams: recorded frames sent in order with their timing; bad replays get errors that
// name the path; several queues split the frames exactly as one queue would send them.
#include <gtest/gtest.h>

#include <string>

#include "common/stream/rate.h"
#include "common/stream/replay.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

/// A distinct frame of `len` bytes: its first byte says which.
std::string frameBytes(size_t len, uint8_t tag) {
  std::string f(len, '\0');
  for (size_t i = 0; i < len; ++i) f[i] = static_cast<char>(tag + i * 7);
  return f;
}

v1::Stream replayStream(std::vector<size_t> lengths, std::vector<uint64_t> times = {}, double speed = 0) {
  v1::Stream s;
  s.set_id(1);
  for (size_t i = 0; i < lengths.size(); ++i) s.mutable_replay()->add_frames(frameBytes(lengths[i], uint8_t(i * 31)));
  for (uint64_t t : times) s.mutable_replay()->add_times_ns(t);
  s.mutable_replay()->set_speed(speed);
  return s;
}

std::string str(std::span<const uint8_t> b) { return {b.begin(), b.end()}; }

TEST(Replay, ErrorsNameThePath) {
  v1::Stream s = replayStream({60});
  *s.add_layers() = L("eth");
  EXPECT_EQ(compileError(s), "replay: a replay stream has no layers (remove layers or replay)");
  s = replayStream({60});
  s.add_variable_fields()->set_field("ip.src");
  EXPECT_EQ(compileError(s), "replay: a replay stream has no variable fields (remove variable_fields or replay)");
  s = replayStream({60});
  s.mutable_frame_length()->set_fixed(100);
  EXPECT_EQ(compileError(s), "replay: a replay stream's frames have their own lengths (remove frame_length or replay)");
  s = replayStream({60});
  s.mutable_frame_length();  // present but empty is fine
  EXPECT_EQ(compileError(s), "");

  EXPECT_EQ(compileError(replayStream({})), "replay.frames: a replay needs at least one frame");
  EXPECT_EQ(compileError(replayStream({60, 60, 60, 9})),
            "replay.frames[3]: 9 bytes is shorter than an Ethernet header (14)");
  EXPECT_EQ(compileError(replayStream({14, 16381})),
            "replay.frames[1]: 16381 bytes is longer than a frame may be (allowed 14..16380 bytes without FCS)");
  EXPECT_EQ(compileError(replayStream({14, 16380})), "");

  EXPECT_EQ(compileError(replayStream({60, 60}, {5})), "replay.times_ns: 1 times for 2 frames (give one per frame, or none)");
  EXPECT_EQ(compileError(replayStream({60, 60, 60}, {0, 200, 100})),
            "replay.times_ns[2]: 100 is before the previous time 200 (times must be ascending)");
  EXPECT_EQ(compileError(replayStream({60, 60}, {0, 0})), "");  // equal times are fine
  EXPECT_EQ(compileError(replayStream({60}, {}, -1)), "replay.speed: must be a positive number (0 means 1)");
  EXPECT_EQ(compileError(replayStream({60}, {}, std::numeric_limits<double>::infinity())),
            "replay.speed: must be a positive number (0 means 1)");
}

TEST(Replay, TooManyBytesIsRefused) {
  v1::Stream s;
  const std::string big(16380, 'x');
  for (size_t total = 0; total <= kMaxReplayBytes; total += big.size()) s.mutable_replay()->add_frames(big);
  EXPECT_EQ(compileError(s), "replay.frames: more than 256 MiB of frames (a replay holds at most that; import fewer frames)");
}

TEST(Replay, RendersFramesInOrderAndWraps) {
  const v1::Stream s = replayStream({60, 1514, 14, 200});
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok()) << plan.error().toString();
  EXPECT_FALSE(plan->tracked);
  EXPECT_EQ(plan->frameTemplate.size(), 1514u);  // transmit buffers fit the longest frame
  EXPECT_DOUBLE_EQ(plan->averageFrameBytes, (60 + 1514 + 14 + 200) / 4.0 + 4);
  PacketRenderer r(*plan);
  for (int n = 0; n < 10; ++n) EXPECT_EQ(str(r.next()), s.replay().frames(n % 4)) << "packet " << n;
}

TEST(Replay, QueuesSplitTheFramesExactly) {
  const v1::Stream s = replayStream({60, 61, 62, 63, 64, 65, 66});
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok());
  for (uint64_t queues : {2u, 3u, 9u}) {
    for (uint64_t k = 0; k < queues; ++k) {
      PatchState st = makePatchState(*plan, k, queues);
      std::vector<uint8_t> frame = plan->frameTemplate;
      for (uint64_t n = k; n < 40; n += queues) {
        const uint16_t len = applyPatchProgram(*plan, st, frame.data(), 0);
        EXPECT_EQ(std::string(frame.begin(), frame.begin() + len), s.replay().frames(int(n % 7)))
            << "queue " << k << " of " << queues << ", packet " << n;
      }
    }
  }
}

TEST(Replay, OffsetsFollowTheRecordedTimesAndSpeed) {
  // Times 0, 100, 400 ns: mean gap 200, so a pass lasts 600 ns; speed 2 halves everything.
  auto plan = compile(replayStream({60, 60, 60}, {0, 100, 400}, 2));
  ASSERT_TRUE(plan.ok());
  const uint64_t expected[] = {0, 50, 200, 300, 350, 500, 600};
  for (uint64_t n = 0; n < 7; ++n) EXPECT_EQ(RateSchedule(*plan, 10e9).offsetNs(n), expected[n]) << "packet " << n;
  // 3 frames per 600 ns at speed 2 = 10 Mpps; the rate setting is ignored.
  EXPECT_DOUBLE_EQ(planPacketsPerSecond(*plan, 10e9), 10e6);
}

TEST(Replay, UntimedFollowsTheRateAndOneFramePassesUseIt) {
  v1::Stream s = replayStream({60, 60});
  s.mutable_rate()->set_value(1000);
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(RateSchedule(*plan, 10e9).offsetNs(3), 3'000'000u);

  s = replayStream({60}, {500});  // one frame: a pass is its time + the rate's interval
  s.mutable_rate()->set_value(1000);
  plan = compile(s);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(RateSchedule(*plan, 10e9).offsetNs(0), 500u);
  EXPECT_EQ(RateSchedule(*plan, 10e9).offsetNs(2), 2'001'500u);  // 2 passes of 1'000'500 + 500
}

TEST(Replay, LineRateCheckUsesTheRecordedRate) {
  // 2 frames of 1000 bytes 1 us apart at speed 1: 1 Mpps = ~8 Gb/s, fine on 10G, not on 1G.
  v1::Stream s = replayStream({1000, 1000}, {0, 1000});
  s.mutable_rate()->set_value(1e12);  // ignored: the recorded timing counts
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok());
  EXPECT_TRUE(checkRate(*plan, 10e9).ok());
  auto st = checkRate(*plan, 1e9);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().toString(),
            "replay.speed: the recorded timing averages 1000000 pps; the port's line rate allows at most 122070 pps "
            "at this frame length");
}

}  // namespace
}  // namespace staccato::test
