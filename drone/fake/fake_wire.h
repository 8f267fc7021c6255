#pragma once
/// The wire between two fake ports: what one port sends arrives in its peer's inbox, where
/// the peer's receive engine (if it has one open) takes it, with the arrival time the "kernel"
/// stamped. Both ends count what crossed, as interface counters would.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "drone/capture/capture_sink.h"
#include "drone/port/kernel_stats.h"

namespace staccato::drone::fake {

/// Interface counters of one fake port (bytes without FCS, as the kernel counts them).
struct FakeCounters {
  std::atomic<uint64_t> txPackets{0}, txBytes{0}, rxPackets{0}, rxBytes{0};
  LinkCounters read() const;
};

/// Where a fake port's capture engine sees the frames crossing its end of the wire, both
/// ways, as the kernel's taps would. Senders on any queue call it; one capture at a time.
class FakeTap {
 public:
  /// A capture engine starts seeing the frames into `sink`.
  void set(CaptureSink* sink);
  /// The engine feeding `sink` goes (a newer one may have taken its place). Returns once no
  /// sender uses `sink`.
  void unset(CaptureSink* sink);
  /// Sender side: a batch that left (`direction` kCapturedOutbound) or arrived (kCapturedInbound)
  /// at `realtimeNs`; with `skipSignatures`, frames turbo receive takes before the taps are left
  /// out (they reach the capture through the receiver's tap).
  void deliver(std::span<uint8_t* const> frames, std::span<const uint16_t> lengths, uint64_t realtimeNs,
               uint8_t direction, bool skipSignatures);

 private:
  std::atomic<bool> active_{false};  ///< checked first: no lock per batch without a capture
  std::mutex mu_;
  CaptureSink* sink_ = nullptr;
};

/// Frames waiting for a port's receive engine. Many senders (one per transmit queue), one reader.
class FakeInbox {
 public:
  /// `capacity` frames wait at most. `lossless`: a sender waits for room (a link with flow
  /// control); otherwise frames that find the inbox full are dropped and counted (a receive
  /// ring overflowing: what a starved receiver does).
  FakeInbox(size_t capacity, bool lossless);

  /// A receive engine starts or stops listening; frames arriving while none listens are gone.
  void setListening(bool listening);
  bool listening();
  /// Sender side: the frames of one batch, stamped `arrivalNs`.
  void deliver(std::span<uint8_t* const> frames, std::span<const uint16_t> lengths, uint64_t arrivalNs);
  /// Reader side: hands each waiting frame to `take(bytes, len, arrivalNs)`; waits up to
  /// `timeoutMs` for one when there is none. Returns how many.
  template <typename Take>
  size_t drain(Take&& take, int timeoutMs);
  /// Frames dropped for want of room since the last resetDropped().
  uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }
  void resetDropped() { dropped_.store(0, std::memory_order_relaxed); }

 private:
  struct Slot {
    std::vector<uint8_t> bytes;  ///< reused: grows to the longest frame once
    uint16_t len = 0;
    uint64_t arrivalNs = 0;
  };
  std::mutex mu_;
  std::condition_variable roomOrFrames_;
  std::vector<Slot> ring_;
  size_t head_ = 0, count_ = 0;
  bool listening_ = false;
  const bool lossless_;
  std::atomic<uint64_t> dropped_{0};
};

template <typename Take>
size_t FakeInbox::drain(Take&& take, int timeoutMs) {
  std::unique_lock lock(mu_);
  if (count_ == 0) roomOrFrames_.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return count_ > 0; });
  size_t n = 0;
  while (count_ > 0) {
    const Slot& s = ring_[head_];
    take(s.bytes.data(), s.len, s.arrivalNs);
    head_ = (head_ + 1) % ring_.size();
    --count_;
    ++n;
  }
  if (n) roomOrFrames_.notify_all();
  return n;
}

}  // namespace staccato::drone::fake
