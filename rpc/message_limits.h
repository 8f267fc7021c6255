#pragma once
/// How large the messages (and how long the leases) between a drone and its clients may be. Requests are small: stream
/// lists travel in parts of about 1 MiB (rpc/streams/stream_parts.h), so a drone reads at most
/// kMaxRequestBytes per message, however large a replay stream is. Replies may be larger: a stats
/// snapshot of thousands of streams.
#include <cstddef>

namespace staccato::rpc {

inline constexpr int kMaxRequestBytes = 4 << 20;
inline constexpr int kMaxReplyBytes = 64 << 20;

/// The most pcapng bytes one CaptureChunk carries (FetchCapture): a capture of any size travels
/// in pieces, never as one huge message.
inline constexpr size_t kCaptureChunkBytes = size_t{1} << 20;

/// The longest transmit lease (StartTxRequest.lease_seconds).
inline constexpr unsigned kMaxLeaseSeconds = 3600;

/// The longest run label (StartTxRequest.run.name), in bytes: a label value of the drone's metrics.
inline constexpr size_t kMaxRunLabelBytes = 128;

}  // namespace staccato::rpc
