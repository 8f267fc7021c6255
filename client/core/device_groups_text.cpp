#include "client/core/device_groups_text.h"

#include <arpa/inet.h>

#include <charconv>

#include "rpc/device_limits.h"

namespace staccato::client {
namespace {

bool decimal(const std::string& s, uint64_t& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

Result<AddressWithPrefix> parseAddressWithPrefix(const std::string& text) {
  const auto slash = text.find('/');
  const bool v6 = text.find(':') != std::string::npos;
  const uint64_t max = v6 ? 128 : 32;
  uint64_t prefix = 0;
  if (slash == std::string::npos || !decimal(text.substr(slash + 1), prefix) || prefix < 1 || prefix > max)
    return makeError("", "'" + text + "' is not ADDRESS/PREFIX (e.g. " + (v6 ? "2001:db8::10/64" : "10.0.0.10/24") +
                             "; prefix 1.." + std::to_string(max) + ")");
  return AddressWithPrefix{text.substr(0, slash), static_cast<uint32_t>(prefix)};
}

Result<uint64_t> parseIpStep(const std::string& text) {
  uint64_t n = 0;
  if (decimal(text, n)) return n;
  in_addr a{};
  if (inet_pton(AF_INET, text.c_str(), &a) == 1) return uint64_t{ntohl(a.s_addr)};
  return makeError("", "'" + text + "' is not a step (a number, or like 0.0.1.0)");
}

Result<uint32_t> ipv4Step(uint64_t step) {
  if (step > 0xffffffffu) return makeError("", std::to_string(step) + " is too large for IPv4 (allowed 0..2^32-1)");
  return static_cast<uint32_t>(step);
}

Result<uint32_t> parseVlanId(const std::string& text) {
  uint64_t vid = 0;
  if (!decimal(text, vid) || vid < rpc::kMinVlanId || vid > rpc::kMaxVlanId)
    return makeError("", "'" + text + "' is not a VLAN id (allowed " + std::to_string(rpc::kMinVlanId) + ".." +
                             std::to_string(rpc::kMaxVlanId) + ")");
  return static_cast<uint32_t>(vid);
}

Result<uint64_t> parseMacStep(const std::string& text) {
  uint64_t n = 0;
  if (decimal(text, n)) return n;
  if (text.size() == 17) {
    n = 0;
    for (size_t i = 0; i < 17; ++i) {
      if (i % 3 == 2) {
        if (text[i] != ':' && text[i] != '-') return makeError("", "'" + text + "' is not a MAC step");
        continue;
      }
      uint8_t d = 0;
      if (std::from_chars(text.data() + i, text.data() + i + 1, d, 16).ec != std::errc())
        return makeError("", "'" + text + "' is not a MAC step");
      n = n << 4 | d;
    }
    return n;
  }
  return makeError("", "'" + text + "' is not a step (a number, or like 00:00:00:00:01:00)");
}

std::string ipv4Text(const v1::DeviceGroup& g) {
  if (g.ipv4().address().empty()) return "";
  return g.ipv4().address() + "/" + std::to_string(g.ipv4().prefix_length());
}

std::string ipv6Text(const v1::DeviceGroup& g) {
  if (g.ipv6().address().empty()) return "";
  return g.ipv6().address() + "/" + std::to_string(g.ipv6().prefix_length());
}

std::string vlansText(const v1::DeviceGroup& g) {
  std::string s;
  for (const auto& t : g.vlans()) s += (s.empty() ? "" : ",") + std::to_string(t.vid());
  return s;
}

}  // namespace staccato::client
