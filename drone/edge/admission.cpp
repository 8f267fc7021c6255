#include "drone/edge/admission.h"

namespace staccato::drone::edge {

Admission::Verdict Admission::check(const PeerKey& peer) const {
  if (of(peer) >= caps_.perPeer) return Verdict::kPeerFull;
  if (total_ >= caps_.total) return Verdict::kTotalFull;
  return Verdict::kAdmit;
}

void Admission::add(const PeerKey& peer) {
  ++total_;
  ++perPeer_[peer];
}

void Admission::remove(const PeerKey& peer) {
  auto it = perPeer_.find(peer);
  if (it == perPeer_.end()) return;
  --total_;
  if (--it->second == 0) perPeer_.erase(it);
}

int Admission::of(const PeerKey& peer) const {
  auto it = perPeer_.find(peer);
  return it == perPeer_.end() ? 0 : it->second;
}

}  // namespace staccato::drone::edge
