#pragma once
/// Receive side of one port: signature frames (last 16 bytes start with the magic) feed
/// per-stream stats. Two engines fill the same table from their own thread: libpcap (a kernel
/// BPF filter passes only signature frames) and turbo (an XDP program hands them to AF_XDP
/// sockets, one per receive queue). Counting is single-writer: only that thread writes.
#include <atomic>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/capture/capture_sink.h"
#include "drone/port/port_info.h"
#include "drone/rx/stream_rx_stats.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::turbo {
class TurboRx;
}

namespace staccato::drone {

/// How a port's receive engine runs (the drone's options).
struct RxOptions {
  /// libpcap's packet ring: what it holds while the receive thread is busy. Mapped whole by the
  /// kernel (it counts in the drone's memory, about twice this).
  size_t pcapBufferBytes = size_t{16} << 20;
  /// Stamp arrivals when the receive thread reads them instead of taking the kernel's (driver's
  /// for turbo) stamp: only to measure what kernel timestamps save.
  bool userTimestamps = false;
};

class SignatureReceiver {
 public:
  static constexpr size_t kMaxStreams = 65536;
  /// Stream ids one port tracks at most (as many as a port may send): anyone who can put frames
  /// on the wire can invent ids, and each costs 1..16 KiB (its latency chunks). Frames of further
  /// ids are ignored (counted in ignored()) until ClearStats frees them all.
  static constexpr size_t kMaxTrackedStreams = 4096;

  /// libpcap engine: works on any interface and leaves captures (tcpdump) seeing everything.
  static Result<std::unique_ptr<SignatureReceiver>> openPcap(const PortInfo& port, const RxOptions& options);
  /// Turbo engine (when built with turbo): counts at millions of frames per second, but the
  /// signature frames no longer reach the kernel: a capture on the port gets them through its tap.
  static Result<std::unique_ptr<SignatureReceiver>> openTurbo(const PortInfo& port, const RxOptions& options);
  /// In-kernel counting (when built with turbo): an XDP program (or, `atTc`, a tc ingress
  /// program) counts signature frames in maps and copies none; the kernel's taps see them only
  /// while a capture of the port runs (at tc: always, they run first).
  static Result<std::unique_ptr<SignatureReceiver>> openXdpCount(const PortInfo& port, const RxOptions& options,
                                                                 bool atTc = false);
  /// The reflector (when built with turbo): an XDP program returns every test frame out of the
  /// port with source and destination swapped as `how` says, and counts it; it counts no streams.
  static Result<std::unique_ptr<SignatureReceiver>> openReflector(const PortInfo& port, v1::PortConfig::Reflect how);

  virtual ~SignatureReceiver();

