#pragma once
/// The neighbour table as the RPC shows it, and what ResolveNeighbors asks for.
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/devices/port_devices.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone::devices {

/// Addresses one ResolveNeighbors call may name.
inline constexpr size_t kMaxResolveAddresses = kMaxNeighborsPerPort;

/// Every entry of the port's table, sorted by link and address.
std::vector<v1::Neighbor> neighborMessages(PortDevices& port);

/// Every group's gateways (asked by the group's first host), and each of `addresses`: asked by
/// the first host it is on-link for, else through that family's first gateway. Errors name the
/// address ("addresses[3]: ...").
Result<std::vector<ResolveTarget>> resolveTargets(const HostTable& hosts, const std::vector<std::string>& addresses,
                                                  const std::string& port);

/// Every host's own request for its gateways, but for the host that asks on behalf of the table
/// (in `targets`): a router creates a neighbour entry for whoever asks for its address, so each
/// host is known to the device before the first frame (as every device of Ostinato or IxNetwork
/// resolves its own gateway), not only the first host of a group.
std::vector<Probe> gatewayLearners(const HostTable& hosts, const std::vector<ResolveTarget>& targets);

}  // namespace staccato::drone::devices
