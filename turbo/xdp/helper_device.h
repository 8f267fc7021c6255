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
/// attachment go with it. No name can be left behind for a later run to clean up.
#include <memory>

#include "common/core/result.h"

namespace staccato::turbo {

class HelperDevice {
 public:
  /// Creates the namespace and the pair, and attaches `programFd` (an XDP program) in native mode.
  static Result<std::unique_ptr<HelperDevice>> attach(int programFd);
  ~HelperDevice();
  HelperDevice(const HelperDevice&) = delete;
  HelperDevice& operator=(const HelperDevice&) = delete;

  /// The veth names inside the namespace (for messages and tests).
  static constexpr const char* kName = "stc-xdp-helper";
  static constexpr const char* kPeerName = "stc-xdp-peer";

 private:
  HelperDevice() = default;
  int linkFd_ = -1;   ///< the attachment (a BPF link)
  int netnsFd_ = -1;  ///< holds the namespace; the pair lives as long as it does
};

}  // namespace staccato::turbo
