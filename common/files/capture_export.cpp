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
    const v1::Control& c = s.control();
    const uint64_t count = c.count() ? c.count() : 1;
    if (c.mode() == v1::Control::CONTINUOUS) return makeError("control.mode", "the stream is continuous: give a packet count");
    const uint64_t perBurst = s.rate().packets_per_burst() ? s.rate().packets_per_burst() : 1;
    n = c.mode() == v1::Control::BURSTS ? count * perBurst : count;
    if (c.mode() == v1::Control::BURSTS && n / perBurst != count) n = o.maxCount + 1;  // overflow
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
