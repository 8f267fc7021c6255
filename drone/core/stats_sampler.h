#pragma once
/// Turns successive cumulative snapshots into rates (one sampler per stats watcher, so each
/// client gets rates over its own interval).
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class StatsSampler {
 public:
  /// Fills the rate fields of `snap` from the previous snapshot this sampler saw.
  void addRates(v1::StatsSnapshot& snap);

 private:
  v1::StatsSnapshot previous_;
  bool havePrevious_ = false;
};

}  // namespace staccato::drone
