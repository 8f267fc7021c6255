#pragma once
/// Keeps an XDP program attached in native mode to a device that never receives traffic, for
/// as long as this object lives. BPF_PROG_RUN with live frames adds its program to the kernel's
/// XDP dispatcher for each call and removes it afterwards (two synchronize_rcu: ~27 ms per call);
/// a program that is attached somewhere in native mode already stays in the dispatcher, and a
/// call costs microseconds.
///
/// The device is a veth pair (veth runs XDP in its driver) in a private, anonymous network
/// namespace that only this object holds: nothing can send to it, nobody else sees it, and when
/// the object or the whole process goes away (even on kill -9) the namespace, the pair and the
/// attachment go with it. A process that may not create namespaces (CAP_SYS_ADMIN; a drone has
/// CAP_NET_ADMIN and CAP_BPF) gets the pair in its own namespace instead, down (it receives
/// nothing) and named stcx<pid>-<n> / stcy<pid>-<n>; the program's attachment still goes with
/// the process (a BPF link), the pair of a killed process is removed by the next one that
/// attaches (removeLeftovers).
#include <memory>
#include <string>

#include "common/core/result.h"

namespace staccato::turbo {

class HelperDevice {
 public:
  /// Creates the namespace and the pair, and attaches `programFd` (an XDP program) in native
  /// mode; without the right to create a namespace, in the process's own (attachHere).
  static Result<std::unique_ptr<HelperDevice>> attach(int programFd);
  /// The same in the calling thread's namespace: a pair named after this process, kept down.
  static Result<std::unique_ptr<HelperDevice>> attachHere(int programFd);
  /// Deletes the pairs attachHere left in this namespace for processes that no longer run.
  static void removeLeftovers();
  /// Whether `name` is one half of a pair attachHere makes (a helper, never a port to offer).
  static bool isHelper(const std::string& name);
  /// The helper's name when it lives in the process's namespace, else empty.
  const std::string& name() const noexcept { return name_; }
  ~HelperDevice();
  HelperDevice(const HelperDevice&) = delete;
  HelperDevice& operator=(const HelperDevice&) = delete;

  /// The veth names inside the private namespace.
  static constexpr const char* kName = "stc-xdp-helper";
  static constexpr const char* kPeerName = "stc-xdp-peer";
  /// The prefixes of a pair in the process's namespace (then the pid and a number).
  static constexpr const char* kHerePrefix = "stcx";
  static constexpr const char* kHerePeerPrefix = "stcy";

 private:
  HelperDevice() = default;
  int linkFd_ = -1;   ///< the attachment (a BPF link)
  int netnsFd_ = -1;  ///< holds the namespace; the pair lives as long as it does
  std::string name_;  ///< a pair in the process's namespace: deleted with this object
};

}  // namespace staccato::turbo
