#pragma once
/// The AF_XDP transmit backend for one (interface, queue): its own UMEM, prefilled with the
/// streams' templates, and its own socket. A port with Q queues runs Q of these, one per worker.
#include <memory>
#include <span>
#include <string>

#include "common/stream/tx_backend.h"
#include "turbo/rx/turbo_rx.h"
#include "turbo/xsk/socket.h"

namespace staccato::turbo {

/// The largest frame (without FCS) turbo sends; larger streams use the pcap backend.
inline constexpr uint32_t kMaxTurboFrame = 4096 - 256;

struct TurboRequest {
  std::string iface;
  uint32_t queue = 0;
  CopyMode mode = CopyMode::kCopy;
};

/// Opens the socket (the mode is tried, not chosen: zero-copy fails on drivers without it) and
/// sizes the UMEM for these streams. The caller falls back on error; the message says why.
Result<std::unique_ptr<TxBackend>> openTurboBackend(const TurboRequest& request, std::span<const TxPlan> plans);

/// Sends on queue `queue` of a port that receives with turbo, through the socket the receiver
/// holds there (TurboRx::lendTx): a queue takes one AF_XDP packet memory, so transmit and
/// receive share it. The socket's mode (zero-copy or copy) is the receiver's.
Result<std::unique_ptr<TxBackend>> openSharedTurboBackend(std::shared_ptr<TurboRx> rx, const std::string& iface,
                                                          uint32_t queue, std::span<const TxPlan> plans);

}  // namespace staccato::turbo
