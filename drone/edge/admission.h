#pragma once
/// How many connections are open, in all and per peer address, against the caps.
#include <unordered_map>

#include "drone/edge/peer_key.h"

namespace staccato::drone::edge {

struct ConnectionCaps {
  int total = 0;    ///< connections open at once, all peers together
  int perPeer = 0;  ///< connections open at once from one address
};

class Admission {
 public:
  explicit Admission(ConnectionCaps caps) : caps_(caps) {}
  enum class Verdict { kAdmit, kTotalFull, kPeerFull };
  Verdict check(const PeerKey& peer) const;
  void add(const PeerKey& peer);
  void remove(const PeerKey& peer);
  int total() const { return total_; }
  int peers() const { return static_cast<int>(perPeer_.size()); }
  int of(const PeerKey& peer) const;
  const ConnectionCaps& caps() const { return caps_; }

 private:
  const ConnectionCaps caps_;
  int total_ = 0;
  std::unordered_map<PeerKey, int, PeerKeyHash> perPeer_;
};

}  // namespace staccato::drone::edge
