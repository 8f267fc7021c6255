#pragma once
/// What to tell a user whose drone lacks the rights to open a port.
namespace staccato::drone {

inline constexpr const char* kPrivilegeHint =
    " (run the drone as root or as the staccato-drone service, or give it the capabilities: "
    "sudo setcap cap_net_raw,cap_net_admin,cap_bpf,cap_perfmon,cap_ipc_lock=eip staccato-drone; see docs/deploy.md)";

}  // namespace staccato::drone
