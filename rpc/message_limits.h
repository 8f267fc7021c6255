#pragma once
/// How large the messages (and how long the leases) between a drone and its clients may be. Requests are small: stream
/// lists travel in parts of about 1 MiB (rpc/streams/stream_parts.h), so a drone reads at most
/// kMaxRequestBytes per message, however large a replay stream is. Replies may be larger: a stats
/// snapshot of thousands of streams.
namespace staccato::rpc {

inline constexpr int kMaxRequestBytes = 4 << 20;
inline constexpr int kMaxReplyBytes = 64 << 20;

/// The longest transmit lease (StartTxRequest.lease_seconds).
inline constexpr unsigned kMaxLeaseSeconds = 3600;

}  // namespace staccato::rpc
