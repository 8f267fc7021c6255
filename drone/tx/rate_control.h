#pragma once
/// Live rate changes of a sending port: the whole port scaled, or one stream set to a new rate.
/// The control plane sets them; each of the port's workers notices a new version between two
/// batches (one relaxed load per batch) and takes the new rates under a lock (only then), so a
/// change applies within one batch or one 5 ms wait, without stopping, and counts, sequence
/// numbers and field values go on where they were.
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

#include "common/stream/rate.h"
#include "common/stream/tx_plan.h"

namespace staccato::drone {

struct RateChanges {
  double scale = 1;                         ///< every stream without a rate of its own
  std::map<uint32_t, RatePlan> streams;     ///< by stream id: the rate that stream sends at now
};

class RateControl {
 public:
  void set(RateChanges changes) {
    std::lock_guard lock(mu_);
    changes_ = std::move(changes);
    version_.fetch_add(1, std::memory_order_release);
  }
  RateChanges get() const {
    std::lock_guard lock(mu_);
    return changes_;
  }
  /// Changes so far (0: none): a worker compares it with the one it applied.
  uint64_t version() const noexcept { return version_.load(std::memory_order_acquire); }

  /// The rate `plan` sends at under `changes`.
  static RatePlan rateOf(const TxPlan& plan, const RateChanges& changes) {
    if (auto it = changes.streams.find(plan.streamId); it != changes.streams.end()) return it->second;
    return changes.scale == 1 ? plan.rate : scaledRate(plan.rate, changes.scale);
  }

 private:
  mutable std::mutex mu_;
  RateChanges changes_;
  std::atomic<uint64_t> version_{0};
};

}  // namespace staccato::drone
