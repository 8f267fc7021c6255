#pragma once
/// Fills what the compiler left to the drone (TxPlan::link): eth.src "device" gets the MAC (and
/// the VLAN tags) of the emulated host owning each packet's IP source, eth.dst "resolve" the MAC
/// of its next hop (the destination when on-link, else the host's gateway), resolved with
/// ARP/NS first. Once, when a stream starts: the template is filled, and where the source (or
/// destination) walks across hosts, a list op gives each packet its host's values, in step with
/// the op that varies the address. Nothing is resolved per packet.
#include <string>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "drone/devices/port_devices.h"

namespace staccato::drone::devices {

/// Most values an address may take over one cycle of its variable field when the drone fills
/// MACs from it (one list entry each).
inline constexpr uint64_t kMaxFilledValues = 65536;

/// The port's plans with their link fields filled; plans without any are shared as they are.
/// `devices` is null when the port has no emulated hosts. Errors name the stream, the IP and
/// the port (drone/devices/device_errors.h).
Result<PlanList> fillLinkAddresses(const PlanList& plans, PortDevices* devices, const std::string& port);

}  // namespace staccato::drone::devices
