#include "drone/edge/handed_off.h"

#include <sys/stat.h>

namespace staccato::drone::edge {

void HandedOff::add(const PeerKey& peer, int fd) {
  struct stat st {};
  ::fstat(fd, &st);
  byPeer_[peer].push_back({fd, st.st_ino});
  ++count_;
}

size_t HandedOff::reconcile(const PeerKey& peer, Admission& admission) {
  auto it = byPeer_.find(peer);
  if (it == byPeer_.end()) return 0;
  const size_t gone = std::erase_if(it->second, [](const Entry& e) {
    struct stat st {};
    return ::fstat(e.fd, &st) != 0 || st.st_ino != e.inode;
  });
  for (size_t i = 0; i < gone; ++i) admission.remove(peer);
  count_ -= gone;
  if (it->second.empty()) byPeer_.erase(it);
  return gone;
}

size_t HandedOff::reconcileAll(Admission& admission) {
  std::vector<PeerKey> peers;
  peers.reserve(byPeer_.size());
  for (const auto& [peer, entries] : byPeer_) peers.push_back(peer);
  size_t gone = 0;
  for (const PeerKey& p : peers) gone += reconcile(p, admission);
  return gone;
}

}  // namespace staccato::drone::edge
