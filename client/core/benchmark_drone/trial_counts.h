#pragma once
/// A trial's counts from the snapshots read once after it (one per drone): frames sent and
/// received over all flows, reordering and duplicates, the merged latency histogram, the real
/// sending time from the first and last transmit batch, and whether any receiver missed frames.
#include <map>
#include <string>
#include <vector>

#include "client/core/benchmark/trial.h"
#include "client/core/benchmark_drone/bench_flows.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::bench {

/// Snapshots by drone address.
using DroneSnapshots = std::map<std::string, v1::StatsSnapshot>;

/// `text` appended to `notes` ("; " between), unless it is there already.
void addNote(std::string& notes, const std::string& text);

/// The row of stream `id` as sent (`receiving` false) or received at `at`; null when the drone
/// listed none.
const v1::StreamStats* findRow(const DroneSnapshots& snaps, const Endpoint& at, uint32_t id, bool receiving);
/// The port's row at `at`; null when the drone listed none.
const v1::PortStats* findPort(const DroneSnapshots& snaps, const Endpoint& at);

/// The histogram of a stream's LatencyStats (buckets as the drone sent them).
LatencyHistogram histogramOf(const v1::LatencyStats& l);

/// Fills the executor's part of `r` for `request` from `snaps`. A flow whose rows are missing
/// counts nothing (and says so in `r.note`); a transmit error on a sending port makes the trial
/// tester-limited with that error as its note.
Status countTrial(const std::vector<Flow>& flows, const DroneSnapshots& snaps, const TrialRequest& request,
                  TrialResult& r);

}  // namespace staccato::bench
