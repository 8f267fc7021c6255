#pragma once
/// What to tell a user whose drone lacks the rights to open a port.
namespace staccato::drone {

inline constexpr const char* kPrivilegeHint =
    " (run the drone as root, or give it the capabilities: installer/install-drone.sh --setcap, "
    "or sudo setcap cap_net_raw,cap_net_admin=eip staccato-drone)";

}  // namespace staccato::drone
