#include "rpc/stats/rate_shortfall.h"

#include <cstdio>

namespace staccato::rpc {
namespace {

std::string ppsText(double pps) {
  char buf[32];
  if (pps >= 1e6) std::snprintf(buf, sizeof buf, "%.2f Mpps", pps / 1e6);
  else if (pps >= 1e3) std::snprintf(buf, sizeof buf, "%.2f kpps", pps / 1e3);
  else std::snprintf(buf, sizeof buf, "%.2f pps", pps);
  return buf;
}

}  // namespace

std::string rateShortfall(const v1::StreamStats& row) {
  if (row.tx_rate_pps() <= 0 || row.tx_late_ns() <= kBehindScheduleNs) return "";
  char behind[48];
  std::snprintf(behind, sizeof behind, "%.2f s behind its schedule", double(row.tx_late_ns()) / 1e9);
  if (row.last_tx_ns() > row.first_tx_ns() && row.tx_packets() > 1) {
    const double sentPps = double(row.tx_packets() - 1) / (double(row.last_tx_ns() - row.first_tx_ns()) / 1e9);
    // Kept the rate while it sent: a pause (a busy machine) it catches up from, not a shortfall.
    if (sentPps >= row.tx_rate_pps() * kKeptRateShare) return "";
    return "cannot keep its rate: sent " + ppsText(sentPps) + " of the " + ppsText(row.tx_rate_pps()) + " asked (" +
           behind + ")";
  }
  return "cannot keep its rate: asked " + ppsText(row.tx_rate_pps()) + " (" + behind + ")";
}

}  // namespace staccato::rpc
