#include "drone/edge/peer_key.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstring>
#include <functional>

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

size_t PeerKeyHash::operator()(const PeerKey& k) const noexcept {
  uint64_t a, b;
  std::memcpy(&a, k.addr.data(), 8);
  std::memcpy(&b, k.addr.data() + 8, 8);
  return std::hash<uint64_t>()(a * 0x9e3779b97f4a7c15ULL ^ b);
}

}  // namespace staccato::drone::edge
