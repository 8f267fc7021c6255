#pragma once
/// The libpcap capture engine of a host's port.
#include <memory>
#include <string>

#include "common/core/result.h"
#include "drone/capture/capture_sink.h"
#include "drone/capture/capture_spec.h"

namespace staccato::drone {

/// Captures what `spec` asks on `interface` into `sink` (which outlives the engine), on a thread
/// of its own. A bad filter is libpcap's message with the path "filter".
Result<std::unique_ptr<CaptureEngine>> openPcapCapture(const std::string& interface, const CaptureSpec& spec,
                                                       uint32_t snapLength, CaptureSink& sink);

}  // namespace staccato::drone
