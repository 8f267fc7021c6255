#pragma once
// Stats snapshots for the stats model tests.
#include <string>

#include "staccato/v1/drone.pb.h"

namespace staccato::client::test {

inline v1::PortStats* addPort(v1::StatsSnapshot& snap, const std::string& name, uint64_t txPackets = 0) {
  v1::PortStats* p = snap.add_ports();
  p->set_port(name);
  p->set_tx_packets(txPackets);
  return p;
}

inline v1::StreamStats* addStream(v1::StatsSnapshot& snap, const std::string& tx, const std::string& rx, uint32_t id,
                                  uint64_t txPackets = 0, uint64_t rxPackets = 0, uint64_t lost = 0) {
  v1::StreamStats* s = snap.add_streams();
  s->set_tx_port(tx);
  s->set_rx_port(rx);
  s->set_stream_id(id);
  s->set_tx_packets(txPackets);
  s->set_rx_packets(rxPackets);
  s->set_lost(lost);
  s->set_same_clock(true);
  return s;
}

}  // namespace staccato::client::test
