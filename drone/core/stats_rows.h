#pragma once
/// Stats rows from the drone's counters: a port's kernel counters since its last clear, and a
/// stream's receive side as its port's receiver counted it.
#include <cstdint>
#include <string>

#include "drone/port/kernel_stats.h"
#include "drone/rx/stream_rx_stats.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// Fills the kernel counter fields of `row`: `now` less `baseline` (a counter that restarted
/// counts from 0 again).
void setKernelCounters(v1::PortStats& row, const LinkCounters& now, const LinkCounters& baseline);

/// The receive side of stream `id` on `port` (rx_port set, tx side empty). `portMissed`: the frames
/// the port's engine has missed since the last clear. Any of them may have been this stream's
/// (a frame the engine never examined has no known stream), so they make the row incomplete and
/// the sequence gaps they may explain are not called lost. Its latency
/// percentiles come from one read of the histogram's buckets, which the row keeps when
/// `withBuckets` (else they are dropped: hundreds of bytes a stream that most watchers do not want).
v1::StreamStats receiveRow(const std::string& port, uint16_t id, const StreamRxStats& rx, uint64_t portMissed,
                           bool withBuckets);

}  // namespace staccato::drone
