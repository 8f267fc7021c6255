#pragma once
/// The batch transmit interface every backend implements: libpcap (drone/tx/pcap_backend), AF_XDP
/// (turbo/tx) and the in-kernel engine (turbo/xdp, a FrameBuilder). A worker asks for frame buffers of one stream, runs the stream's patch
/// program in them, and submits the batch. One backend serves one worker (one port queue).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"

namespace staccato {

/// A copy of a frame a FrameBuilder sent (for a capture of the port).
struct SentFrame {
  const uint8_t* data = nullptr;
  uint32_t length = 0;      ///< bytes without FCS
  uint64_t realtimeNs = 0;  ///< when it was built
};

/// A backend that builds the frames itself from the plans it was opened with (the in-kernel
/// engine, turbo/xdp): instead of filling buffers, the worker names each run of a stream (as
/// makePatchState would) and how many of its packets to send now.
class FrameBuilder {
 public:
  virtual ~FrameBuilder() = default;
  /// Packets one send or sendPaced call builds at most: a stop waits for one call.
  virtual uint64_t maxBatch() const noexcept = 0;
  /// Stream i's next run on this worker: packets first, first + stride, ...; signatures count in
  /// `lane` from lane->first, or follow the packet index without one.
  virtual void beginRun(size_t stream, uint64_t first, uint64_t stride, const SignatureLane* lane) noexcept = 0;
  /// Builds and sends the next n (<= maxBatch) packets of stream i's run now. Returns how many
  /// were sent (fewer: see TxBackend::lastError) and adds their bytes (with FCS) to `bytes`.
  virtual uint64_t send(size_t stream, uint64_t n, uint64_t& bytes) noexcept = 0;
  /// The same, paced by the builder: the first packet leaves at `nextDueNs` (CLOCK_MONOTONIC),
  /// each further one `intervalNs` later; call it shortly before the first is due. Advances
  /// nextDueNs past what it sent.
  virtual uint64_t sendPaced(size_t stream, uint64_t n, uint64_t& nextDueNs, uint64_t intervalNs,
                             uint64_t& bytes) noexcept = 0;
  /// Where copies of sent frames go: sink(ctx, frames, n) after each call, in order; the frames
  /// are valid only during the call.
  using SentSink = void (*)(void* ctx, const SentFrame* frames, size_t n) noexcept;
  /// While `sink` is set, every frame sent is copied to it too (slower: for a capture of what is
  /// sent, whose frames pass no kernel tap). Null: no copies.
  virtual void copySentTo(SentSink sink, void* ctx) noexcept = 0;
  /// Frames sent while copying that could not be copied.
  virtual uint64_t copiesLost() const noexcept = 0;
};

class TxBackend {
 public:
  virtual ~TxBackend() = default;
  virtual std::string name() const = 0;
  /// Gives the backend the streams' templates so it can prefill its buffers once.
  virtual Status prepare(std::span<const TxPlan> plans) = 0;
  /// Up to out.size() buffers for stream `stream`, each holding that stream's template or a
  /// previous packet of it. Returns how many: fewer only when the port has no room for more now
  /// (frames still in flight), which the worker counts as the device's back pressure.
  virtual size_t acquire(size_t stream, std::span<uint8_t*> out) noexcept = 0;
  /// Sends the acquired buffers with these lengths (bytes without FCS), in order. Returns how
  /// many were sent; fewer means the rest failed (see lastError()).
  virtual size_t submit(std::span<const uint16_t> lengths) noexcept = 0;
  /// How long submits have waited, in all, for the port to take frames it had no room for (ns):
  /// the device's back pressure (AF_XDP copy mode over veth: the socket's buffer full of frames
  /// the device has not taken in yet). 0 when the backend cannot tell.
  virtual uint64_t portWaitNs() const noexcept { return 0; }
  /// Why the last submit sent fewer than asked (e.g. the interface went away).
  virtual std::string lastError() const = 0;
  /// Its frames never pass the kernel's packet taps (AF_XDP), so captures must be given them.
  virtual bool bypassesKernelTaps() const noexcept { return false; }
  /// Non-null when the backend builds its own frames (then acquire and submit are not used).
  virtual FrameBuilder* builder() noexcept { return nullptr; }
};

}  // namespace staccato
