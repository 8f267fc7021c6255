#include "drone/core/stats_sampler.h"

#include <map>
#include <string>

#include "common/stream/rate.h"

namespace staccato::drone {

void StatsSampler::fillRates(v1::StatsSnapshot& snap) const {
  if (havePrevious_ && snap.timestamp_ns() > previous_.timestamp_ns()) {
    const double dt = double(snap.timestamp_ns() - previous_.timestamp_ns()) / 1e9;
    std::map<std::string, const v1::PortStats*> before;
    for (const auto& p : previous_.ports()) before[p.port()] = &p;
    for (auto& p : *snap.mutable_ports()) {
      auto it = before.find(p.port());
      if (it == before.end()) continue;
      const v1::PortStats& b = *it->second;
      // Kernel byte counters exclude the FCS: add it for L2, plus preamble and gap for L1.
      auto rates = [&](uint64_t pk, uint64_t pk0, uint64_t by, uint64_t by0, double& pps, double& l1, double& l2) {
        const double dp = pk >= pk0 ? double(pk - pk0) : 0, db = by >= by0 ? double(by - by0) : 0;
        pps = dp / dt;
        l2 = (db + 4 * dp) * 8 / dt;
        l1 = l2 + kL1OverheadBytes * 8 * dp / dt;
      };
      double pps, l1, l2;
      rates(p.tx_packets(), b.tx_packets(), p.tx_bytes(), b.tx_bytes(), pps, l1, l2);
      p.set_tx_pps(pps), p.set_tx_bps_l1(l1), p.set_tx_bps_l2(l2);
      rates(p.rx_packets(), b.rx_packets(), p.rx_bytes(), b.rx_bytes(), pps, l1, l2);
      p.set_rx_pps(pps), p.set_rx_bps_l1(l1), p.set_rx_bps_l2(l2);
    }
  }
}

void StatsSampler::addRates(v1::StatsSnapshot& snap) {
  fillRates(snap);
  // Rates need the port rows only: the stream rows (many, with latency) are not kept.
  previous_.set_timestamp_ns(snap.timestamp_ns());
  *previous_.mutable_ports() = snap.ports();
  havePrevious_ = true;
}

}  // namespace staccato::drone
