#pragma once
/// iproute2's `ip` and /proc/sys writes: how the labs and the flow engine's namespaces build
/// devices, addresses and routes. Each runs in the calling thread's network namespace (a forked
/// child inherits the thread's, not the process's), so a thread that moved into a namespace
/// configures that namespace.
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::drone {

/// iproute2's `ip`, found once; errors start with `option` (the lab's option, or what runs it).
class IpCommand {
 public:
  static Result<IpCommand> find(const std::string& option);
  /// Runs `ip ARGS...` and waits; on failure the error quotes the command and what it printed.
  Status run(std::vector<std::string> args) const;
  /// Runs the lines (`ip` commands without the "ip") in one `ip -force -batch` process: a
  /// thousand devices in a fraction of a second, where a process each takes seconds. Every line
  /// is tried; the error quotes the first failures.
  Status runBatch(const std::vector<std::string>& lines) const;

 private:
  IpCommand(std::string option, std::string path) : option_(std::move(option)), path_(std::move(path)) {}
  std::string option_, path_;
};

/// Writes `value` to a /proc/sys file (of the calling thread's network namespace for net.*).
Status writeSysctl(const std::string& path, const std::string& value);

}  // namespace staccato::drone
