#pragma once
/// Per-stream transmit counters of one worker (one writer), read live by stats, which sums a
/// port's workers.
#include <atomic>
#include <cstdint>

#include "common/core/single_writer.h"

namespace staccato::drone {

struct alignas(64) StreamTxCounters {
  std::atomic<uint64_t> packets{0};
  std::atomic<uint64_t> bytes{0};  ///< with FCS

  void add(uint64_t n, uint64_t b) noexcept {
    addSingleWriter(packets, n);
    addSingleWriter(bytes, b);
  }
  void clear() noexcept {
    packets.store(0, std::memory_order_relaxed);
    bytes.store(0, std::memory_order_relaxed);
  }
};

}  // namespace staccato::drone
