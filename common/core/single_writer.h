#pragma once
/// Counters with one writing thread, read live by others: the writer adds with a plain load and
/// store (no locked read-modify-write in the hot path); readers see a whole, recent value.
#include <atomic>
#include <cstdint>

namespace staccato {

inline void addSingleWriter(std::atomic<uint64_t>& counter, uint64_t by = 1) noexcept {
  counter.store(counter.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);
}

}  // namespace staccato
