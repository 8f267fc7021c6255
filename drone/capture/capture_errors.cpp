#include "drone/capture/capture_errors.h"

namespace staccato::drone::errors {

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

}  // namespace staccato::drone::errors
