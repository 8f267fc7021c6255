#pragma once
/// Connections handed to gRPC. gRPC never says when it closes one, so each is remembered by
/// gRPC's descriptor and the inode of the socket behind it: it is gone when that descriptor is
/// closed or now names another file (the number was reused). Until then it counts against the
/// caps. The door keeps a descriptor of its own on each socket, so that it can end a connection
/// that has not authenticated in time (shutdown: gRPC sees the end and closes its side) without
/// ever touching a descriptor number gRPC may have closed and the process reused.
#include <sys/types.h>

#include <chrono>
#include <unordered_map>
#include <vector>

#include "common/core/unique_fd.h"
#include "drone/edge/admission.h"

namespace staccato::drone::edge {

class HandedOff {
 public:
  using Clock = std::chrono::steady_clock;

  /// Remembers the connection gRPC gets as `grpcFd` (still open: call before handing it over);
  /// `own` is the door's descriptor on the same socket.
  void add(const PeerAddress& peer, int grpcFd, UniqueFd own, Clock::time_point now);
  /// Forgets the peer's connections that are gone and takes them off `admission`; returns how many.
  size_t reconcile(const PeerKey& peer, Admission& admission);
  /// The same for every peer.
  size_t reconcileAll(Admission& admission);
  /// A call other than a health probe passed the edge guard on this connection: it stays.
  void authenticated(const PeerAddress& peer);
  /// Ends the connections that are not authenticated `deadline` after their hand-off; returns how many.
  size_t endUnauthenticated(Clock::time_point now, Clock::duration deadline, Admission& admission);
  /// Ends the oldest unauthenticated connection of the address that has the most of them (a
  /// flood's, not a client's that is about to authenticate); false when there is none.
  bool evictUnauthenticated(Admission& admission);
  size_t size() const { return count_; }
  size_t unauthenticated() const { return unauthenticated_; }

 private:
  struct Entry {
    uint16_t port;
    int grpcFd;
    ino_t inode;
    UniqueFd own;
    Clock::time_point since;
    bool authenticated = false;
  };
  struct Peer {
    std::vector<Entry> entries;  ///< in hand-off order: the oldest first
    size_t unauthenticated = 0;
  };
  /// Ends entry `i` of `peer` (its socket shut down, counts taken off).
  void end(const PeerKey& key, Peer& peer, size_t i, Admission& admission);
  void forget(std::unordered_map<PeerKey, Peer, PeerKeyHash>::iterator it);

  std::unordered_map<PeerKey, Peer, PeerKeyHash> byPeer_;
  size_t count_ = 0, unauthenticated_ = 0;
};

}  // namespace staccato::drone::edge
