#pragma once
/// Whether a port configuration a client sends may be applied to a port: every number finite
/// and in range, every enum one the drone knows, lists bounded. One home for these rules.
#include "common/core/result.h"
#include "drone/port/port_info.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// The most tx queues (and entries of `cpus`) a port configuration may name.
inline constexpr uint32_t kMaxTxQueues = 256;
/// The highest line rate a port may be told it has (1 Tb/s).
inline constexpr double kMaxLineRateBps = 1e12;

/// Errors name the field ("config.line_rate_bps: ...") and what is allowed. The device groups
/// are checked as they are expanded (expandDeviceGroups).
Status checkPortConfig(const PortInfo& port, const v1::PortConfig& config);

}  // namespace staccato::drone
