#pragma once
/// The rows a client gets from the drone's state: a port as ListPorts shows it, its kernel
/// counters since its last clear, its streams' transmit rows, and a stream's receive side as its
/// port's receiver counted it. DroneCore gathers the state under its lock; these only build rows.
#include <cstdint>
#include <string>

#include "drone/core/backend_choice.h"
#include "drone/core/port_table.h"
#include "drone/core/receivers.h"
#include "drone/core/transmitter.h"
#include "drone/port/kernel_stats.h"
#include "drone/rx/stream_rx_stats.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// The port's ListPorts row. `expected`: the backend a start would choose, when none started
/// since the port was configured.
v1::Port portRow(const PortEntry& p, const PortTx& tx, const PortRx& rx, const BackendChoice& expected,
                 bool transmitting, const std::string& hostsError);

/// Adds the port's row (kernel counters from `kernel` when known) and its streams' transmit rows.
void addTransmitRows(v1::StatsSnapshot& snap, const PortEntry& p, const PortTx& tx, bool transmitting,
                     const LinkCounters* kernel);

/// Fills the kernel counter fields of `row`: `now` less `baseline` (a counter that restarted
/// counts from 0 again).
void setKernelCounters(v1::PortStats& row, const LinkCounters& now, const LinkCounters& baseline);

/// The receive side of stream `id` on `port` (rx_port set, tx side empty). `portMissed`: the frames
/// the port's engine has missed since the last clear. Any of them may have been this stream's
/// (a frame the engine never examined has no known stream), so they make the row incomplete and
/// the sequence gaps they may explain are not called lost. Its latency
/// percentiles come from one read of the histogram's buckets, which the row keeps when
/// `withBuckets` (else they are dropped: hundreds of bytes a stream that most watchers do not want).
v1::StreamStats receiveRow(const std::string& port, uint16_t id, const StreamRxCounts& rx, uint64_t portMissed,
                           bool withBuckets);
inline v1::StreamStats receiveRow(const std::string& port, uint16_t id, const StreamRxStats& rx, uint64_t portMissed,
                                  bool withBuckets) {
  return receiveRow(port, id, rx.counts(), portMissed, withBuckets);
}

}  // namespace staccato::drone
