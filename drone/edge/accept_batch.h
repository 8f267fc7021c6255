#pragma once
/// Taking connections off a listening socket without ever getting stuck: when the process has
/// no descriptor left (EMFILE, ENFILE) a reserve descriptor is given up to accept the
/// connection and close it at once, then taken back. gRPC 1.51 stops accepting for good after
/// one EMFILE (grpc/grpc#20418); a listener of ours must not.
#include <functional>

#include "drone/edge/peer_key.h"
#include "common/core/unique_fd.h"

namespace staccato::drone::edge {

/// One descriptor held on /dev/null for the moment all others are taken.
class ReserveFd {
 public:
  ReserveFd();
  /// Frees the reserve, accepts one connection and closes it, takes the reserve back. True when a
  /// connection was shed.
  bool shedOne(int listenFd);

 private:
  UniqueFd fd_;
};

struct AcceptCounts {
  uint64_t accepted = 0, shed = 0, failed = 0;
};

/// Most connections accepted per call: the connections already admitted get their turn between
/// batches (their first bytes must be seen before a flood makes them the oldest silent ones).
inline constexpr int kAcceptBatch = 64;

enum class AcceptResult { kDrained, kMore, kPause };

/// Accepts up to kAcceptBatch connections (non-blocking, close-on-exec) and gives each to
/// `accepted`, which owns it. kPause: accept failed in a way that needs a pause (ENOBUFS,
/// ENOMEM, or no descriptor even with the reserve): stop polling the listener for a moment,
/// never give it up.
AcceptResult acceptBatch(int listenFd, ReserveFd& reserve, AcceptCounts& counts,
                         const std::function<void(UniqueFd, const PeerAddress&)>& accepted);

}  // namespace staccato::drone::edge
