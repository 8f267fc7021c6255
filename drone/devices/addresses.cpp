#include "drone/devices/addresses.h"

#include <arpa/inet.h>

#include <cstdio>

namespace staccato::drone::devices {

uint64_t Ip6::high() const {
  uint64_t x = 0;
  for (int i = 0; i < 8; ++i) x = x << 8 | b[i];
  return x;
}

uint64_t Ip6::low() const {
  uint64_t x = 0;
  for (int i = 8; i < 16; ++i) x = x << 8 | b[i];
  return x;
}

Ip6 Ip6::of(uint64_t high, uint64_t low) {
  Ip6 ip;
  for (int i = 7; i >= 0; --i, high >>= 8) ip.b[i] = static_cast<uint8_t>(high);
  for (int i = 15; i >= 8; --i, low >>= 8) ip.b[i] = static_cast<uint8_t>(low);
  return ip;
}

std::optional<uint64_t> parseMac(std::string_view text) {
  // aa:bb:cc:dd:ee:ff or aa-bb-cc-dd-ee-ff
  if (text.size() != 17) return std::nullopt;
  uint64_t mac = 0;
  for (size_t i = 0; i < 17; ++i) {
    const char c = text[i];
    if (i % 3 == 2) {
      if (c != ':' && c != '-') return std::nullopt;
      continue;
    }
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return std::nullopt;
    mac = mac << 4 | static_cast<uint64_t>(d);
  }
  return mac;
}

std::optional<uint32_t> parseIpv4(std::string_view text) {
  if (text.size() > 15) return std::nullopt;
  const std::string s(text);
  in_addr a{};
  if (inet_pton(AF_INET, s.c_str(), &a) != 1) return std::nullopt;
  return ntohl(a.s_addr);
}

std::optional<Ip6> parseIpv6(std::string_view text) {
  if (text.size() > 45) return std::nullopt;
  const std::string s(text);
  Ip6 ip;
  if (inet_pton(AF_INET6, s.c_str(), ip.b.data()) != 1) return std::nullopt;
  return ip;
}

std::string formatMac(uint64_t mac) {
  char buf[18];
  std::snprintf(buf, sizeof buf, "%02x:%02x:%02x:%02x:%02x:%02x", unsigned(mac >> 40 & 0xff), unsigned(mac >> 32 & 0xff),
                unsigned(mac >> 24 & 0xff), unsigned(mac >> 16 & 0xff), unsigned(mac >> 8 & 0xff), unsigned(mac & 0xff));
  return buf;
}

std::string formatIpv4(uint32_t ip) {
  char buf[INET_ADDRSTRLEN];
  const in_addr a{htonl(ip)};
  return inet_ntop(AF_INET, &a, buf, sizeof buf);
}

std::string formatIpv6(const Ip6& ip) {
  char buf[INET6_ADDRSTRLEN];
  return inet_ntop(AF_INET6, ip.b.data(), buf, sizeof buf);
}

uint64_t loadMac(const uint8_t* p) {
  uint64_t m = 0;
  for (int i = 0; i < 6; ++i) m = m << 8 | p[i];
  return m;
}

void storeMac(uint8_t* p, uint64_t mac) {
  for (int i = 5; i >= 0; --i, mac >>= 8) p[i] = static_cast<uint8_t>(mac);
}

uint32_t loadIpv4(const uint8_t* p) { return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3]; }

void storeIpv4(uint8_t* p, uint32_t ip) {
  for (int i = 3; i >= 0; --i, ip >>= 8) p[i] = static_cast<uint8_t>(ip);
}

Ip6 linkLocalOf(uint64_t mac) {
  const uint64_t oui = mac >> 24, nic = mac & 0xffffff;
  const uint64_t iid = (oui ^ 0x020000) << 40 | uint64_t{0xfffe} << 24 | nic;
  return Ip6::of(uint64_t{0xfe80} << 48, iid);
}

Ip6 solicitedNodeOf(const Ip6& ip) {
  Ip6 m = Ip6::of(uint64_t{0xff02} << 48, 0x1ff000000ull);
  m.b[13] = ip.b[13], m.b[14] = ip.b[14], m.b[15] = ip.b[15];
  return m;
}

uint64_t multicastMacOf(const Ip6& ip) {
  return uint64_t{0x3333} << 32 | uint64_t{ip.b[12]} << 24 | uint64_t{ip.b[13]} << 16 | uint64_t{ip.b[14]} << 8 | ip.b[15];
}

uint32_t subnetOf(uint32_t ip, unsigned prefix) {
  if (prefix == 0) return 0;
  return ip & (prefix >= 32 ? ~0u : ~(~0u >> prefix));
}

Ip6 subnetOf(const Ip6& ip, unsigned prefix) {
  Ip6 out;
  for (unsigned i = 0; i < 16 && prefix > 0; ++i, prefix = prefix > 8 ? prefix - 8 : 0)
    out.b[i] = ip.b[i] & (prefix >= 8 ? 0xff : static_cast<uint8_t>(0xff << (8 - prefix)));
  return out;
}

bool sameSubnet(uint32_t a, uint32_t b, unsigned prefix) { return subnetOf(a, prefix) == subnetOf(b, prefix); }
bool sameSubnet(const Ip6& a, const Ip6& b, unsigned prefix) { return subnetOf(a, prefix) == subnetOf(b, prefix); }

}  // namespace staccato::drone::devices
