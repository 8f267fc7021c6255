// The engine-independent half of the receive side: the per-stream table and the clear handshake.
// Per frame: read the trailer, check it is plausible, update the stream's stats; no allocation
// except the first frame of a new stream id, no locks.
#include "drone/rx/signature_receiver.h"

#include <chrono>
#include <thread>

#include "common/core/bits.h"
#include "common/core/single_writer.h"
#include "common/core/thread_affinity.h"
#include "common/packet/signature_layout.h"
#include "common/core/clock.h"

namespace staccato::drone {
namespace {

constexpr size_t kMinFrame = 14 + kSignatureBytes;

uint64_t be(const uint8_t* p, size_t n) { return readBits(p, 0, unsigned(n * 8)); }

}  // namespace

SignatureReceiver::SignatureReceiver(bool userTimestamps) : userTimestamps_(userTimestamps) {}

SignatureReceiver::~SignatureReceiver() {
  for (auto& s : streams_) delete s.load();
}

void SignatureReceiver::forEachStream(const std::function<void(uint16_t, const StreamRxStats&)>& fn) const {
  for (size_t id = 0; id < kMaxStreams; ++id) {
    const StreamRxStats* s = streams_[id].load(std::memory_order_acquire);
    if (s && s->packets.load(std::memory_order_relaxed) > 0) fn(static_cast<uint16_t>(id), *s);
  }
}

void SignatureReceiver::forEachCount(const std::function<void(uint16_t, const StreamRxCounts&)>& fn) const {
  forEachStream([&](uint16_t id, const StreamRxStats& s) { fn(id, s.counts()); });
}

void SignatureReceiver::clear() {
  const uint64_t want = clearsRequested_.fetch_add(1) + 1;
  while (clearsDone_.load() < want) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  // The receive thread no longer holds them; no reader does either (the caller's lock).
  for (size_t i = 0; i < retiredCount_; ++i) delete retired_[i];
  retiredCount_ = 0;
}

void SignatureReceiver::requestRestart(std::span<const uint16_t> ids) {
  restartIds_.clear();
  for (uint16_t id : ids)
    if (streams_[id].load(std::memory_order_acquire)) restartIds_.push_back(id);
  if (!restartIds_.empty()) restartsRequested_.fetch_add(1);
}

void SignatureReceiver::awaitRestart() {
  while (restartsDone_.load() < restartsRequested_.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  for (size_t i = 0; i < retiredCount_; ++i) delete retired_[i];
  retiredCount_ = 0;
}

void SignatureReceiver::setTap(CaptureSink* tap) {
  tap_.store(tap, std::memory_order_release);
  // The receive thread acknowledges between batches: after that no batch holds the old tap.
  const uint64_t want = tapChanges_.fetch_add(1) + 1;
  while (tapChangesSeen_.load() < want) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void SignatureReceiver::avoidCores(uint64_t cores) { avoid_.store(cores, std::memory_order_relaxed); }

void SignatureReceiver::serviceClear() noexcept {
  if (const uint64_t avoid = avoid_.load(std::memory_order_relaxed); avoid != avoiding_) {
    keepCurrentThreadOff(avoid);
    avoiding_ = avoid;
  }
  if (const uint64_t changes = tapChanges_.load(); changes != tapChangesSeen_.load(std::memory_order_relaxed))
    tapChangesSeen_.store(changes);
  if (const uint64_t restarts = restartsRequested_.load(); restarts != restartsDone_.load(std::memory_order_relaxed)) {
    for (uint16_t id : restartIds_)
      if (StreamRxStats* p = streams_[id].exchange(nullptr, std::memory_order_acq_rel)) {
        retired_[retiredCount_++] = p;
        --tracked_;
      }
    restartsDone_.store(restarts);
  }
  const uint64_t requested = clearsRequested_.load();
  if (requested == clearsDone_.load()) return;
  for (auto& s : streams_)
    if (StreamRxStats* p = s.exchange(nullptr, std::memory_order_acq_rel)) retired_[retiredCount_++] = p;
  tracked_ = 0;
  ignored_.store(0, std::memory_order_relaxed);
  examined_.store(0, std::memory_order_relaxed);
  onClear();
  clearsDone_.store(requested);
}

void SignatureReceiver::onFrame(const uint8_t* frame, uint32_t len, uint32_t wireLen, uint64_t rxNs) noexcept {
  addSingleWriter(examined_);
  if (len < kMinFrame || len != wireLen) return addSingleWriter(ignored_);
  const uint8_t* sig = frame + len - kSignatureBytes;
  const int lane = laneOfMagic(static_cast<uint16_t>(be(sig + kSigMagicOffset, 2)));
  if (lane < 0) return addSingleWriter(ignored_);
  const uint64_t txNs = be(sig + kSigTimestampOffset, 8);
  if (userTimestamps_) rxNs = realtimeNs();
  const int64_t delta = static_cast<int64_t>(rxNs - txNs);
  constexpr auto kWindow = static_cast<int64_t>(kSignatureClockWindowNs);
  if (delta > kWindow || delta < -kWindow) return addSingleWriter(ignored_);  // not a trailer of ours
  const size_t id = be(sig + kSigStreamIdOffset, 2);
  StreamRxStats* s = streams_[id].load(std::memory_order_relaxed);
  if (!s) {  // first packet of this stream on this port
    if (tracked_ >= kMaxTrackedStreams) return addSingleWriter(ignored_);
    ++tracked_;
    s = new StreamRxStats();
    streams_[id].store(s, std::memory_order_release);
  }
  s->onPacket(static_cast<unsigned>(lane), static_cast<uint32_t>(be(sig + kSigSeqOffset, 4)), wireLen + 4, txNs, rxNs);
}

}  // namespace staccato::drone
