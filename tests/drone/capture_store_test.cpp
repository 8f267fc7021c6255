// The capture store: a ring holds a contiguous run of the newest frames, whole and in order,
// within its buffer, whatever their sizes; packet and byte bounds stop exactly.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "drone/capture/capture_store.h"

namespace staccato::drone::test {
namespace {

std::vector<uint8_t> frameOf(uint32_t index, size_t length) {
  std::vector<uint8_t> f(length);
  for (size_t i = 0; i < length; ++i) f[i] = static_cast<uint8_t>(index * 31 + i);
  return f;
}

CapturedFrame captured(const std::vector<uint8_t>& f, uint64_t index) {
  return {f.data(), static_cast<uint32_t>(f.size()), static_cast<uint32_t>(f.size()), index, kCapturedInbound};
}

TEST(CaptureStore, TheRingHoldsTheNewestFramesWholeWhateverTheirSizes) {
  std::mt19937 rng(7);
  for (size_t capacity : {size_t{256}, size_t{4096}, size_t{65536}}) {
    CaptureStore ring(CaptureBound::kRing, capacity, capacity);
    std::vector<std::vector<uint8_t>> added;
    for (uint32_t i = 0; i < 5000; ++i) {
      added.push_back(frameOf(i, 1 + rng() % 200));
      ASSERT_TRUE(ring.add(captured(added.back(), i), 65535)) << i;
      ASSERT_FALSE(ring.complete());
      ASSERT_EQ(ring.packets() + ring.dropped(), added.size());
      if (i % 97 != 0 && i != 4999) continue;
      // The frames held: the newest ones, in order, byte for byte, within the buffer.
      uint64_t expect = added.size() - ring.packets(), bytes = 0, buffer = 0;
      ring.forEach([&](const CaptureStore::Record& r) {
        ASSERT_EQ(r.realtimeNs, expect);
        ASSERT_TRUE(std::equal(r.bytes.begin(), r.bytes.end(), added[expect].begin(), added[expect].end())) << expect;
        bytes += r.bytes.size();
        buffer += CaptureStore::recordBytes(r.bytes.size());
        ++expect;
      });
      ASSERT_EQ(expect, added.size());
      ASSERT_EQ(bytes, ring.bytes());
      ASSERT_LE(buffer, capacity);
    }
    EXPECT_GT(ring.wraps(), 0u) << capacity;
  }
}

TEST(CaptureStore, AFrameLargerThanTheRingIsLeftOutAndTheRingGoesOn) {
  CaptureStore ring(CaptureBound::kRing, 256, 256);
  const auto big = frameOf(0, 300), small = frameOf(1, 20);
  EXPECT_FALSE(ring.add(captured(big, 0), 65535));
  EXPECT_TRUE(ring.add(captured(small, 1), 65535));
  EXPECT_EQ(ring.packets(), 1u);
  EXPECT_FALSE(ring.complete());
}

TEST(CaptureStore, PacketAndByteBoundsStopExactly) {
  const auto f = frameOf(0, 100);
  CaptureStore packets(CaptureBound::kPackets, 3, CaptureStore::capacityFor(CaptureBound::kPackets, 3, 100));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(packets.add(captured(f, i), 1500));
  EXPECT_TRUE(packets.complete());
  EXPECT_FALSE(packets.add(captured(f, 3), 1500));
  EXPECT_EQ(packets.packets(), 3u);

  CaptureStore bytes(CaptureBound::kBytes, 250, CaptureStore::capacityFor(CaptureBound::kBytes, 250, 1500));
  EXPECT_TRUE(bytes.add(captured(f, 0), 1500));
  EXPECT_TRUE(bytes.add(captured(f, 1), 1500));
  EXPECT_FALSE(bytes.add(captured(f, 2), 1500)) << "a third would exceed 250 bytes";
  EXPECT_TRUE(bytes.complete());
  EXPECT_EQ(bytes.bytes(), 200u);
}

TEST(CaptureStore, FramesAreCutToTheSnapLengthKeepingTheirWireLength) {
  CaptureStore ring(CaptureBound::kRing, 4096, 4096);
  const auto f = frameOf(0, 1000);
  ASSERT_TRUE(ring.add(captured(f, 0), 64));
  ring.forEach([&](const CaptureStore::Record& r) {
    EXPECT_EQ(r.bytes.size(), 64u);
    EXPECT_EQ(r.wireLength, 1000u);
  });
}

TEST(CaptureStore, TheByteBoundReservesRoomForTheSmallestFrames) {
  const size_t limit = 6000;
  CaptureStore bytes(CaptureBound::kBytes, limit, CaptureStore::capacityFor(CaptureBound::kBytes, limit, 1500));
  const auto f = frameOf(0, 60);
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(bytes.add(captured(f, i), 1500)) << "frame " << i << " must fit";
  EXPECT_TRUE(bytes.complete());
}

}  // namespace
}  // namespace staccato::drone::test
