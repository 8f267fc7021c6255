#include "drone/edge/peer_key.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>

namespace staccato::drone::edge {

std::string PeerKey::text() const {
  if (addr == std::array<uint8_t, 16>{}) return "local";
  char buf[INET6_ADDRSTRLEN] = {};
  const bool v4 = std::all_of(addr.begin(), addr.begin() + 10, [](uint8_t b) { return b == 0; }) && addr[10] == 0xff &&
                  addr[11] == 0xff;
  if (v4) inet_ntop(AF_INET, addr.data() + 12, buf, sizeof buf);
  else inet_ntop(AF_INET6, addr.data(), buf, sizeof buf);
  return buf;
}

PeerKey PeerKey::of(const sockaddr_storage& address) {
  PeerKey k;
  if (address.ss_family == AF_INET6) {
    std::memcpy(k.addr.data(), &reinterpret_cast<const sockaddr_in6&>(address).sin6_addr, 16);
  } else if (address.ss_family == AF_INET) {
    k.addr[10] = k.addr[11] = 0xff;
    std::memcpy(k.addr.data() + 12, &reinterpret_cast<const sockaddr_in&>(address).sin_addr, 4);
  }
  return k;
}

PeerAddress PeerAddress::of(const sockaddr_storage& address) {
  PeerAddress a{PeerKey::of(address), 0};
  if (address.ss_family == AF_INET6) a.port = ntohs(reinterpret_cast<const sockaddr_in6&>(address).sin6_port);
  else if (address.ss_family == AF_INET) a.port = ntohs(reinterpret_cast<const sockaddr_in&>(address).sin_port);
  return a;
}

std::optional<PeerAddress> PeerAddress::fromGrpcPeer(std::string_view peer) {
  sockaddr_storage ss{};
  const size_t colon = peer.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  unsigned port = 0;
  const std::string_view portText = peer.substr(colon + 1);
  if (portText.empty() || portText.size() > 5 || portText.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  port = unsigned(std::stoul(std::string(portText)));
  if (port > 65535) return std::nullopt;
  std::string host(peer.substr(0, colon));
  if (host.starts_with("ipv4:")) {
    auto& in = reinterpret_cast<sockaddr_in&>(ss);
    in.sin_family = AF_INET;
    if (inet_pton(AF_INET, host.c_str() + 5, &in.sin_addr) != 1) return std::nullopt;
  } else if (host.starts_with("ipv6:[") && host.ends_with("]")) {
    host = host.substr(6, host.size() - 7);
    host = host.substr(0, host.find('%'));
    auto& in6 = reinterpret_cast<sockaddr_in6&>(ss);
    in6.sin6_family = AF_INET6;
    if (inet_pton(AF_INET6, host.c_str(), &in6.sin6_addr) != 1) return std::nullopt;
  } else {
    return std::nullopt;
  }
  return PeerAddress{PeerKey::of(ss), static_cast<uint16_t>(port)};
}

size_t PeerKeyHash::operator()(const PeerKey& k) const noexcept {
  uint64_t a, b;
  std::memcpy(&a, k.addr.data(), 8);
  std::memcpy(&b, k.addr.data() + 8, 8);
  return std::hash<uint64_t>()(a * 0x9e3779b97f4a7c15ULL ^ b);
}

}  // namespace staccato::drone::edge
