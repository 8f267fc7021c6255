#pragma once
/// The batch transmit interface both backends implement: libpcap (drone/tx/pcap_backend) and
/// AF_XDP (turbo/). A worker asks for frame buffers of one stream, runs the stream's patch
/// program in them, and submits the batch. One backend serves one worker (one port queue).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"

namespace staccato {

class TxBackend {
 public:
  virtual ~TxBackend() = default;
  virtual std::string name() const = 0;
  /// Gives the backend the streams' templates so it can prefill its buffers once.
  virtual Status prepare(std::span<const TxPlan> plans) = 0;
  /// Up to out.size() buffers for stream `stream`, each holding that stream's template or a
  /// previous packet of it. Returns how many.
  virtual size_t acquire(size_t stream, std::span<uint8_t*> out) noexcept = 0;
  /// Sends the acquired buffers with these lengths (bytes without FCS), in order. Returns how
  /// many were sent; fewer means the rest failed (see lastError()).
  virtual size_t submit(std::span<const uint16_t> lengths) noexcept = 0;
  /// Why the last submit sent fewer than asked (e.g. the interface went away).
  virtual std::string lastError() const = 0;
  /// Its frames never pass the kernel's packet taps (AF_XDP), so captures must be given them.
  virtual bool bypassesKernelTaps() const noexcept { return false; }
};

}  // namespace staccato
