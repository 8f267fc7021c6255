#pragma once
/// Writing streams to a capture exactly as a transmit worker sends them (`build`, `export`).
#include <cstdint>
#include <optional>
#include <vector>

#include "common/core/result.h"
#include "common/files/pcap_file.h"
#include "common/stream/tx_plan.h"

namespace staccato {

struct CaptureExportOptions {
  /// Packets per stream; absent = as many as the stream's control sends (its packet count,
  /// or bursts x packets per burst); continuous streams then need a count.
  std::optional<uint64_t> count;
  uint64_t maxCount = 100000000;  ///< refuses a stream that would write more packets than this
  double lineRateBps = 10e9;      ///< for bursts, "fastest" and load % timestamps
};

/// Writes the packets of every enabled plan, one stream after the other (as in sequential
/// mode), with send times from each stream's rate. Returns the number of packets written.
Result<uint64_t> exportPlans(const std::vector<TxPlan>& plans, const CaptureExportOptions& options, PcapWriter& out);

}  // namespace staccato
