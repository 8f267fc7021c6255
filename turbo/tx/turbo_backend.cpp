// AF_XDP transmit. Each stream owns a fixed set of UMEM frames, prefilled once with its template;
// a frame goes back to its stream's free list when its completion arrives, still holding a packet
// of that stream, so per packet only the patch program writes. In copy mode the kernel sends
// during our wake-up call, so a batch is kicked until the kernel has taken all of it: packets
// leave right after their timestamps are written. The hot path allocates nothing and logs nothing.
#include "turbo/tx/turbo_backend.h"

#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <cerrno>
#include <cstring>
#include <vector>

#include "common/core/clock.h"
#include "common/core/push_back.h"

namespace staccato::turbo {
namespace {

constexpr uint32_t kMaxBatch = 64;
constexpr uint32_t kMaxSpins = 10'000'000;  ///< wake-ups without progress before giving up
// A queue's UMEM holds at most kFramesBudget frames (64 MiB at 4 KiB each) whatever the streams:
// a port holds at most 4096 streams (drone_limits.h), and 16384 / 4096 = kMinFramesPerStream.
constexpr uint32_t kFramesBudget = 16384;  ///< per queue, shared by its streams
constexpr uint32_t kMinFramesPerStream = 4;
constexpr uint32_t kMaxFramesPerStream = 4096;
constexpr int kDrainMs = 200;  ///< how long a closing backend waits for its frames in flight

uint32_t nextPow2(uint32_t v) {
  uint32_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

/// Free frames of one stream: a stack of UMEM addresses.
struct FreeList {
  uint32_t first = 0;  ///< index of the stream's first slot in `slots`
  uint32_t count = 0;
};

/// The socket and packet memory a backend sends with: its own, or a turbo receiver's queue lent
/// to it (released when the backend closes).
struct TxSocket {
  Umem* umem = nullptr;
  XskSocket* xsk = nullptr;
  uint32_t firstFrame = 0;  ///< the backend's frames are [firstFrame, firstFrame + budget)
  uint32_t budget = 0;
  CopyMode mode = CopyMode::kCopy;
  std::shared_ptr<void> owner;  ///< keeps umem and xsk alive (and returns a lent queue)
};

class TurboBackend final : public TxBackend {
 public:
  TurboBackend(std::string label, TxSocket socket, uint32_t framesPerStream, uint32_t streams)
      : label_(std::move(label)), socket_(std::move(socket)), umem_(socket_.umem), xsk_(socket_.xsk), mode_(socket_.mode),
        framesPerStream_(framesPerStream), lists_(streams), slots_(size_t{framesPerStream} * streams),
        owner_(size_t{framesPerStream} * streams), inFlight_(size_t{framesPerStream} * streams) {}

  /// A lent socket outlives the backend: the frames still in flight complete first, so that the
  /// next backend on the queue finds the completion ring empty (reap ignores strays anyway).
  ~TurboBackend() override {
    for (int waited = 0; inFlightCount_ > 0 && waited < kDrainMs; ++waited) {
      kick();
      reap();
      if (inFlightCount_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  std::string name() const override { return mode_ == CopyMode::kZeroCopy ? "turbo zero-copy" : "turbo copy"; }
  bool bypassesKernelTaps() const noexcept override { return true; }

  Status prepare(std::span<const TxPlan> plans) override {
    if (plans.size() != lists_.size()) return makeError(label_, "prepared for a different stream list", ErrorKind::kInternal);
    const uint32_t frameSize = umem_->frameSize();
    for (uint32_t s = 0; s < plans.size(); ++s) {
      FreeList& l = lists_[s];
      l.first = s * framesPerStream_;
      l.count = framesPerStream_;
      for (uint32_t k = 0; k < framesPerStream_; ++k) {
        const uint32_t frame = l.first + k;
        const uint64_t addr = uint64_t{socket_.firstFrame + frame} * frameSize;
        std::memcpy(umem_->data(addr), plans[s].frameTemplate.data(), plans[s].frameTemplate.size());
        slots_[l.first + k] = addr;
        owner_[frame] = s;
      }
    }
    return Ok{};
  }

  size_t acquire(size_t stream, std::span<uint8_t*> out) noexcept override {
    FreeList& l = lists_[stream];
    if (l.count < out.size()) reap();
    if (l.count == 0) {  // all of this stream's frames are in flight: push the kernel along
      kick();
      reap();
    }
    const size_t n = std::min<size_t>({out.size(), l.count, kMaxBatch});
    pendingStream_ = stream;
    for (size_t k = 0; k < n; ++k) {
      pending_[k] = slots_[l.first + --l.count];
      inFlight_[pending_[k] / umem_->frameSize() - socket_.firstFrame] = 1;
      out[k] = umem_->data(pending_[k]);
    }
    inFlightCount_ += n;
    return n;
  }

  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    const uint32_t n = static_cast<uint32_t>(std::min<size_t>(lengths.size(), kMaxBatch));
    if (n == 0) return 0;
    xsk_ring_prod& tx = xsk_->tx();
    uint32_t idx = 0;
    // The ring holds every frame of this queue, so there is always room; loop only as a guard.
    while (xsk_ring_prod__reserve(&tx, n, &idx) < n) {
      if (!kick()) return giveBack(n);
      reap();
    }
    for (uint32_t k = 0; k < n; ++k) {
      xdp_desc* d = xsk_ring_prod__tx_desc(&tx, idx + k);
      d->addr = pending_[k];
      d->len = lengths[k];
      d->options = 0;
    }
    xsk_ring_prod__submit(&tx, n);
    if (mode_ == CopyMode::kCopy) {
      // The kernel sends at most 32 frames per wake-up in copy mode: wake it until it took all.
      uint64_t lookNs = 0;
      for (uint32_t spins = 0; kernelBehind(tx); ++spins) {
        // One wake-up takes a whole batch; one more means the port had no room: the device's pace,
        // counted between looks (a stop of this thread in between is not a wait).
        if (spins >= 1) {
          const uint64_t now = monotonicNs();
          if (lookNs) portWaitNs_ += portWaitBetween(lookNs, now);
          lookNs = now;
        }
        if (!kick()) return 0;
        if (spins > kMaxSpins) {
          error_ = label_ + ": the kernel does not take frames (interface down or its queue stuck)";
          return 0;
        }
      }
      if (lookNs) portWaitNs_ += portWaitBetween(lookNs, monotonicNs());
    } else if (xsk_ring_prod__needs_wakeup(&tx)) {
      kick();
    }
    return n;
  }

  std::string lastError() const override { return error_; }
  uint64_t portWaitNs() const noexcept override { return portWaitNs_; }

 private:
  /// Whether the kernel has not yet consumed every descriptor we put in the tx ring.
  static bool kernelBehind(const xsk_ring_prod& tx) noexcept {
    return __atomic_load_n(tx.consumer, __ATOMIC_ACQUIRE) != tx.cached_prod;
  }

  /// Wakes the kernel to send. False on a hard error (kept in error_).
  bool kick() noexcept {
    if (sendto(xsk_->fd(), nullptr, 0, MSG_DONTWAIT, nullptr, 0) >= 0) return true;
    if (errno == EAGAIN || errno == EBUSY || errno == ENOBUFS || errno == EINTR) return true;
    error_ = label_ + ": send failed: " + std::strerror(errno);
    return false;
  }

  /// Returns completed frames to their streams' free lists.
  void reap() noexcept {
    xsk_ring_cons& comp = umem_->completions();
    uint32_t idx = 0;
    const uint32_t done = xsk_ring_cons__peek(&comp, kFramesBudget, &idx);
    if (done == 0) return;
    const uint32_t frameSize = umem_->frameSize();
    for (uint32_t k = 0; k < done; ++k) {
      const uint64_t addr = *xsk_ring_cons__comp_addr(&comp, idx + k);
      // A completion of an earlier backend on a lent socket is not ours: skip it.
      const uint64_t frame = addr / frameSize - socket_.firstFrame;
      if (addr / frameSize < socket_.firstFrame || frame >= inFlight_.size() || !inFlight_[frame]) continue;
      inFlight_[frame] = 0;
      --inFlightCount_;
      FreeList& l = lists_[owner_[frame]];
      slots_[l.first + l.count++] = addr;
    }
    xsk_ring_cons__release(&comp, done);
  }

  size_t giveBack(uint32_t n) noexcept {  // a failed submit: the acquired frames are free again
    FreeList& l = lists_[pendingStream_];
    for (uint32_t k = 0; k < n; ++k) {
      slots_[l.first + l.count++] = pending_[k];
      inFlight_[pending_[k] / umem_->frameSize() - socket_.firstFrame] = 0;
    }
    inFlightCount_ -= n;
    return 0;
  }

  std::string label_;
  TxSocket socket_;
  Umem* umem_;
  XskSocket* xsk_;
  CopyMode mode_;
  uint32_t framesPerStream_;
  size_t pendingStream_ = 0;
  std::vector<FreeList> lists_;
  std::vector<uint64_t> slots_;
  std::vector<uint32_t> owner_;  ///< frame index -> stream
  std::vector<uint8_t> inFlight_;  ///< frame index -> taken from its free list, not completed yet
  uint64_t inFlightCount_ = 0;
  uint64_t pending_[kMaxBatch] = {};
  std::string error_;
  uint64_t portWaitNs_ = 0;
};

/// Frames per stream within `budget`: each stream gets the same share (at least one).
uint32_t framesPerStream(uint32_t budget, uint32_t streams) {
  const uint32_t share = std::clamp(budget / streams, kMinFramesPerStream, kMaxFramesPerStream);
  return share * streams <= budget ? share : std::max(1u, budget / streams);
}

/// The largest frame of `plans`, or an error when turbo cannot send it in chunks of `chunk`.
Result<size_t> largestFrame(const std::string& label, std::span<const TxPlan> plans, uint32_t chunk) {
  size_t largest = 0;
  for (const TxPlan& p : plans) largest = std::max(largest, p.frameTemplate.size());
  if (largest > std::min<size_t>(kMaxTurboFrame, chunk))
    return makeError(label, "frames of " + std::to_string(largest) + " bytes are larger than turbo sends (" +
                                std::to_string(std::min<size_t>(kMaxTurboFrame, chunk)) + ")",
                     ErrorKind::kUnavailable);
  return largest;
}

}  // namespace

Result<std::unique_ptr<TxBackend>> openTurboBackend(const TurboRequest& req, std::span<const TxPlan> plans) {
  const std::string label = req.iface + " queue " + std::to_string(req.queue);
  auto frameBytes = largestFrame(label, plans, 4096);
  if (!frameBytes) return frameBytes.error();
  const size_t largest = *frameBytes;
  const uint32_t streams = static_cast<uint32_t>(std::max<size_t>(plans.size(), 1));
  const uint32_t perStream = framesPerStream(kFramesBudget, streams);
  const uint32_t frames = perStream * streams;
  const uint32_t frameSize = largest <= 2048 ? 2048 : 4096;
  const uint32_t ring = nextPow2(frames);  // every frame fits in flight: reserve never waits
  auto umem = Umem::create(frames, frameSize, ring);
  if (!umem) return umem.error().withPrefix(label);
  auto xsk = XskSocket::create(req.iface, req.queue, **umem, req.mode, {.tx = ring});
  if (!xsk) return xsk.error();
  struct Owned {
    std::unique_ptr<Umem> umem;
    std::unique_ptr<XskSocket> xsk;  // after umem: closed before it
  };
  auto owned = std::make_shared<Owned>(Owned{std::move(umem).value(), std::move(xsk).value()});
  TxSocket socket{owned->umem.get(), owned->xsk.get(), 0, frames, req.mode, owned};
  return std::unique_ptr<TxBackend>(new TurboBackend(label, std::move(socket), perStream, streams));
}

Result<std::unique_ptr<TxBackend>> openSharedTurboBackend(std::shared_ptr<TurboRx> rx, const std::string& iface,
                                                          uint32_t queue, std::span<const TxPlan> plans) {
  const std::string label = iface + " queue " + std::to_string(queue);
  auto share = rx->lendTx(queue);
  if (!share) return share.error().withPrefix(label);
  // Gives the queue back to the receiver when the backend closes.
  std::shared_ptr<void> lease(rx.get(), [rx, queue](void*) { rx->returnTx(queue); });
  if (auto s = largestFrame(label, plans, share->umem->frameSize()); !s) return s.error();
  const uint32_t streams = static_cast<uint32_t>(std::max<size_t>(plans.size(), 1));
  if (streams > share->frames)
    return makeError(label, std::to_string(streams) + " streams are more than a shared queue's " +
                                std::to_string(share->frames) + " frames",
                     ErrorKind::kUnavailable);
  const uint32_t perStream = framesPerStream(share->frames, streams);
  TxSocket socket{share->umem, share->xsk, share->firstFrame, perStream * streams,
                  share->zeroCopy ? CopyMode::kZeroCopy : CopyMode::kCopy, std::move(lease)};
  return std::unique_ptr<TxBackend>(new TurboBackend(label, std::move(socket), perStream, streams));
}

}  // namespace staccato::turbo
