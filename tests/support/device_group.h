#pragma once
// A device group for tests: `count` hosts from `mac` and `ip`/24 (and `ip6`/64 when given).
#include <string>

#include "staccato/v1/drone.pb.h"

namespace staccato::test {

inline v1::DeviceGroup deviceGroup(uint32_t count, const std::string& mac, const std::string& ip, const std::string& gateway,
                                   const std::string& ip6 = "", const std::string& gateway6 = "") {
  v1::DeviceGroup g;
  g.set_count(count);
  g.set_mac(mac);
  g.mutable_ipv4()->set_address(ip);
  g.mutable_ipv4()->set_prefix_length(24);
  g.mutable_ipv4()->set_gateway(gateway);
  if (!ip6.empty()) {
    g.mutable_ipv6()->set_address(ip6);
    g.mutable_ipv6()->set_prefix_length(64);
    g.mutable_ipv6()->set_gateway(gateway6);
  }
  return g;
}

}  // namespace staccato::test
