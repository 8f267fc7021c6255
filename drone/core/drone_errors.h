#pragma once
/// Every error a client can get from the drone core's rules, each written once: the drone answers
/// with these, and tests compare against them. The layers below write theirs beside them
/// (drone/capture/capture_errors.h, drone/devices/device_errors.h), in the same namespace.
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
/// Emulated hosts (their resolution errors: drone/devices/device_errors.h).
Error neighborsNeedHosts(const std::string& port);
Error changedWhileStarting(const std::string& port);

/// Scheduled starts and ramps (StartTx).
Error startTimeBad(int64_t fromNowNs, uint64_t maxAheadNs);
Error startTimePassedWhileOpening(const std::string& port, uint64_t lateNs);
/// `reserver` reserved `port` while `starter`'s start waited for its time: it will not send.
Error scheduledStartCancelled(const std::string& port, const std::string& starter, const std::string& reserver);
Error rampTooLong(uint64_t rampMs, uint64_t maxMs);
Error catchUpTooLong(uint64_t us, uint64_t maxUs);
/// A run label (StartTxRequest.run) the drone does not take: `field` and what is wrong.
Error runLabelBad(const std::string& field, const std::string& what);
/// Live rate changes (SetRate).
Error rateNeedsSending(const std::string& port);
Error rateScaleBad(double scale);
Error rateStreamNotSent(const std::string& port, uint32_t streamId);
Error rateOfTimedReplay(const std::string& port, uint32_t streamId);

/// The port error of an interface that went away while sending.
std::string vanishedWhileSending(const std::string& port);

}  // namespace staccato::drone::errors
