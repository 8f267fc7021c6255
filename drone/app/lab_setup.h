#pragma once
/// What the labs (--demo-lab, --router-lab) share: the drone's private namespaces and the `ip`
/// commands that build them. Everything here runs before the drone has any other thread (plain
/// fork/exec; a new mount namespace needs a single-threaded process).
#include <optional>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::drone {

/// Fails, saying how to fix it, when this process may not build a lab (not root). `option`
/// ("--demo-lab") starts the message.
Status checkLabPermitted(const std::string& option);

/// iproute2's `ip`, found once; errors start with the lab's option.
class IpCommand {
 public:
  static Result<IpCommand> find(const std::string& option);
  /// Runs `ip ARGS...` in the calling thread's network namespace and waits; on failure the
  /// error quotes the command and what it printed.
  Status run(std::vector<std::string> args) const;

 private:
  IpCommand(std::string option, std::string path) : option_(std::move(option)), path_(std::move(path)) {}
  std::string option_, path_;
};

/// Writes `value` to a /proc/sys file (of the calling thread's network namespace for net.*).
Status writeSysctl(const std::string& path, const std::string& value);

/// Moves the process into a new, anonymous network namespace and a private mount namespace
/// whose /sys shows it (port discovery reads /sys/class/net). Nothing is left behind: the
/// kernel removes both when the process exits, even on SIGKILL.
Status enterPrivateNamespaces(const std::string& option);

/// Turns IPv6 off for the devices this namespace creates from now on (no autoconfiguration
/// frames in the counters); a warning when it cannot (a kernel without IPv6 has nothing to do).
std::optional<std::string> turnIpv6Off();

}  // namespace staccato::drone
