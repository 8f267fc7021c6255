#pragma once
/// What a client asks a capture to be: filter, bound, direction; and the ranges each may take.
#include <cstdint>
#include <string>

#include "common/core/result.h"
#include "rpc/capture_limits.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

enum class CaptureBound { kPackets, kBytes, kRing };

struct CaptureSpec {
  std::string filter;  ///< BPF text; empty = every frame
  CaptureBound bound = CaptureBound::kRing;
  uint64_t limit = uint64_t{rpc::kDefaultCaptureRingMiB} << 20;  ///< packets, bytes, or the ring's bytes
  v1::CaptureDirection direction = v1::CAPTURE_BOTH;

  bool receives() const { return direction != v1::CAPTURE_TX; }
  bool sends() const { return direction != v1::CAPTURE_RX; }
};

/// The request's capture, its values checked (ranges, the filter's length and characters; the
/// filter's syntax is libpcap's to judge). Errors name the request's field.
Result<CaptureSpec> captureSpecFrom(const v1::StartCaptureRequest& request);

/// The spec into a status row: filter, direction and bound.
void describeBound(const CaptureSpec& spec, v1::PortCapture& out);

}  // namespace staccato::drone
