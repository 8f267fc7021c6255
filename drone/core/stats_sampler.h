#pragma once
/// Turns successive cumulative snapshots into rates: one sampler per group of stats watchers
/// that share an interval, so each gets rates over its own interval.
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class StatsSampler {
 public:
  /// Fills the rate fields of `snap` from the previous snapshot this sampler kept.
  void fillRates(v1::StatsSnapshot& snap) const;
  /// fillRates, then keeps `snap` as the previous one.
  void addRates(v1::StatsSnapshot& snap);

 private:
  v1::StatsSnapshot previous_;
  bool havePrevious_ = false;
};

}  // namespace staccato::drone
