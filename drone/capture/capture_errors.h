#pragma once
/// Every error a client can get from the capture rules, each written once (the drone's other
/// rules write theirs in drone/core/drone_errors.h and drone/devices/device_errors.h).
#include <cstddef>
#include <string>

#include "common/core/result.h"

namespace staccato::drone::errors {

Error alreadyCapturing(const std::string& port);
Error captureStarting(const std::string& port);
Error noCapture(const std::string& port);
Error captureStillRunning(const std::string& port);
Error captureMemoryFull(size_t wanted, size_t drone, size_t left);
/// The error of a capture whose interface went away.
std::string vanishedWhileCapturing(const std::string& port);

}  // namespace staccato::drone::errors
