#pragma once
/// The seam between the RFC 2889 page and the tester, as Y1564ExecutorFactory is for Y.1564: the
/// page knows the test, its ports and settings; the factory makes the probe that runs one trial
/// (an address trial, or a traffic one at a load) and says the sending ports' line rate. The product binds the drones (DroneRfc2889Factory); tests bind a model switch.
#include <functional>
#include <vector>

#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark/rfc2889_errored.h"
#include "client/core/benchmark/rfc2889_forwarding.h"
#include "client/core/benchmark/rfc2889_patterns.h"
#include "client/core/benchmark/rfc2889_traffic.h"
#include "client/core/benchmark_drone/rfc2889_address_probe.h"
#include "client/core/benchmark_drone/rfc2889_traffic_probe.h"
#include "client/widgets/workspace.h"

namespace staccato::client {

enum class Rfc2889Test { kCaching, kLearning, kMeshed, kBroadcast, kOneToMany, kManyToOne, kCongestion, kForwardPressure,
                         kErroredFrames };

/// One RFC 2889 test as the page's form describes it, every value checked.
struct Rfc2889Setup {
  Rfc2889Test test = Rfc2889Test::kCaching;
  /// In the order the probe takes them: caching, learning: the learning, test and monitoring
  /// ports. meshed: each port. broadcast, one-to-many: the sender, then the receivers.
  /// many-to-one: the receiver, then the senders. congestion: sender 1, sender 2, the congested
  /// port, the uncongested one. forward pressure, errored frames: the sender, then the receiver.
  std::vector<PortRef> ports;
  /// caching, learning: aging, the test frames' rate, fresh addresses each trial (learning)
  bench::AddressProbeSettings address;
  bench::CachingSettings caching;
  bench::LearningSettings learning;
  bench::ThroughputSettings throughput;   ///< the searched tests': the search (its first trial at maxLoad)
  double trialLoad = 1.0;                 ///< broadcast, congestion, errored frames: the one trial's load (share of
                                          ///< line rate); forward pressure: the sweep's maxLoad
  bench::ForwardingSettings forwarding;   ///< forward pressure: the sweep (the trial past the line rate follows it)
  bench::TrafficProbeSettings traffic;    ///< the traffic tests: each trial's time and frame size (errored frames:
                                          ///< and the errored frames' sizes)

  bool addressTest() const { return test == Rfc2889Test::kCaching || test == Rfc2889Test::kLearning; }
  /// The traffic test's pattern (meaningless for the address tests).
  bench::TrafficPattern pattern() const {
    switch (test) {
      case Rfc2889Test::kBroadcast: return bench::TrafficPattern::kBroadcast;
      case Rfc2889Test::kOneToMany: return bench::TrafficPattern::kOneToMany;
      case Rfc2889Test::kManyToOne: return bench::TrafficPattern::kManyToOne;
      case Rfc2889Test::kCongestion: return bench::TrafficPattern::kCongestion;
      case Rfc2889Test::kForwardPressure: return bench::TrafficPattern::kForwardPressure;
      case Rfc2889Test::kErroredFrames: return bench::TrafficPattern::kErroredFrames;
      default: return bench::TrafficPattern::kMeshed;
    }
  }
  /// A throughput search (meshed, one-to-many, many-to-one); else a sweep (swept()), or one trial at trialLoad.
  bool searched() const { return test == Rfc2889Test::kMeshed || test == Rfc2889Test::kOneToMany || test == Rfc2889Test::kManyToOne; }
  /// Forward pressure: trials at loads stepped up to the line rate, then one past it (sweepForwarding).
  bool swept() const { return test == Rfc2889Test::kForwardPressure; }
};

/// A probe ready for its first trial: `address` for the address tests, `traffic` for the others. Each owns what it runs on (the drones' connections), released with it.
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
