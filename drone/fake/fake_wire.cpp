#include "drone/fake/fake_wire.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>

#include "common/packet/signature_layout.h"

namespace staccato::drone::fake {

LinkCounters FakeCounters::read() const {
  LinkCounters c;
  c.txPackets = txPackets.load(std::memory_order_relaxed);
  c.txBytes = txBytes.load(std::memory_order_relaxed);
  c.rxPackets = rxPackets.load(std::memory_order_relaxed);
  c.rxBytes = rxBytes.load(std::memory_order_relaxed);
  return c;
}

void FakeTap::set(CaptureSink* sink) {
  std::lock_guard lock(mu_);
  sink_ = sink;
  active_.store(true);
}

void FakeTap::unset(CaptureSink* sink) {
  std::lock_guard lock(mu_);
  if (sink_ != sink) return;
  sink_ = nullptr;
  active_.store(false);
}

void FakeTap::deliver(std::span<uint8_t* const> frames, std::span<const uint16_t> lengths, uint64_t realtimeNs,
                      uint8_t direction, bool skipSignatures) {
  if (!active_.load(std::memory_order_relaxed)) return;
  std::array<CapturedFrame, 64> out;
  size_t n = 0;
  std::lock_guard lock(mu_);
  if (!sink_) return;
  for (size_t k = 0; k < lengths.size(); ++k) {
    if (skipSignatures && endsWithSignature({frames[k], lengths[k]})) continue;
    out[n++] = {frames[k], lengths[k], lengths[k], realtimeNs, static_cast<uint8_t>(direction | kCapturedUnfiltered)};
    if (n == out.size()) {
      sink_->onCaptured({out.data(), n});
      n = 0;
    }
  }
  if (n) sink_->onCaptured({out.data(), n});
}

FakeInbox::FakeInbox(size_t capacity, bool lossless) : ring_(std::max<size_t>(capacity, 1)), lossless_(lossless) {}

void FakeInbox::setListening(bool listening) {
  std::lock_guard lock(mu_);
  listening_ = listening;
  if (!listening) head_ = count_ = 0;
  roomOrFrames_.notify_all();
}

bool FakeInbox::listening() {
  std::lock_guard lock(mu_);
  return listening_;
}

void FakeInbox::deliver(std::span<uint8_t* const> frames, std::span<const uint16_t> lengths, uint64_t arrivalNs) {
  std::unique_lock lock(mu_);
  for (size_t k = 0; k < lengths.size(); ++k) {
    if (lossless_)  // a listener that stops listening frees every waiting sender
      roomOrFrames_.wait(lock, [&] { return !listening_ || count_ < ring_.size(); });
    if (!listening_) return;
    if (count_ == ring_.size()) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      continue;
    }
    Slot& s = ring_[(head_ + count_) % ring_.size()];
    if (s.bytes.size() < lengths[k]) s.bytes.resize(lengths[k]);
    std::memcpy(s.bytes.data(), frames[k], lengths[k]);
    s.len = lengths[k];
    s.arrivalNs = arrivalNs;
    ++count_;
  }
  roomOrFrames_.notify_all();
}

}  // namespace staccato::drone::fake
