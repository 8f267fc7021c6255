#pragma once
/// A sending stream that cannot keep the rate asked for: the one rule every client (CLI table and
/// progress, GUI, Python) says it with.
#include <cstdint>
#include <string>

#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {

/// A sender more than this behind its schedule at its latest batch is not keeping up (a busy
/// moment catches up within milliseconds; a rate beyond the engine and its cores never does).
inline constexpr uint64_t kBehindScheduleNs = 100'000'000;
/// ...and while it sent it kept less than this share of the rate asked (a sender that paused
/// for a moment kept the rate before and after the pause, and catches up).
inline constexpr double kKeptRateShare = 0.95;

/// "cannot keep its rate: sent 4.3 Mpps of the 7.4 Mpps asked (2.40 s behind its schedule)"
/// ("asked 7.4 Mpps" when it sent nothing yet), or "" when the row keeps its rate (or has none
/// to keep).
std::string rateShortfall(const v1::StreamStats& row);

}  // namespace staccato::rpc
