#pragma once
/// Who a connection comes from, as the caps count it: the peer's address without its port; and
/// the connection itself, with its port.
#include <sys/socket.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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

/// One connection's far end: its address and port (a unix socket's peers: all zeros, port 0).
struct PeerAddress {
  PeerKey key;
  uint16_t port = 0;
  bool operator==(const PeerAddress&) const = default;
  static PeerAddress of(const sockaddr_storage& address);
  /// What gRPC's ServerContext::peer() says of a TCP connection: "ipv4:192.0.2.1:40000",
  /// "ipv6:[2001:db8::1]:40000" (a scope after '%' ignored); nullopt for anything else.
  static std::optional<PeerAddress> fromGrpcPeer(std::string_view peer);
};

struct PeerAddressHash {
  size_t operator()(const PeerAddress& a) const noexcept { return PeerKeyHash()(a.key) * 31 + a.port; }
};

}  // namespace staccato::drone::edge
