#include "drone/core/drone_errors.h"

#include <cstdio>
#include <cstdlib>

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

Error startTimeBad(int64_t fromNowNs, uint64_t maxAheadNs) {
  const std::string ms = std::to_string(std::llabs(fromNowNs) / 1'000'000);
  if (fromNowNs <= 0)
    return makeError("start_time_ns", "is " + ms + " ms in the past by this drone's clock: start later (a margin of "
                                          "at least the round trip), and check that the clocks agree (PTP or NTP)");
  return makeError("start_time_ns", "is " + ms + " ms ahead: at most " + std::to_string(maxAheadNs / 1'000'000'000) +
                                        " s ahead (check the unit: ns since 1970, the drone's CLOCK_REALTIME)");
}

Error startTimePassedWhileOpening(const std::string& port, uint64_t lateNs) {
  return makeError("start_time_ns", "passed while " + port + "'s transmit queues opened (" +
                                        std::to_string(lateNs / 1'000'000) +
                                        " ms late): nothing was sent; give a larger margin (a later start time)", ErrorKind::kBusy);
}

Error scheduledStartCancelled(const std::string& port, const std::string& starter, const std::string& reserver) {
  return makeError(port, "the start scheduled by " + (starter.empty() ? std::string("a client without an id") : starter) +
                             " was cancelled before its time: " + reserver + " reserved the port", ErrorKind::kBusy);
}

Error rampTooLong(uint64_t rampMs, uint64_t maxMs) {
  return makeError("ramp_ms", std::to_string(rampMs) + " is above the longest ramp, " + std::to_string(maxMs) + " ms");
}

Error catchUpTooLong(uint64_t us, uint64_t maxUs) {
  return makeError("max_catch_up_us", std::to_string(us) + " is above the largest catch-up, " + std::to_string(maxUs) +
                                          " us (0 = catch up in full)");
}

Error runLabelBad(const std::string& field, const std::string& what) { return makeError("run." + field, what); }

Error rateNeedsSending(const std::string& port) {
  return makeError("port", port + " is not sending: a live rate change applies to a running port (change the "
                               "streams' rates, or start it first)", ErrorKind::kBusy);
}

Error rateScaleBad(double scale) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", scale);
  return makeError("scale", std::string(text) + " is not a scale: give a number above 0 and up to 1000000 (1 = the "
                                                "streams' own rates)");
}

Error rateStreamNotSent(const std::string& port, uint32_t streamId) {
  return makeError("stream_id", "stream " + std::to_string(streamId) + " is not among what " + port +
                                    " sends now (staccato-cli stats " + port + " lists them)", ErrorKind::kNotFound);
}

Error rateOfTimedReplay(const std::string& port, uint32_t streamId) {
  return makeError("stream_id", "stream " + std::to_string(streamId) + " on " + port +
                                    " replays a capture with its recorded timing: its pace is the capture's");
}

std::string vanishedWhileSending(const std::string& port) {
  return "interface " + port + " disappeared while sending; transmit stopped";
}

}  // namespace staccato::drone::errors
