#pragma once
/// The host's ports: interfaces from sysfs, counters from netlink, libpcap and AF_XDP engines.
/// It sits beside the fake ports (drone/fake), above the drone core whose PortSource it is.
#include <memory>

#include "drone/core/port_source.h"

namespace staccato::drone {

/// The host's network interfaces (sysfs, netlink, libpcap, AF_XDP), filtered.
std::unique_ptr<PortSource> systemPortSource(PortFilter filter, RxOptions rx = {});

}  // namespace staccato::drone
