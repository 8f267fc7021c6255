#pragma once
/// Per-stream transmit counters of one worker (one writer), read live by stats, which sums a
/// port's workers.
#include <atomic>
#include <cstdint>

#include "common/core/clock.h"
#include "common/core/single_writer.h"

namespace staccato::drone {

struct alignas(64) StreamTxCounters {
  std::atomic<uint64_t> packets{0};
  std::atomic<uint64_t> bytes{0};  ///< with FCS
  /// Realtime when the first and the latest batch were handed to the port (0 = none yet): a
  /// benchmark's real sending time, from its first frame to its last.
  std::atomic<uint64_t> firstNs{0};
  std::atomic<uint64_t> lastNs{0};
  /// How far behind its schedule the worker was at worst when it sent (ns): what it then sent
  /// back to back to catch up.
  std::atomic<uint64_t> maxLateNs{0};
  /// How far behind its schedule the worker was at its latest batch (ns).
  std::atomic<uint64_t> lateNs{0};
  /// How long the worker waited for room at the port (ns): all its frames in flight, or the
  /// socket's buffer full. The device's pace, not the generator's.
  std::atomic<uint64_t> blockedNs{0};
  /// How much of its schedule the worker let go, too far behind to catch it all up (ns; only
  /// with a bound on catching up: TxJob::maxCatchUpNs).
  std::atomic<uint64_t> skippedNs{0};

  /// One clock read per batch, never per packet.
  void add(uint64_t n, uint64_t b) noexcept {
    if (n == 0) return;
    addSingleWriter(packets, n);
    addSingleWriter(bytes, b);
    const uint64_t now = realtimeNs();
    if (firstNs.load(std::memory_order_relaxed) == 0) firstNs.store(now, std::memory_order_relaxed);
    lastNs.store(now, std::memory_order_relaxed);
  }
  /// A batch went out `lateNs` after its first packet was due (one compare per batch).
  void late(uint64_t ns) noexcept {
    lateNs.store(ns, std::memory_order_relaxed);
    if (ns > maxLateNs.load(std::memory_order_relaxed)) maxLateNs.store(ns, std::memory_order_relaxed);
  }
  /// The port had no room for `ns`, and now took a whole batch again.
  void blocked(uint64_t ns) noexcept { addSingleWriter(blockedNs, ns); }
  void skipped(uint64_t ns) noexcept { addSingleWriter(skippedNs, ns); }
  void clear() noexcept {
    skippedNs.store(0, std::memory_order_relaxed);
    blockedNs.store(0, std::memory_order_relaxed);
    maxLateNs.store(0, std::memory_order_relaxed);
    lateNs.store(0, std::memory_order_relaxed);
    packets.store(0, std::memory_order_relaxed);
    bytes.store(0, std::memory_order_relaxed);
    firstNs.store(0, std::memory_order_relaxed);
    lastNs.store(0, std::memory_order_relaxed);
  }
};

}  // namespace staccato::drone
