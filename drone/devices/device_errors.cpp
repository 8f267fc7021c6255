#include "drone/devices/device_errors.h"

#include "drone/devices/neighbor_table.h"

namespace staccato::drone::errors {

Error noEmulatedHosts(const std::string& port, uint32_t streamId) {
  return makeError("ports", "stream " + std::to_string(streamId) + " on " + port +
                                " uses eth.src \"device\" or eth.dst \"resolve\", but the port has no emulated hosts "
                                "(add device groups: staccato-cli devices " + port + " add ...)", ErrorKind::kBusy);
}

Error notEmulatedHost(const std::string& port, const std::string& field, const std::string& ip) {
  return makeError(field, ip + " is not an emulated host of port " + port +
                              " (eth.src \"device\" and eth.dst \"resolve\" send as one: see staccato-cli devices " + port +
                              " list)", ErrorKind::kBusy);
}

Error noGateway(const std::string& port, const std::string& hostIp, const std::string& dstIp) {
  return makeError("", dstIp + " is not on-link for the emulated host " + hostIp + " of port " + port +
                           ", and its group has no gateway", ErrorKind::kBusy);
}

Error nextHopUnresolved(const std::string& port, const std::string& hopIp, const std::string& hostIp, bool gateway, bool ipv4) {
  return makeError("ports", std::string(gateway ? "gateway " : "neighbour ") + hopIp + " of " + hostIp + " did not answer on port " +
                                port + " (" + std::to_string(devices::kMaxTries) + (ipv4 ? " ARP requests" : " neighbour solicitations") +
                                ", 1 s apart): the stream cannot resolve eth.dst; check the address, the link and the VLAN",
                   ErrorKind::kBusy);
}

}  // namespace staccato::drone::errors
