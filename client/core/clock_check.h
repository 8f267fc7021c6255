#pragma once
/// Whether drones' clocks agree well enough for a scheduled start across them (StartTx
/// start_time_ns): each must be synchronised by a time daemon, with an estimated error within
/// the tolerance. One rule for the CLI's runs, the benchmark runner, the GUI and Python's docs.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "client/core/drone_connection.h"
#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

/// The default tolerance: the estimated error of every drone's clock (NTP/chrony on a LAN is
/// well under 1 ms; PTP under 1 µs).
inline constexpr uint64_t kDefaultClockToleranceNs = 1'000'000;

/// The drone's clock now (GetVersion); an error for a drone too old to say.
Result<v1::ClockState> readDroneClock(DroneConnection& drone);

/// Ok when every drone (address, clock) is synchronised within `toleranceNs`; else an error
/// naming each one that is not, and how to fix it.
Status checkClocks(const std::vector<std::pair<std::string, v1::ClockState>>& drones, uint64_t toleranceNs);

}  // namespace staccato::client
