#include "rpc/stats/rate_shortfall.h"

#include <cstdio>

#include "common/core/push_back.h"
#include "common/core/si_units.h"

namespace staccato::rpc {

std::string rateShortfall(const v1::StreamStats& row) {
  if (row.tx_rate_pps() <= 0 || row.tx_late_ns() <= kBehindScheduleNs) return "";
  char behind[48];
  std::snprintf(behind, sizeof behind, "%.2f s behind its schedule", double(row.tx_late_ns()) / 1e9);
  if (row.last_tx_ns() > row.first_tx_ns() && row.tx_packets() > 1) {
    const double seconds = double(row.last_tx_ns() - row.first_tx_ns()) / 1e9;
    const double sentPps = double(row.tx_packets() - 1) / seconds;
    // Kept the rate while it sent: a pause (a busy machine) it catches up from, not a shortfall.
    if (sentPps >= row.tx_rate_pps() * kKeptRateShare) return "";
    const double waited = double(row.tx_blocked_ns()) / 1e9;
    char pushed[96] = "";
    if (devicePushedBack(waited, sentPps, row.tx_rate_pps(), seconds))
      std::snprintf(pushed, sizeof pushed, "; the device takes no more: the sender waited %.2f s for room at the port", waited);
    return "cannot keep its rate: sent " + formatSi(sentPps, "pps") + " of the " + formatSi(row.tx_rate_pps(), "pps") + " asked (" +
           behind + pushed + ")";
  }
  return "cannot keep its rate: asked " + formatSi(row.tx_rate_pps(), "pps") + " (" + behind + ")";
}

}  // namespace staccato::rpc
