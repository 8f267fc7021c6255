#pragma once
/// Kernel interface counters (IFLA_STATS64) for every interface in one netlink dump.
#include <cstdint>
#include <map>
#include <string>

#include "common/core/result.h"

namespace staccato::drone {

struct LinkCounters {
  uint64_t rxPackets = 0, txPackets = 0, rxBytes = 0, txBytes = 0;
  uint64_t rxErrors = 0, txErrors = 0, rxDropped = 0, txDropped = 0;
};

/// name -> counters, from one RTM_GETLINK dump of the current network namespace.
Result<std::map<std::string, LinkCounters>> readLinkCounters();

}  // namespace staccato::drone
