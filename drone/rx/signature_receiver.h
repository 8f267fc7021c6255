#pragma once
/// Receive thread of one port: captures only frames whose last 16 bytes start with the
/// signature magic (a kernel BPF filter drops everything else), and feeds per-stream stats.
#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "common/core/result.h"
#include "drone/rx/stream_rx_stats.h"

namespace staccato::drone {

class SignatureReceiver {
 public:
  static constexpr size_t kMaxStreams = 65536;

  static Result<std::unique_ptr<SignatureReceiver>> open(const std::string& interface);
  virtual ~SignatureReceiver() = default;

  /// Calls `fn` for every stream seen since the last clear.
  virtual void forEachStream(const std::function<void(uint16_t, const StreamRxStats&)>& fn) const = 0;
  /// Clears every stream's stats; returns once the receive thread has done it.
  virtual void clear() = 0;
  /// Frames that passed the filter but were not plausible signatures (bad time, short).
  virtual uint64_t ignored() const = 0;
};

}  // namespace staccato::drone
