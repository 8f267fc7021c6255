#pragma once
/// Whether a port's device groups (emulated hosts) may be applied, and the hosts they make: every
/// count, step, prefix, VLAN tag and address in range, no step leaving the address space or the
/// subnet, no address owned twice. One home for these rules (the limits clients check first are
/// in rpc/device_limits.h); errors name the field ("config.devices[1].ipv4.step: ...") and what
/// is allowed.
#include "common/core/result.h"
#include "drone/devices/host_table.h"
#include "rpc/device_limits.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// Device groups one port may have.
inline constexpr int kMaxDeviceGroups = 256;
/// VLAN tags a group may have (QinQ).
inline constexpr int kMaxDeviceVlans = 2;

/// Checks the groups and expands them into hosts, in group order.
Result<std::vector<devices::Host>> expandDeviceGroups(const google::protobuf::RepeatedPtrField<v1::DeviceGroup>& groups);

}  // namespace staccato::drone
