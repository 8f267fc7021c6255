#pragma once
/// The values device groups (PortConfig.devices) may hold: the drone refuses others, and
/// clients check them first to name the option or cell at fault.
#include <cstdint>

namespace staccato::rpc {

/// Hosts one port may emulate, all groups together (so also one group's count).
inline constexpr uint32_t kMaxHostsPerPort = 10000;
/// A VLAN tag's id (0 and 4095 are reserved).
inline constexpr uint32_t kMinVlanId = 1;
inline constexpr uint32_t kMaxVlanId = 4094;

}  // namespace staccato::rpc
