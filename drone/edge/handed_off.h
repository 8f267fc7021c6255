#pragma once
/// Connections handed to gRPC, which never says when it closes one. Each is remembered by its
/// descriptor and the descriptor's inode: it is gone when the descriptor is closed or now names
/// another file (the number was reused). Until then it counts against the caps.
#include <sys/types.h>

#include <unordered_map>
#include <vector>

#include "drone/edge/admission.h"

namespace staccato::drone::edge {

class HandedOff {
 public:
  /// Remembers `fd` (still open: call before handing it over).
  void add(const PeerKey& peer, int fd);
  /// Forgets the peer's connections that are gone and takes them off `admission`; returns how many.
  size_t reconcile(const PeerKey& peer, Admission& admission);
  /// The same for every peer.
  size_t reconcileAll(Admission& admission);
  size_t size() const { return count_; }

 private:
  struct Entry {
    int fd;
    ino_t inode;
  };
  std::unordered_map<PeerKey, std::vector<Entry>, PeerKeyHash> byPeer_;
  size_t count_ = 0;
};

}  // namespace staccato::drone::edge
