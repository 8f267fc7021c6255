#pragma once
/// --router-lab: the demo lab with a Linux router between its ports, to try emulated hosts and
/// routed streams (docs/user-guide.md, "Testing a router") without any equipment.
///
///   demo0 <-> rt0 [router: 10.0.0.1/24 2001:db8:0::1/64 | 10.0.1.1/24 2001:db8:1::1/64] rt1 <-> demo1
///
/// The drone's ports live in its own anonymous network namespace, as in the demo lab; the router
/// in a second anonymous namespace that only a file descriptor of the drone holds. Both go when
/// the drone exits, however it exits: nothing to clean up.
#include "common/core/result.h"
#include "drone/app/demo_lab.h"

namespace staccato::drone {

/// One side of the router: its interface, MAC and addresses, facing one of the drone's ports.
struct RouterSide {
  const char* dronePort;
  const char* interface;
  const char* mac;
  const char* ipv4;  ///< with prefix length
  const char* ipv6;
};

inline constexpr RouterSide kRouterLabSides[] = {
    {kDemoLabPortA, "rt0", "02:00:00:00:01:00", "10.0.0.1/24", "2001:db8:0::1/64"},
    {kDemoLabPortB, "rt1", "02:00:00:00:01:01", "10.0.1.1/24", "2001:db8:1::1/64"},
};

/// Builds the router lab around the process (see enterDemoLab: the same rules, before any
/// thread). IPv4 and IPv6 forwarding are on in the router; the drone's side has no IPv6 of the
/// kernel's own (its emulated hosts speak there). The summary says how to enter the router's
/// namespace (nsenter --net=/proc/PID/fd/N).
Result<DemoLab> enterRouterLab();

}  // namespace staccato::drone
