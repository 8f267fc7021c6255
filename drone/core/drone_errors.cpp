#include "drone/core/drone_errors.h"

#include "drone/devices/neighbor_table.h"

namespace staccato::drone::errors {

Error noSuchPort(const std::string& port) {
  return makeError("port", "no port '" + port + "' on this drone (see ListPorts / staccato-cli ports)", ErrorKind::kNotFound);
}

Error reservedByOther(const std::string& port, const std::string& holder) {
  return makeError("port", "port " + port + " is reserved by " + holder + " (ask them to release it, or release with force)",
                   ErrorKind::kDenied);
}

Error noClientToReserve() { return makeError("client_id", "say who reserves the port (e.g. user@host)"); }

Error alreadySending(const std::string& port) {
  return makeError("ports", port + " is already sending; stop it first", ErrorKind::kBusy);
}

Error sendingNoConfigure(const std::string& port) {
  return makeError("port", port + " is sending; stop it first", ErrorKind::kBusy);
}

Error sendingNoStreams(const std::string& port) {
  return makeError("port", port + " is sending; stop it before changing its streams", ErrorKind::kBusy);
}

Error noEnabledStreams(const std::string& port) {
  return makeError("ports", port + " has no enabled streams; set streams first", ErrorKind::kBusy);
}

Error streamMemoryFull(size_t wanted, size_t drone, size_t left) {
  return makeError("streams", "these streams take " + std::to_string(wanted >> 20) + " MiB; the drone's stream memory (" +
                                  std::to_string(drone >> 20) + " MiB) has " + std::to_string(left >> 20) +
                                  " MiB left (clear other ports' streams, or start the drone with a larger "
                                  "--max-stream-memory)",
                   ErrorKind::kExhausted);
}

Error badClientId(size_t maxChars) {
  return makeError("client_id", "must be 1.." + std::to_string(maxChars) +
                                    " characters of letters, digits and @._:+/=- (e.g. alice@lab-pc)");
}

Error intervalTooShort(uint32_t intervalMs, uint32_t minimumMs) {
  return makeError("interval_ms", std::to_string(intervalMs) + " is below the minimum " + std::to_string(minimumMs));
}

Error noStreamsPart() { return makeError("", "no streams part: name the port"); }

Error alreadyCapturing(const std::string& port) {
  return makeError("port", port + " is already capturing; stop its capture first (staccato-cli capture " + port + " stop)",
                   ErrorKind::kBusy);
}

Error captureStarting(const std::string& port) {
  return makeError("port", "a capture of " + port + " is starting; try again in a moment", ErrorKind::kBusy);
}

Error noCapture(const std::string& port) {
  return makeError("port", "no capture on " + port + " (start one: staccato-cli capture " + port + " start)",
                   ErrorKind::kNotFound);
}

Error captureStillRunning(const std::string& port) {
  return makeError("port", "the capture on " + port + " is still running; stop it first (staccato-cli capture " + port +
                               " stop)",
                   ErrorKind::kBusy);
}

Error captureMemoryFull(size_t wanted, size_t drone, size_t left) {
  auto mib = [](size_t bytes) { return std::to_string((bytes + (size_t{1} << 20) - 1) >> 20); };
  return makeError("limit", "this capture needs " + mib(wanted) + " MiB; the drone's capture memory (" + mib(drone) +
                                " MiB) has " + std::to_string(left >> 20) +
                                " MiB left (ask for a smaller bound, discard other captures: staccato-cli capture PORT "
                                "stop --discard, or start the drone with a larger --max-capture-memory)",
                   ErrorKind::kExhausted);
}

std::string vanishedWhileCapturing(const std::string& port) {
  return "interface " + port + " disappeared; the capture stopped";
}

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

Error neighborsNeedHosts(const std::string& port) {
  return makeError("port", port + " has no emulated hosts: no neighbours to show or resolve (add device groups first)",
                   ErrorKind::kBusy);
}

Error changedWhileStarting(const std::string& port) {
  return makeError("ports", port + "'s streams or emulated hosts changed while their next hops were resolved; start again", ErrorKind::kBusy);
}

std::string vanishedWhileSending(const std::string& port) {
  return "interface " + port + " disappeared while sending; transmit stopped";
}

}  // namespace staccato::drone::errors
