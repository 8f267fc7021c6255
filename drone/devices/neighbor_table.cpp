#include "drone/devices/neighbor_table.h"

#include <algorithm>
#include <vector>

namespace staccato::drone::devices {
namespace {

NeighborState aged(const Neighbor& n, uint64_t nowNs) {
  if (n.state == NeighborState::kReachable && nowNs - n.sinceNs >= kReachableNs) return NeighborState::kStale;
  return n.state;
}

}  // namespace

void NeighborTable::setState(Neighbor& n, NeighborState s) {
  if (n.state == NeighborState::kIncomplete && s != NeighborState::kIncomplete) --incomplete_;
  if (n.state != NeighborState::kIncomplete && s == NeighborState::kIncomplete) ++incomplete_;
  n.state = s;
}

bool NeighborTable::makeRoom(uint64_t nowNs) {
  if (entries_.size() < capacity_) return true;
  // Evicts the oldest STALE/FAILED sixteenth at once, so that a stream of new neighbours costs
  // one scan of the full table per capacity/16 of them, not one each.
  std::vector<std::map<NeighborKey, Neighbor>::iterator> evictable;
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    const NeighborState s = aged(it->second, nowNs);
    if (s == NeighborState::kStale || s == NeighborState::kFailed) evictable.push_back(it);
  }
  if (evictable.empty()) return false;
  const size_t batch = std::min(evictable.size(), std::max<size_t>(1, capacity_ / 16));
  auto older = [](const auto& a, const auto& b) { return a->second.sinceNs < b->second.sinceNs; };
  std::nth_element(evictable.begin(), evictable.begin() + static_cast<long>(batch - 1), evictable.end(), older);
  for (size_t i = 0; i < batch; ++i) entries_.erase(evictable[i]);
  return true;
}

void NeighborTable::learn(const NeighborKey& key, uint64_t mac, bool confirmed, uint32_t host, uint64_t nowNs, bool create) {
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    if (!create || !makeRoom(nowNs)) return;
    Neighbor n{key, mac, confirmed ? NeighborState::kReachable : NeighborState::kStale, nowNs, host};
    entries_.emplace(key, n);
    return;
  }
  Neighbor& n = it->second;
  if (confirmed) {
    n.mac = mac;
    setState(n, NeighborState::kReachable);
    n.sinceNs = nowNs;
  } else if (n.state == NeighborState::kIncomplete || n.state == NeighborState::kFailed || n.mac != mac) {
    n.mac = mac;
    setState(n, NeighborState::kStale);
    n.sinceNs = nowNs;
  }
}

bool NeighborTable::resolve(const NeighborKey& key, uint32_t host, uint64_t nowNs) {
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    if (!makeRoom(nowNs)) return false;
    it = entries_.emplace(key, Neighbor{key, 0, NeighborState::kFailed, nowNs, host}).first;
  }
  Neighbor& n = it->second;
  if (n.state != NeighborState::kFailed) return true;  // known, or being asked already
  n.host = host;
  n.mac = 0;
  n.tries = 0;
  n.nextTryNs = nowNs;
  n.sinceNs = nowNs;
  setState(n, NeighborState::kIncomplete);
  return true;
}

std::vector<Probe> NeighborTable::due(uint64_t nowNs) {
  std::vector<Probe> out;
  if (!incomplete_) return out;
  for (auto& [key, n] : entries_) {
    if (n.state != NeighborState::kIncomplete || nowNs < n.nextTryNs) continue;
    if (n.tries == kMaxTries) {
      setState(n, NeighborState::kFailed);
      n.sinceNs = nowNs;
      continue;
    }
    ++n.tries;
    n.nextTryNs = nowNs + kRetryNs;
    out.push_back({key, n.host});
  }
  return out;
}

std::optional<Neighbor> NeighborTable::find(const NeighborKey& key, uint64_t nowNs) const {
  auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  Neighbor n = it->second;
  n.state = aged(n, nowNs);
  return n;
}

std::vector<Neighbor> NeighborTable::snapshot(uint64_t nowNs) const {
  std::vector<Neighbor> out;
  out.reserve(entries_.size());
  for (const auto& [key, n] : entries_) {
    out.push_back(n);
    out.back().state = aged(n, nowNs);
  }
  return out;
}

void NeighborTable::clear() {
  entries_.clear();
  incomplete_ = 0;
}

}  // namespace staccato::drone::devices
