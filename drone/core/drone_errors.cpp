#include "drone/core/drone_errors.h"

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
                                  " MiB left (the lists being replaced and uploads in progress count until they are "
                                  "gone: clear this port's or other ports' streams first, or start the drone with a "
                                  "larger --max-stream-memory)",
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
