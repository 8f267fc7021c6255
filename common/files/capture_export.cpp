#include "common/files/capture_export.h"

#include <string>

#include "common/stream/compiler.h"
#include "common/stream/rate.h"

namespace staccato {
namespace {

// Stream files from the first release build byte-identical captures (signature timestamps
// included), so the next stream keeps starting 1 us after the last packet of the one before.
constexpr uint64_t kGapBetweenStreamsNs = 1000;

Result<uint64_t> packetsToWrite(const RunPlan& run, const CaptureExportOptions& o) {
  uint64_t n = 0;
  if (o.count) {
    n = *o.count;
  } else {
    if (!run.packetsPerRun) return makeError("control.mode", "the stream is continuous: give a packet count");
    n = *run.packetsPerRun;
  }
  if (n > o.maxCount)
    return makeError("control.count", std::to_string(n) + " packets is more than " + std::to_string(o.maxCount) +
                                          " (give a smaller count)");
  return n;
}

}  // namespace

Result<uint64_t> exportPlans(const std::vector<TxPlan>& plans, const CaptureExportOptions& options, PcapWriter& out) {
  uint64_t streamStart = 0, written = 0;
  for (size_t si = 0; si < plans.size(); ++si) {
    const TxPlan& plan = plans[si];
    if (!plan.run.enabled) continue;
    auto count = packetsToWrite(plan.run, options);
    if (!count) return count.error().withPrefix("streams[" + std::to_string(si) + "]");
    PacketRenderer renderer(plan);
    const RateSchedule schedule(plan, options.lineRateBps);
    uint64_t last = streamStart;
    for (uint64_t i = 0; i < *count; ++i) {
      last = afterNs(streamStart, schedule.offsetNs(i));
      if (auto st = out.write(last, renderer.next(last)); !st) return st.error();
      ++written;
    }
    streamStart = afterNs(last, kGapBetweenStreamsNs);
  }
  return written;
}

}  // namespace staccato
