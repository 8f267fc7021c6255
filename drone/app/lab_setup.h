#pragma once
/// What the labs (--demo-lab, --router-lab) share: the drone's private namespaces, built with
/// the `ip` commands of drone/port/ip_command.h. Everything here runs before the drone has any
/// other thread (a new mount namespace needs a single-threaded process).
#include <optional>
#include <string>

#include "common/core/result.h"
#include "drone/port/ip_command.h"

namespace staccato::drone {

/// Fails, saying how to fix it, when this process may not build a lab (not root). `option`
/// ("--demo-lab") starts the message.
Status checkLabPermitted(const std::string& option);

/// Moves the process into a new, anonymous network namespace and a private mount namespace
/// whose /sys shows it (port discovery reads /sys/class/net). Nothing is left behind: the
/// kernel removes both when the process exits, even on SIGKILL.
Status enterPrivateNamespaces(const std::string& option);

/// Turns IPv6 off for the devices this namespace creates from now on (no autoconfiguration
/// frames in the counters); a warning when it cannot (a kernel without IPv6 has nothing to do).
std::optional<std::string> turnIpv6Off();

}  // namespace staccato::drone
