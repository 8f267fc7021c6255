// Anyone who can put frames on a receiving port's wire can invent signature stream ids. Before,
// 65,536 invented ids made a port allocate ~2 GiB, and then 8,192 ids ~254 MB that ClearStats
// never gave back: now a port tracks at most 4,096, each costs only the latency chunks its
// samples touch, and ClearStats frees them all.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "common/packet/signature_layout.h"
#include "common/core/clock.h"
#include "drone/rx/signature_receiver.h"

namespace staccato::drone {
namespace {

/// The engine-independent receive side, fed frames by hand.
class HandFedReceiver final : public SignatureReceiver {
 public:
  std::string engine() const override { return "test"; }
  /// ClearStats as the drone does it: clear() waits for the receive thread, played here by a
  /// thread that services the request.
  void clearLikeTheDrone() {
    std::atomic<bool> done{false};
    std::thread receiveThread([&] {
      while (!done) {
        serviceClear();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
    clear();
    done = true;
    receiveThread.join();
  }
  void feed(uint16_t id, uint32_t seq, uint64_t latencyNs = 0) {
    std::vector<uint8_t> frame(64, 0);
    uint8_t* sig = frame.data() + frame.size() - kSignatureBytes;
    const uint64_t now = realtimeNs();
    const uint64_t sent = now - latencyNs;
    sig[kSigMagicOffset] = kSignatureMagic >> 8;
    sig[kSigMagicOffset + 1] = kSignatureMagic & 0xff;
    sig[kSigStreamIdOffset] = uint8_t(id >> 8);
    sig[kSigStreamIdOffset + 1] = uint8_t(id);
    for (int i = 0; i < 4; ++i) sig[kSigSeqOffset + i] = uint8_t(seq >> (24 - 8 * i));
    for (int i = 0; i < 8; ++i) sig[kSigTimestampOffset + i] = uint8_t(sent >> (56 - 8 * i));
    onFrame(frame.data(), uint32_t(frame.size()), uint32_t(frame.size()), now);
  }
};

TEST(RxStreamCap, InventedStreamIdsBeyondTheCapAreIgnoredNotAllocated) {
  HandFedReceiver rx;
  for (uint32_t id = 0; id < 65536; ++id) rx.feed(uint16_t(id), 0);
  size_t tracked = 0;
  rx.forEachStream([&](uint16_t, const StreamRxStats&) { ++tracked; });
  EXPECT_EQ(tracked, SignatureReceiver::kMaxTrackedStreams);
  EXPECT_EQ(rx.ignored(), 65536 - SignatureReceiver::kMaxTrackedStreams);
  rx.feed(0, 1);  // a tracked stream keeps counting
  rx.forEachStream([&](uint16_t id, const StreamRxStats& s) {
    if (id == 0) {
      EXPECT_EQ(s.packets.load(), 2u);
    }
  });
}

TEST(RxStreamCap, ClearStatsFreesTheTrackedStreams) {
  HandFedReceiver rx;
  for (uint32_t id = 0; id < 65536; ++id) rx.feed(uint16_t(id), 0);
  rx.clearLikeTheDrone();
  size_t tracked = 0;
  rx.forEachStream([&](uint16_t, const StreamRxStats&) { ++tracked; });
  EXPECT_EQ(tracked, 0u);
  // Their slots are free again: new ids are tracked, up to the cap, from scratch.
  for (uint32_t id = 0; id < 5000; ++id) rx.feed(uint16_t(60000 - id), 0);
  rx.forEachStream([&](uint16_t, const StreamRxStats& s) {
    ++tracked;
    EXPECT_EQ(s.packets.load(), 1u);
  });
  EXPECT_EQ(tracked, SignatureReceiver::kMaxTrackedStreams);
}

TEST(RxStreamCap, AStreamHoldsOnlyTheLatencyChunksItsSamplesTouch) {
  HandFedReceiver rx;
  for (uint32_t n = 0; n < 1000; ++n) rx.feed(1, n, 20'000 + n);  // 20..21 us: one power of two
  rx.feed(1, 1000, 5'000'000);                                    // and one sample at 5 ms
  size_t buckets = 0;
  rx.forEachStream([&](uint16_t, const StreamRxStats& s) {
    s.latency.forEachBucket([&](size_t, uint64_t) { ++buckets; });
    EXPECT_EQ(s.latency.count(), 1001u);
  });
  EXPECT_GT(buckets, 1u);
  EXPECT_LE(buckets, 1 + 64);
}

}  // namespace
}  // namespace staccato::drone
