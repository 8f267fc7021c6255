#pragma once
/// Every error a client can get from the emulated hosts' rules (eth.src "device", eth.dst
/// "resolve"), each written once.
#include <cstdint>
#include <string>

#include "common/core/result.h"

namespace staccato::drone::errors {

Error noEmulatedHosts(const std::string& port, uint32_t streamId);
Error notEmulatedHost(const std::string& port, const std::string& field, const std::string& ip);
Error noGateway(const std::string& port, const std::string& hostIp, const std::string& dstIp);
/// The next hop `hopIp` of host `hostIp` did not answer (ARP for IPv4, neighbour solicitation for IPv6).
Error nextHopUnresolved(const std::string& port, const std::string& hopIp, const std::string& hostIp, bool gateway, bool ipv4);

}  // namespace staccato::drone::errors
