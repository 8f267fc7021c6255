#pragma once
/// Rfc2889Run: one RFC 2889 test on a worker thread (WorkerRun), so the GUI never waits for a
/// trial (an address trial waits the device's aging time first). It opens the probe there, then
/// runs the search the CLI runs (caching capacity, learning rate, a pattern's throughput), forward
/// pressure's sweep (sweepForwarding) or the one trial (broadcast, congestion control, errored
/// frames); each trial comes back to the GUI thread as a signal. Stop ends the search
/// before its next trial; what was measured is kept and the answer says "incomplete".
#include <string>
#include <vector>

#include "client/core/benchmark/rfc2889_address_result.h"
#include "client/core/benchmark/rfc2889_traffic_result.h"
#include "client/widgets/rfc2889_probe_factory.h"
#include "client/widgets/worker_run.h"

namespace staccato::client {

class Rfc2889Run : public WorkerRun {
  Q_OBJECT
 public:
  explicit Rfc2889Run(QObject* parent = nullptr);

  /// Runs `setup`'s test on the probe `open` makes (on the worker thread). The result names
  /// `generator` and `ports` ("PORT@DRONE", in the setup's order). False when a run is going on.
  bool start(const Rfc2889Setup& setup, Rfc2889ProbeFactory::Opener open, std::string generator,
             std::vector<std::string> ports);

  /// Which result the run fills: the address test's or the traffic test's.
  bool addressTest() const { return addressTest_; }
  /// The result so far (settings, the trials done); the whole result once finished() was emitted.
  const bench::Rfc2889AddressResult& addressResult() const { return address_; }
  const bench::Rfc2889TrafficResult& trafficResult() const { return traffic_; }
  /// A run ended since the last start: there is a result to show and save.
  bool hasResult() const { return ended_; }
  /// The answer ("1023 addresses", "incomplete: stopped … (so far: …)"), once ended.
  std::string answer() const;
  bool complete() const;
  /// The result file (staccato-rfc2889-result), as the CLI's --json writes it.
  std::string resultJson() const;

 signals:
  /// The probe is open (trafficResult().lineRateBps is known).
  void opened();
  /// A trial ended: the result's trials grew.
  void trialDone();

 private:
  bool addressTest_ = true;
  bool ended_ = false;
  bench::Rfc2889AddressResult address_;
  bench::Rfc2889TrafficResult traffic_;
};

}  // namespace staccato::client
