#pragma once
/// Turbo receive: the signature-redirect XDP program on an interface and one AF_XDP socket per
/// receive queue, each with its own packet memory. Signature frames (a lane's magic and a send
/// time within kSignatureClockWindowNs of now) land in user space stamped with their arrival
/// time; every other frame goes to the kernel as before. Not thread-safe: one thread drains it.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "turbo/rx/xdp_program.h"
#include "turbo/xsk/socket.h"
#include "turbo/xsk/umem.h"

namespace staccato::turbo {

struct RxFrame {
  const uint8_t* data;
  uint32_t len;
  uint64_t arrivalMonoNs;  ///< CLOCK_MONOTONIC when the driver saw it; 0 = not stamped
};

/// Where drained frames go; frames are valid only during the call.
class RxFrameSink {
 public:
  virtual ~RxFrameSink() = default;
  virtual void onFrames(const RxFrame* frames, size_t n) noexcept = 0;
};

class TurboRx {
 public:
  struct Options {
    std::string iface;
    uint32_t queues = 1;  ///< the interface's receive queues
    uint32_t mtu = 1500;
    uint64_t speedMbps = 0;  ///< the link's speed (sizes the packet memory); 0 = unknown
    int64_t realtimeMinusMonoNs = 0;  ///< CLOCK_REALTIME - CLOCK_MONOTONIC now (see setRealtimeOffset)
  };
  /// Packet buffers: 2048 bytes when the MTU allows (twice the frames for the same memory),
  /// else 4096; the kernel keeps 256 bytes of each for its XDP headroom.
  static constexpr uint32_t kXdpHeadroom = 256;
  static constexpr uint32_t kMaxFrame = 4096 - kXdpHeadroom;
  static constexpr size_t kBatch = 64;

  static Result<std::unique_ptr<TurboRx>> open(const Options& options);

  /// A queue's socket serves transmit too (a queue takes one packet memory, so a port cannot
  /// have separate receive and transmit sockets): its tx ring, the memory's completion ring and
  /// kTxFramesPerQueue frames kept for sending are lent to one transmit backend at a time (a
  /// stream's frames in flight: a millisecond of a queue's sending at full speed).
  static constexpr uint32_t kTxFramesPerQueue = 1024;
  struct TxShare {
    Umem* umem;
    XskSocket* xsk;
    uint32_t firstFrame;  ///< the first frame kept for sending
    uint32_t frames;
    bool zeroCopy;
  };
  /// Queue `queue`'s transmit half; an error when there is no such socket or it is lent.
  Result<TxShare> lendTx(uint32_t queue);
  void returnTx(uint32_t queue) noexcept;

  /// The XDP program compares send times (realtime) with its monotonic clock through this offset:
  /// refresh it now and then, as realtime steps (NTP). A failure keeps the previous offset.
  Status setRealtimeOffset(int64_t realtimeMinusMonoNs);

  /// Hands every waiting frame (up to a batch per queue) to `sink`; returns how many.
  size_t drain(RxFrameSink& sink) noexcept;
  /// Waits up to `timeoutMs` for frames on any queue.
  void wait(int timeoutMs) noexcept;
  /// Signature frames the kernel could not hand over (our rings were full, or no free buffer):
  /// XDP_STATISTICS of every queue's socket.
  uint64_t dropped() const noexcept;
  /// "native" (XDP in the driver) or "generic" (XDP on the skb path).
  const char* hook() const noexcept { return program_->native() ? "native" : "generic"; }

 private:
  struct Queue {
    std::unique_ptr<Umem> umem;
    std::unique_ptr<XskSocket> xsk;  // after umem: closed before it
    uint32_t rxFrames = 0;           ///< frames [0, rxFrames) receive; the rest are kept for sending
    bool zeroCopy = false;           ///< the mode the socket was bound in
    bool lent = false;
  };
  TurboRx() = default;
  size_t drainQueue(Queue& q, RxFrameSink& sink) noexcept;

  std::vector<Queue> queues_;
  std::mutex lendMu_;
  std::unique_ptr<XdpProgram> program_;  // last: detached before the sockets close
};

}  // namespace staccato::turbo
