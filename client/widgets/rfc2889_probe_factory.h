#pragma once
/// The seam between the RFC 2889 page and the tester, as Y1564ExecutorFactory is for Y.1564: the
/// page knows the test, its ports and settings; the factory makes the probe that runs one trial
/// (an address trial, or a meshed or broadcast one at a load) and says the sending ports' line
/// rate. The product binds the drones (DroneRfc2889Factory); tests bind a model switch.
#include <functional>
#include <vector>

#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark/rfc2889_traffic.h"
#include "client/core/benchmark_drone/rfc2889_address_probe.h"
#include "client/core/benchmark_drone/rfc2889_traffic_probe.h"
#include "client/widgets/workspace.h"

namespace staccato::client {

enum class Rfc2889Test { kCaching, kLearning, kMeshed, kBroadcast };

/// One RFC 2889 test as the page's form describes it, every value checked.
struct Rfc2889Setup {
  Rfc2889Test test = Rfc2889Test::kCaching;
  /// caching, learning: the learning, test and monitoring ports. meshed: each port. broadcast:
  /// the sender, then the receivers.
  std::vector<PortRef> ports;
  /// caching, learning: aging, the test frames' rate, fresh addresses each trial (learning)
  bench::AddressProbeSettings address;
  bench::CachingSettings caching;
  bench::LearningSettings learning;
  bench::ThroughputSettings throughput;   ///< meshed: the search (its first trial at maxLoad)
  double broadcastLoad = 1.0;             ///< broadcast: the one trial's load (share of line rate)
  bench::TrafficProbeSettings traffic;    ///< meshed, broadcast: each trial's time and frame size

  bool addressTest() const { return test == Rfc2889Test::kCaching || test == Rfc2889Test::kLearning; }
};

/// A probe ready for its first trial: `address` for the address tests, `traffic` for meshed and
/// broadcast. Each owns what it runs on (the drones' connections), released with it.
struct OpenedRfc2889Probe {
  bench::AddressProbe address;
  bench::TrafficProbe traffic;
  double lineRateBps = 0;  ///< the sending ports' (bits per second with the 20-byte overhead)
};

class Rfc2889ProbeFactory {
 public:
  /// Opens the probe; called once, on the test's worker thread (connecting to the drones and
  /// checking their ports may take seconds). Its error ends the run before any trial.
  using Opener = std::function<Result<OpenedRfc2889Probe>()>;

  virtual ~Rfc2889ProbeFactory() = default;
  /// Called on the GUI thread when Run is pressed, so it may read the Workspace (sessions'
  /// addresses); it must not block. An error is shown and nothing runs.
  virtual Result<Opener> create(const Rfc2889Setup& setup) = 0;
};

}  // namespace staccato::client
