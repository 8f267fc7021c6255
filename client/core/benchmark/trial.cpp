#include "client/core/benchmark/trial.h"

namespace staccato::bench {

const CalibrationPoint* Calibration::find(const FrameSize& size) const {
  for (const CalibrationPoint& p : points)
    if (p.frameSize == size) return &p;
  return nullptr;
}

}  // namespace staccato::bench