  /// Calls `fn` for every stream seen since the last clear (engines with a receive thread).
  void forEachStream(const std::function<void(uint16_t, const StreamRxStats&)>& fn) const;
  /// Calls `fn` with the counts of every stream seen since the last clear, whichever engine.
  virtual void forEachCount(const std::function<void(uint16_t, const StreamRxCounts&)>& fn) const;
  /// Forgets every stream (their memory too); returns once the receive thread has let go of
  /// them. Not while another thread reads forEachStream (the drone's lock orders both).
  void clear();
  /// The sender of these stream ids starts them afresh (sequence numbers and counts from 0): their
  /// counts here start over too, or the new run's frames would count as the last run's duplicates.
  /// Asks the receive thread (nothing to ask when none of them was seen); awaitRestart() waits
  /// for it, so that the caller can ask every port's engine before waiting for any.
  virtual void requestRestart(std::span<const uint16_t> ids);
  void awaitRestart();
  /// Keeps the receive thread off these cores (bit k = core k: the transmit workers'), from its
  /// next turn on. A receiver sharing a core with a spinning sender starves both.
  void avoidCores(uint64_t cores);
  /// Frames that passed the filter but were not plausible signatures (bad time, short), or
  /// belonged to a stream id beyond kMaxTrackedStreams.
  virtual uint64_t ignored() const { return ignored_.load(std::memory_order_relaxed); }
  /// Signature frames the engine had no room for and never examined (libpcap: its ring was full;
  /// turbo: its rings were full or it had no free buffer). Since the last clear.
  virtual uint64_t dropped() const { return 0; }
  /// Frames the filter passed and this engine examined (signatures or not), since the last clear.
  virtual uint64_t examined() const { return examined_.load(std::memory_order_relaxed); }
  /// Test frames this engine returned to their sender (a reflector), since the last clear.
  virtual uint64_t reflected() const { return 0; }
  /// "pcap", "turbo-native", "turbo-generic", "xdp-count", "tc-count" or "reflect".
  virtual std::string engine() const = 0;
  /// Where arrival times come from: "kernel", "adapter" (the NIC's, synchronised with the system
  /// clock), "XDP" (the driver's, when the XDP program runs) or "receive thread".
  std::string timestamps() const { return userTimestamps_ ? "receive thread" : engineTimestamps(); }
  /// What else the port list should say about the engine (e.g. its hook and limits), or empty.
  virtual std::string engineNote() const { return {}; }
  /// Turbo: the AF_XDP sockets it holds on the port's queues, which the port's turbo transmit
  /// shares (a queue takes one packet memory). Null for other engines.
  virtual std::shared_ptr<turbo::TurboRx> turboQueues() const { return nullptr; }
  /// A capture of the port: the frames this engine takes before the kernel's taps see them
  /// (turbo: signature frames) are copied to `tap` too, as received, while it is set (null:
  /// none). Returns once the receive thread no longer uses the previous one.
  void setTap(CaptureSink* tap);

 protected:
  explicit SignatureReceiver(bool userTimestamps = false);
  /// One received frame: `wireLen` bytes on the wire (no FCS), the last `kSignatureBytes` of the
  /// `len` bytes at `frame` the trailer; `rxNs` realtime arrival. Receive thread only.
  void onFrame(const uint8_t* frame, uint32_t len, uint32_t wireLen, uint64_t rxNs) noexcept;
  /// Receive thread, between batches: does a requested clear, acknowledges a new tap and moves
  /// off the cores to avoid. Call it often (at least every 50 ms).
  void serviceClear() noexcept;
  /// Receive thread: called by serviceClear while clearing (engine counters since the clear).
  virtual void onClear() noexcept {}
  virtual std::string engineTimestamps() const { return "kernel"; }
  /// Receive thread, once per batch: where taken frames are copied, or null (no capture: the
  /// only cost is this load).
  CaptureSink* tap() const noexcept { return tap_.load(std::memory_order_acquire); }

 private:
  std::array<std::atomic<StreamRxStats*>, kMaxStreams> streams_{};
  const bool userTimestamps_;
  std::atomic<uint64_t> ignored_{0};
  std::atomic<uint64_t> examined_{0};
  size_t tracked_ = 0;  ///< stream ids with a slot (receive thread only)
  /// A clear's streams, handed over by the receive thread for clear() to delete (made once: no
  /// allocation on the receive thread).
  std::unique_ptr<StreamRxStats*[]> retired_ = std::make_unique<StreamRxStats*[]>(kMaxTrackedStreams);
  size_t retiredCount_ = 0;
  std::atomic<uint64_t> clearsRequested_{0}, clearsDone_{0};
  std::vector<uint16_t> restartIds_;  ///< written before a request, read by the receive thread
  std::atomic<uint64_t> restartsRequested_{0}, restartsDone_{0};
  std::atomic<CaptureSink*> tap_{nullptr};
  std::atomic<uint64_t> tapChanges_{0}, tapChangesSeen_{0};
  std::atomic<uint64_t> avoid_{0};
  uint64_t avoiding_ = 0;  ///< receive thread: the cores it keeps off now
};

}  // namespace staccato::drone
