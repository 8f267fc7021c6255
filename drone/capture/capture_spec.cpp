#include "drone/capture/capture_spec.h"

namespace staccato::drone {
namespace {

Error outOfRange(const std::string& field, uint64_t value, uint64_t max) {
  return makeError(field, std::to_string(value) + " is out of range (allowed 1.." + std::to_string(max) + ")");
}

}  // namespace

Result<CaptureSpec> captureSpecFrom(const v1::StartCaptureRequest& r) {
  CaptureSpec spec;
  if (std::string problem = rpc::captureFilterProblem(r.filter()); !problem.empty()) return makeError("filter", problem);
  spec.filter = r.filter();
  switch (r.limit_case()) {
    case v1::StartCaptureRequest::kLimitPackets:
      if (r.limit_packets() < 1 || r.limit_packets() > rpc::kMaxCapturePackets)
        return outOfRange("limit_packets", r.limit_packets(), rpc::kMaxCapturePackets);
      spec.bound = CaptureBound::kPackets;
      spec.limit = r.limit_packets();
      break;
    case v1::StartCaptureRequest::kLimitBytes:
      if (r.limit_bytes() < 1 || r.limit_bytes() > rpc::kMaxCaptureBytes) return outOfRange("limit_bytes", r.limit_bytes(), rpc::kMaxCaptureBytes);
      spec.bound = CaptureBound::kBytes;
      spec.limit = r.limit_bytes();
      break;
    case v1::StartCaptureRequest::kRingMb:
      if (r.ring_mb() < 1 || r.ring_mb() > rpc::kMaxCaptureRingMiB) return outOfRange("ring_mb", r.ring_mb(), rpc::kMaxCaptureRingMiB);
      spec.bound = CaptureBound::kRing;
      spec.limit = uint64_t{r.ring_mb()} << 20;
      break;
    case v1::StartCaptureRequest::LIMIT_NOT_SET:
      break;
  }
  if (!v1::CaptureDirection_IsValid(r.direction()))
    return makeError("direction", std::to_string(r.direction()) + " is not a direction (allowed: CAPTURE_BOTH, CAPTURE_RX, CAPTURE_TX)");
  spec.direction = r.direction();
  return spec;
}

void describeBound(const CaptureSpec& spec, v1::PortCapture& out) {
  out.set_filter(spec.filter);
  out.set_direction(spec.direction);
  switch (spec.bound) {
    case CaptureBound::kPackets: out.set_limit_packets(spec.limit); break;
    case CaptureBound::kBytes: out.set_limit_bytes(spec.limit); break;
    case CaptureBound::kRing: out.set_ring_mb(static_cast<uint32_t>(spec.limit >> 20)); break;
  }
}

}  // namespace staccato::drone
