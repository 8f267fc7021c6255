#pragma once
/// Where a benchmark's frames go: its ports as users name them ("PORT" on the default drone, or
/// "PORT@DRONE", as the CLI's --map rules write them) and the flows between them, one per port
/// pair and direction, each a tracked stream with an id of its own.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "client/core/benchmark/benchmark_config.h"
#include "common/core/result.h"

namespace staccato::bench {

/// One tester port: the drone that holds it and its name there.
struct Endpoint {
  std::string drone;  ///< the drone's address
  std::string port;
  bool operator==(const Endpoint&) const = default;
};

/// "PORT" (on `defaultDrone`) or "PORT@DRONE"; a port name is 1..15 characters without '/',
/// '@' or spaces (a Linux interface name).
Result<Endpoint> parseEndpoint(std::string_view text, const std::string& defaultDrone);

/// The first signature stream id of a benchmark's flows (ids below stay free for the user's own).
inline constexpr uint32_t kFirstStreamId = 2544;

/// One flow of a trial: a stream sent on `tx` and counted on `rx`; through a reflector (`via`),
/// sent to it and counted where it returns (`rx` is `tx`).
struct Flow {
  Endpoint tx, rx;
  uint32_t streamId = 0;  ///< in its signature; unique over the whole benchmark (pairing across drones)
  Endpoint via;           ///< the reflector; port "" = none
  bool reflected() const { return !via.port.empty(); }
  /// The far end of the device: where the frames are addressed to (the reflector, else `rx`).
  const Endpoint& farEnd() const { return reflected() ? via : rx; }
  bool operator==(const Flow&) const = default;
};

/// The flows of `config` (its port pairs, both ways when bidirectional), in the order the
/// reports count them. An error names the first port that cannot be parsed, or a pair whose two
/// ends are the same port (without a reflector between them).
Result<std::vector<Flow>> flowsOf(const BenchmarkConfig& config, const std::string& defaultDrone);

/// Every drone address the flows use (reflectors' too), in first-use order.
std::vector<std::string> dronesOf(const std::vector<Flow>& flows);

}  // namespace staccato::bench
