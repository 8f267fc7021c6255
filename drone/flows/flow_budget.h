#pragma once
/// The descriptors every flow run of a drone may hold together (each connection end is one):
/// what the drone's limit leaves after gRPC's connections and the ports' own, so that flows can
/// never leave the drone without a descriptor to answer its clients (or to stop the flows).
/// Taken before a socket opens, given back when it closes; lock-free.
#include <atomic>
#include <cstdint>

namespace staccato::drone {

class DescriptorBudget {
 public:
  explicit DescriptorBudget(uint64_t capacity) : capacity_(capacity) {}
  bool take() {
    uint64_t used = used_.load(std::memory_order_relaxed);
    do {
      if (used >= capacity_) return false;
    } while (!used_.compare_exchange_weak(used, used + 1, std::memory_order_relaxed));
    return true;
  }
  void give() { used_.fetch_sub(1, std::memory_order_relaxed); }
  uint64_t capacity() const { return capacity_; }
  uint64_t inUse() const { return used_.load(std::memory_order_relaxed); }

 private:
  const uint64_t capacity_;
  std::atomic<uint64_t> used_{0};
};

}  // namespace staccato::drone
