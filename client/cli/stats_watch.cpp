#include "client/cli/stats_watch.h"

namespace staccato::cli {

bool Watch::fresh(v1::StatsSnapshot& snap) {
  for (int i = 0; i < 100; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!next(snap)) return false;
    if (std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(kWatchIntervalMs / 4)) return true;
  }
  return true;
}

namespace {

uint64_t receivedTotal(const v1::StatsSnapshot& snap) {
  uint64_t n = 0;
  for (const auto& s : snap.streams()) n += s.rx_packets();
  return n;
}

/// Rows without a receiving port (not received at all, or received on another drone) say nothing.
bool everyStreamReceivedAll(const v1::StatsSnapshot& snap) {
  for (const auto& s : snap.streams())
    if (!s.rx_port().empty() && s.rx_packets() < s.tx_packets()) return false;
  return true;
}

}  // namespace

bool Watch::settled(v1::StatsSnapshot& snap, std::chrono::steady_clock::time_point giveUp) {
  if (!fresh(snap)) return false;
  uint64_t last = receivedTotal(snap);
  for (int still = 0; still < 3 && !everyStreamReceivedAll(snap) && std::chrono::steady_clock::now() < giveUp;) {
    if (!fresh(snap)) return false;
    const uint64_t now = receivedTotal(snap);
    still = now == last ? still + 1 : 0;
    last = now;
  }
  return true;
}

}  // namespace staccato::cli
