#pragma once
/// --demo-lab: the drone in its own anonymous network namespace with a veth pair demo0 <-> demo1,
/// so that a new user can send and receive at once without touching a real network.
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::drone {

inline constexpr const char* kDemoLabPortA = "demo0";
inline constexpr const char* kDemoLabPortB = "demo1";
inline constexpr int kDemoLabQueues = 2;  ///< tx and rx queues of each end

/// A lab the drone built around itself (--demo-lab, --router-lab).
struct DemoLab {
  std::string name;                   ///< "demo lab", "router lab": starts its log lines
  std::string summary;                ///< one line for the log: what was created
  std::vector<std::string> warnings;  ///< things that did not work but do not stop the lab
};

/// Fails, saying how to fix it, when this process may not build a demo lab (not root).
Status checkDemoLabPermitted();

/// Moves the whole process into a new network namespace (and a private mount namespace whose
/// /sys shows it), brings lo up, turns IPv6 off, creates demo0 <-> demo1 and sets both up.
/// Must run before the process has any other thread. Nothing is left behind: the namespace is
/// anonymous and the kernel removes it, with the pair, when the process exits, even on SIGKILL.
Result<DemoLab> enterDemoLab();

}  // namespace staccato::drone
