#pragma once
/// Who a connection comes from, as the caps count it: the peer's address without its port.
#include <sys/socket.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace staccato::drone::edge {

struct PeerKey {
  std::array<uint8_t, 16> addr{};  ///< IPv6, IPv4 as ::ffff:a.b.c.d; every local (unix) peer is all zeros
  bool operator==(const PeerKey&) const = default;
  /// "192.0.2.1", "2001:db8::1", or "local" for a unix socket's peers.
  std::string text() const;
  static PeerKey of(const sockaddr_storage& address);
};

struct PeerKeyHash {
  size_t operator()(const PeerKey& k) const noexcept;
};

}  // namespace staccato::drone::edge
