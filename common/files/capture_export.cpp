#include "common/files/capture_export.h"

#include <string>

#include "common/stream/compiler.h"
#include "common/stream/rate.h"

namespace staccato {
namespace {

constexpr uint64_t kGapBetweenStreamsNs = 1000;

Result<uint64_t> packetsToWrite(const v1::Stream& s, const CaptureExportOptions& o) {
  uint64_t n = 0;
  if (o.count) {
    n = *o.count;
  } else {
    const auto perRun = packetsPerRun(s);
    if (!perRun) return makeError("control.mode", "the stream is continuous: give a packet count");
    n = *perRun;
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
    if (plan.stream.has_enabled() && !plan.stream.enabled()) continue;
    auto count = packetsToWrite(plan.stream, options);
    if (!count) return count.error().withPrefix("streams[" + std::to_string(si) + "]");
    PacketRenderer renderer(plan);
    uint64_t last = streamStart;
    for (uint64_t i = 0; i < *count; ++i) {
      last = streamStart + packetOffsetNs(plan, i, options.lineRateBps);
      if (auto st = out.write(last, renderer.next(last)); !st) return st.error();
      ++written;
    }
    streamStart = last + kGapBetweenStreamsNs;
  }
  return written;
}

}  // namespace staccato
