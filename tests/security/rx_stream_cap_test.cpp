// Anyone who can put frames on a receiving port's wire can invent signature stream ids; each id
// the receiver tracks costs ~30 KiB. Before, 65,536 invented ids made a port allocate ~2 GiB.
#include <gtest/gtest.h>

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
  void feed(uint16_t id, uint32_t seq) {
    std::vector<uint8_t> frame(64, 0);
    uint8_t* sig = frame.data() + frame.size() - kSignatureBytes;
    const uint64_t now = realtimeNs();
    sig[kSigMagicOffset] = kSignatureMagic >> 8;
    sig[kSigMagicOffset + 1] = kSignatureMagic & 0xff;
    sig[kSigStreamIdOffset] = uint8_t(id >> 8);
    sig[kSigStreamIdOffset + 1] = uint8_t(id);
    for (int i = 0; i < 4; ++i) sig[kSigSeqOffset + i] = uint8_t(seq >> (24 - 8 * i));
    for (int i = 0; i < 8; ++i) sig[kSigTimestampOffset + i] = uint8_t(now >> (56 - 8 * i));
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

}  // namespace
}  // namespace staccato::drone
