#include "client/core/benchmark_drone/bench_flows.h"

#include <algorithm>

namespace staccato::bench {

Result<Endpoint> parseEndpoint(std::string_view text, const std::string& defaultDrone) {
  const size_t at = text.find('@');
  Endpoint e{at == std::string_view::npos ? defaultDrone : std::string(text.substr(at + 1)),
             std::string(text.substr(0, at))};
  const bool badName = e.port.empty() || e.port.size() > 15 ||
                       e.port.find_first_of("/@ \t") != std::string::npos;
  if (badName) return makeError("port", "'" + std::string(text) + "' is not PORT or PORT@DRONE (an interface name of 1..15 characters)");
  if (e.drone.empty()) return makeError("port", "'" + std::string(text) + "' names no drone after '@'");
  return e;
}

Result<std::vector<Flow>> flowsOf(const BenchmarkConfig& config, const std::string& defaultDrone) {
  std::vector<Flow> flows;
  for (size_t i = 0; i < config.portPairs.size(); ++i) {
    const std::string where = "port_pairs[" + std::to_string(i) + "]";
    auto tx = parseEndpoint(config.portPairs[i].tx, defaultDrone);
    if (!tx) return tx.error().withPrefix(where + ".tx");
    auto rx = parseEndpoint(config.portPairs[i].rx, defaultDrone);
    if (!rx) return rx.error().withPrefix(where + ".rx");
    Endpoint via;
    if (!config.portPairs[i].reflector.empty()) {
      auto r = parseEndpoint(config.portPairs[i].reflector, defaultDrone);
      if (!r) return r.error().withPrefix(where + ".reflector");
      if (*r == *tx) return makeError(where, "the reflector " + r->port + " is the transmit port: name the port at the device's far side");
      if (*rx != *tx) return makeError(where, "through a reflector the frames return to the transmit port " + tx->port);
      via = *r;
    } else if (*tx == *rx) {
      return makeError(where, "sends and receives on the same port " + tx->port + ": name two ports with the device between them");
    }
    flows.push_back({*tx, *rx, kFirstStreamId + uint32_t(flows.size()), via});
    if (config.direction == Direction::kBidirectional) flows.push_back({*rx, *tx, kFirstStreamId + uint32_t(flows.size())});
  }
  if (flows.empty()) return makeError("port_pairs", "no port pair: name the ports the device sits between (--tx PORT --rx PORT)");
  return flows;
}

std::vector<std::string> dronesOf(const std::vector<Flow>& flows) {
  std::vector<std::string> out;
  for (const Flow& f : flows)
    for (const Endpoint& e : {f.tx, f.rx, f.via})
      if (!e.port.empty() && std::find(out.begin(), out.end(), e.drone) == out.end()) out.push_back(e.drone);
  return out;
}

}  // namespace staccato::bench
