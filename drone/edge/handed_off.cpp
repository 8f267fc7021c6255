#include "drone/edge/handed_off.h"

#include <sys/socket.h>
#include <sys/stat.h>

namespace staccato::drone::edge {

void HandedOff::add(const PeerAddress& peer, int grpcFd, UniqueFd own, Clock::time_point now) {
  struct stat st {};
  ::fstat(grpcFd, &st);
  Peer& p = byPeer_[peer.key];
  p.entries.push_back({peer.port, grpcFd, st.st_ino, std::move(own), now});
  ++p.unauthenticated;
  ++unauthenticated_;
  ++count_;
}

void HandedOff::forget(std::unordered_map<PeerKey, Peer, PeerKeyHash>::iterator it) {
  if (it->second.entries.empty()) byPeer_.erase(it);
}

size_t HandedOff::reconcile(const PeerKey& key, Admission& admission) {
  auto it = byPeer_.find(key);
  if (it == byPeer_.end()) return 0;
  Peer& p = it->second;
  const size_t gone = std::erase_if(p.entries, [&](const Entry& e) {
    struct stat st {};
    const bool closed = ::fstat(e.grpcFd, &st) != 0 || st.st_ino != e.inode;
    if (closed && !e.authenticated) --p.unauthenticated, --unauthenticated_;
    return closed;  // the door's own descriptor closes with the entry
  });
  for (size_t i = 0; i < gone; ++i) admission.remove(key);
  count_ -= gone;
  forget(it);
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

void HandedOff::authenticated(const PeerAddress& peer) {
  auto it = byPeer_.find(peer.key);
  if (it == byPeer_.end()) return;
  for (Entry& e : it->second.entries)
    if (e.port == peer.port && !e.authenticated) {
      e.authenticated = true;
      --it->second.unauthenticated;
      --unauthenticated_;
    }
}

void HandedOff::end(const PeerKey& key, Peer& peer, size_t i, Admission& admission) {
  Entry& e = peer.entries[i];
  ::shutdown(e.own.get(), SHUT_RDWR);  // gRPC's read ends; it closes its descriptor
  if (!e.authenticated) --peer.unauthenticated, --unauthenticated_;
  peer.entries.erase(peer.entries.begin() + static_cast<std::ptrdiff_t>(i));
  admission.remove(key);
  --count_;
}

size_t HandedOff::endUnauthenticated(Clock::time_point now, Clock::duration deadline, Admission& admission) {
  if (unauthenticated_ == 0) return 0;
  size_t ended = 0;
  for (auto it = byPeer_.begin(); it != byPeer_.end();) {
    Peer& p = it->second;
    for (size_t i = 0; i < p.entries.size() && p.unauthenticated > 0;) {
      if (!p.entries[i].authenticated && now - p.entries[i].since >= deadline) {
        end(it->first, p, i, admission);
        ++ended;
      } else {
        ++i;
      }
    }
    it = p.entries.empty() ? byPeer_.erase(it) : std::next(it);
  }
  return ended;
}

bool HandedOff::evictUnauthenticated(Admission& admission) {
  auto fullest = byPeer_.end();
  for (auto it = byPeer_.begin(); it != byPeer_.end(); ++it)
    if (it->second.unauthenticated > 0 && (fullest == byPeer_.end() || it->second.unauthenticated > fullest->second.unauthenticated))
      fullest = it;
  if (fullest == byPeer_.end()) return false;
  Peer& p = fullest->second;
  for (size_t i = 0; i < p.entries.size(); ++i)
    if (!p.entries[i].authenticated) {
      end(fullest->first, p, i, admission);
      break;
    }
  forget(fullest);
  return true;
}

}  // namespace staccato::drone::edge
