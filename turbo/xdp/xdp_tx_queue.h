#pragma once
/// One transmit worker's handle on the in-kernel sender: BPF_PROG_RUN calls with live frames on
/// the worker's own CPU, each building and redirecting a number of frames of one stream. The
/// worker thread must be pinned to `cpu` (the program finds the call's stream and run through
/// the CPU it runs on) and be the only user of that CPU's entry.
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/stream/tx_plan.h"
#include "turbo/xdp/sender_program.h"

namespace staccato::turbo {

class XdpTxQueue {
 public:
  /// Frames per call at most (repeat): a call runs to its end, so this bounds how long a stop
  /// waits (~10 ms at 5 Mpps).
  static constexpr uint32_t kMaxCallFrames = 1u << 16;

  XdpTxQueue(SenderProgram& program, unsigned cpu, uint32_t kernelBatch = 64);

  /// Starts a run of stream i on this queue, as makePatchState(plan, first, stride, 0, lane)
  /// does for a user-space worker: its packets are first, first + stride, ...; sequence numbers
  /// count in `lane` from lane->first, or follow the packet index without one.
  void beginRun(size_t stream, uint64_t first, uint64_t stride, const SignatureLane* lane) noexcept;
  /// Builds and sends n frames of stream i's current run now (n <= kMaxCallFrames). Returns
  /// how many were sent; fewer means failure (see lastError).
  uint64_t send(size_t stream, uint64_t n) noexcept;
  /// Paces in the program: sends n frames, the first due at `nextDueNs` (CLOCK_MONOTONIC) and
  /// each further one `intervalNs` later; the program waits for each frame's time (call it at
  /// most ~100 us before the first is due: a frame that is still early then is dropped, not
  /// sent, and tried again). The kernel flushes frames to the port every ~20 us of them.
  /// Advances nextDueNs past what it sent; returns how many (fewer: see lastError).
  uint64_t sendPaced(size_t stream, uint64_t n, uint64_t& nextDueNs, uint64_t intervalNs) noexcept;
  /// Whether live frames work here: one call whose frame the program drops (limit 0). An error
  /// saying why not (a kernel before 5.18, missing rights), or empty.
  std::string probe() noexcept;
  /// Runs the program once on `in` (a template or a previous packet of stream i) as the next
  /// packet of the current run, without sending it: the built frame goes to `out`. Returns its
  /// length, or 0 on failure. For checks of what the kernel builds (tests, previews).
  uint32_t buildOne(size_t stream, std::span<const uint8_t> in, std::span<uint8_t> out) noexcept;
  /// Copies of sent frames one call keeps at most (see setCopying).
  static constexpr uint32_t kCopySlots = XS_COPY_SLOTS;
  /// While on, the program copies every frame it sends on this CPU (for a capture of the port),
  /// up to kCopySlots between two takeCopies; it counts further ones in copiesLost. Send at most
  /// kCopySlots frames between two takeCopies to keep them all.
  void setCopying(bool on) noexcept { program_.worker(cpu_).copy = on ? 1 : 0; }
  /// Calls fn(const xs_copy&) for each copy made since the last call, oldest first, and frees
  /// their slots. Returns how many.
  template <class F>
  size_t takeCopies(F&& fn) noexcept {
    xs_worker& w = program_.worker(cpu_);
    const auto n = static_cast<size_t>(std::min<uint64_t>(w.copied, kCopySlots));
    for (size_t i = 0; i < n; ++i) fn(program_.copy(cpu_, static_cast<uint32_t>(i)));
    w.copied = 0;
    return n;
  }
  /// Frames sent while the copy slots were full.
  uint64_t copiesLost() const noexcept { return program_.worker(cpu_).copies_lost; }
  /// Bytes (with FCS) of the frames the last send or sendPaced sent.
  uint64_t sentBytes() const noexcept { return bytes_; }
  /// Why the last call sent fewer than asked.
  const std::string& lastError() const noexcept { return error_; }
  unsigned cpu() const noexcept { return cpu_; }

 private:
  struct Run {
    uint32_t generation = 0;
    uint64_t first = 0, laneFirst = 0;
    uint16_t stride = 1;
    uint8_t lane = 0, laneMode = 0;
  };
  /// Points the CPU's worker entry at stream i's current run, allowing `limit` frames.
  void arm(size_t stream, uint64_t limit) noexcept;
  /// One live call: `repeat` program runs of stream i sending at most `limit`, flushed to the
  /// port every `batch` frames. Returns frames sent.
  uint64_t call(size_t stream, uint32_t repeat, uint64_t limit, uint32_t batch) noexcept;

  SenderProgram& program_;
  unsigned cpu_;
  uint32_t kernelBatch_;
  uint32_t generations_ = 0;
  uint64_t bytes_ = 0;
  std::vector<Run> runs_;
  std::string error_;
};

}  // namespace staccato::turbo
