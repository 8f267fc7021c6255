#pragma once
/// RFC 2544 26.4 with RFC 9004: the longest burst the device takes at the burst rate without
/// losing a frame, searched `trials` times and averaged, and the device's buffer it implies,
/// corrected for the frames the device forwards while the burst arrives.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

struct BackToBackResult {
  double burstLoad = 0;              ///< the bursts' rate, fraction of line rate (1 unless the tester is slower)
  double burstPps = 0;               ///< the same per flow
  std::vector<uint64_t> bursts;      ///< each search's longest loss-free burst, frames per flow
  double averageFrames = 0;
  double throughputPps = 0;          ///< per flow, from the throughput test (0 = not run)
  double impliedBufferSeconds = 0;   ///< RFC 9004: average burst / burst rate
  double correctedBufferSeconds = 0; ///< RFC 9004: less what the device forwards meanwhile (needs the throughput)
  bool testerLimited = false;
  std::string note;                  ///< why there is no or only a partial result
  /// The corrected buffer in frames: average burst x (1 - throughput / burst rate).
  double correctedBufferFrames() const { return correctedBufferSeconds * burstPps; }
  bool operator==(const BackToBackResult&) const = default;
};

/// `throughputPps`: the device's throughput per flow at this size (0 when unknown: no correction).
Result<BackToBackResult> backToBack(TrialRunner& runner, const BackToBackSettings& settings, double throughputPps);

/// RFC 9004's two figures from the average longest burst, the burst rate and the throughput.
void setBufferTimes(BackToBackResult& b);

}  // namespace staccato::bench
