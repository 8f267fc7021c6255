#pragma once
/// A port's neighbour cache, with the kernel's states: INCOMPLETE (asked, no answer yet),
/// REACHABLE (answered within kReachableNs), STALE (known, not confirmed lately: still used),
/// FAILED (kMaxTries asks kRetryNs apart went unanswered). Entries are learnt from ARP and
/// neighbour discovery (requests: STALE; replies: REACHABLE) and asked for by resolve(); due()
/// says which probes to send when. Bounded: when full, the oldest STALE or FAILED entries (a
/// sixteenth of the table) make room, else nothing new is added. Time is passed in (tests use a fake clock). Not
/// thread-safe: its owner locks.
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "drone/devices/addresses.h"

namespace staccato::drone::devices {

inline constexpr uint64_t kRetryNs = 1'000'000'000;       ///< between probes
inline constexpr unsigned kMaxTries = 3;                  ///< probes before FAILED
inline constexpr uint64_t kReachableNs = 30'000'000'000;  ///< REACHABLE turns STALE after this
inline constexpr size_t kMaxNeighborsPerPort = 20000;

enum class NeighborState : uint8_t { kIncomplete = 1, kReachable = 2, kStale = 3, kFailed = 4 };

/// Where a neighbour is: the link (VLAN ids, VlanStack::key) and its address (IPv4 as
/// ::ffff:a.b.c.d).
struct NeighborKey {
  uint32_t link = 0;
  Ip6 ip;
  auto operator<=>(const NeighborKey&) const = default;
  bool isIpv4() const { return ip.high() == 0 && (ip.low() >> 32) == 0xffff; }
  uint32_t ipv4() const { return static_cast<uint32_t>(ip.low()); }
  static NeighborKey v4(uint32_t link, uint32_t ip) { return {link, Ip6::of(0, 0xffff00000000ull | ip)}; }
  static NeighborKey v6(uint32_t link, const Ip6& ip) { return {link, ip}; }
};

struct Neighbor {
  NeighborKey key;
  uint64_t mac = 0;
  NeighborState state = NeighborState::kIncomplete;
  uint64_t sinceNs = 0;  ///< last change or confirmation
  uint32_t host = 0;     ///< index of the emulated host it was learnt or asked for
  unsigned tries = 0;
  uint64_t nextTryNs = 0;
};

/// A probe to send now: ask `key` on behalf of host `host`.
struct Probe {
  NeighborKey key;
  uint32_t host;
};

class NeighborTable {
 public:
  explicit NeighborTable(size_t capacity = kMaxNeighborsPerPort) : capacity_(capacity) {}

  /// Heard `key` at `mac`: `confirmed` (a reply, or an advertisement with S set) makes it
  /// REACHABLE; otherwise a new entry is STALE and an entry whose MAC changed turns STALE. An
  /// unconfirmed sighting never creates an entry when `create` is false.
  void learn(const NeighborKey& key, uint64_t mac, bool confirmed, uint32_t host, uint64_t nowNs, bool create = true);
  /// Asks for `key` on behalf of `host`: a new or FAILED entry becomes INCOMPLETE, probed at the
  /// next due(). False when the table is full.
  bool resolve(const NeighborKey& key, uint32_t host, uint64_t nowNs);
  /// Probes to send now; entries whose tries ran out become FAILED.
  std::vector<Probe> due(uint64_t nowNs);
  /// The entry with its state as of `nowNs` (REACHABLE ages into STALE), or nullopt.
  std::optional<Neighbor> find(const NeighborKey& key, uint64_t nowNs) const;
  /// Whether any entry is INCOMPLETE.
  bool pending() const { return incomplete_ > 0; }
  /// Every entry as of `nowNs`.
  std::vector<Neighbor> snapshot(uint64_t nowNs) const;
  size_t size() const { return entries_.size(); }
  void clear();

 private:
  bool makeRoom(uint64_t nowNs);
  void setState(Neighbor& n, NeighborState s);

  size_t capacity_;
  std::map<NeighborKey, Neighbor> entries_;
  size_t incomplete_ = 0;
};

}  // namespace staccato::drone::devices
