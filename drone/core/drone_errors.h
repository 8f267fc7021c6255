#pragma once
/// Every error a client can get from the drone's rules, each written once: the drone answers
/// with these, and tests compare against them.
#include <cstddef>
#include <string>

#include "common/core/result.h"

namespace staccato::drone::errors {

Error noSuchPort(const std::string& port);
Error reservedByOther(const std::string& port, const std::string& holder);
Error noClientToReserve();
/// A sending port refuses a start, a new configuration and new streams.
Error alreadySending(const std::string& port);
Error sendingNoConfigure(const std::string& port);
Error sendingNoStreams(const std::string& port);
Error noEnabledStreams(const std::string& port);
Error streamMemoryFull(size_t wanted, size_t drone, size_t left);
Error badClientId(size_t maxChars);
Error intervalTooShort(uint32_t intervalMs, uint32_t minimumMs);
Error noStreamsPart();
/// Captures.
Error alreadyCapturing(const std::string& port);
Error captureStarting(const std::string& port);
Error noCapture(const std::string& port);
Error captureStillRunning(const std::string& port);
Error captureMemoryFull(size_t wanted, size_t drone, size_t left);

// Emulated hosts (eth.src "device", eth.dst "resolve").
Error noEmulatedHosts(const std::string& port, uint32_t streamId);
Error notEmulatedHost(const std::string& port, const std::string& field, const std::string& ip);
Error noGateway(const std::string& port, const std::string& hostIp, const std::string& dstIp);
/// The next hop `hopIp` of host `hostIp` did not answer (ARP for IPv4, neighbour solicitation for IPv6).
Error nextHopUnresolved(const std::string& port, const std::string& hopIp, const std::string& hostIp, bool gateway, bool ipv4);
Error neighborsNeedHosts(const std::string& port);
Error changedWhileStarting(const std::string& port);

/// The port error of an interface that went away while sending.
std::string vanishedWhileSending(const std::string& port);
/// The error of a capture whose interface went away.
std::string vanishedWhileCapturing(const std::string& port);

}  // namespace staccato::drone::errors
