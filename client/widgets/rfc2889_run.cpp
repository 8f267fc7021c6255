#include "client/widgets/rfc2889_run.h"

#include "common/core/clock.h"

namespace staccato::client {
namespace {

/// The address test's result before its first trial: ports and settings.
bench::Rfc2889AddressResult addressResultOf(const Rfc2889Setup& setup, const std::string& generator,
                                            const std::vector<std::string>& ports) {
  bench::Rfc2889AddressResult r;
  r.generator = generator;
  if (ports.size() == 3) {
    r.learningPort = ports[0];
    r.testPort = ports[1];
    r.monitorPort = ports[2];
  }
  r.agingSeconds = setup.address.agingSeconds;
  r.testPps = setup.address.testPps;
  if (setup.test == Rfc2889Test::kCaching) r.cachingSettings = setup.caching;
  else r.learningSettings = setup.learning;
  return r;
}

bench::Rfc2889TrafficResult trafficResultOf(const Rfc2889Setup& setup, const std::string& generator,
                                            const std::vector<std::string>& ports) {
  bench::Rfc2889TrafficResult r;
  r.pattern = setup.pattern();
  r.generator = generator;
  r.ports = ports;
  r.trialSeconds = setup.traffic.seconds;
  r.size = setup.traffic.size;
  r.settings = setup.throughput;
  if (!r.searched()) r.settings.maxLoad = setup.trialLoad;  // as the CLI writes it: the trial's load (the sweep's last)
  r.forwarding = setup.forwarding;
  r.errored = setup.traffic.errored;
  return r;
}

/// The caching or learning-rate search into `r` (the worker thread).
void runAddressTest(const Rfc2889Setup& setup, const bench::AddressProbe& probe, const bench::AddressSearchHooks& hooks,
                    bench::Rfc2889AddressResult& r) {
  if (setup.test == Rfc2889Test::kCaching) {
    auto found = bench::searchCachingCapacity(setup.caching, probe, hooks);
    if (found) r.caching = std::move(*found);
    else r.error = found.error().toString();
  } else {
    auto found = bench::searchLearningRate(setup.learning, probe, hooks);
    if (found) r.learning = std::move(*found);
    else r.error = found.error().toString();
  }
}

/// The throughput search, forward pressure's sweep (its last trial with an 88-bit gap), or the one
/// trial (broadcast, congestion, errored frames), into `r` (the worker thread): what the CLI runs.
void runTrafficTest(const Rfc2889Setup& setup, const bench::TrafficProbe& probe,
                    const std::function<void(const bench::TrafficTrial&)>& trialDone,
                    const std::function<bool()>& stopRequested, bench::Rfc2889TrafficResult& r) {
  auto found = setup.searched() ? bench::searchThroughput(setup.throughput, probe, trialDone, stopRequested)
               : setup.swept()  ? bench::sweepForwarding(setup.forwarding, bench::overloadFor(setup.traffic.size.averageBytes()),
                                                         probe, trialDone, stopRequested)
                                : bench::oneTrial(setup.trialLoad, probe, trialDone, stopRequested);
  if (found) r.search = std::move(*found);
  else r.error = found.error().toString();
}

}  // namespace

Rfc2889Run::Rfc2889Run(QObject* parent) : WorkerRun(parent) {}

bool Rfc2889Run::start(const Rfc2889Setup& setup, Rfc2889ProbeFactory::Opener open, std::string generator,
                       std::vector<std::string> ports) {
  if (running() || !open) return false;
  addressTest_ = setup.addressTest();
  ended_ = false;
  address_ = addressResultOf(setup, generator, ports);
  traffic_ = trafficResultOf(setup, generator, ports);
  // The job opens and owns the probe (so it ends on the worker too); each trial is posted to
  // this object's thread, where address_ and traffic_ are kept.
  return launch([this, setup, open, address = address_, traffic = traffic_](StopRequested stopRequested) mutable {
    auto finish = [&] {
      address.endNs = traffic.endNs = realtimeNs();
      post([this, address = std::move(address), traffic = std::move(traffic)]() mutable {
        address_ = std::move(address);
        traffic_ = std::move(traffic);
        ended_ = true;
        end();
      });
    };
    address.startNs = traffic.startNs = realtimeNs();
    auto opened = open();
    if (!opened) {
      address.error = traffic.error = "cannot open the ports: " + opened.error().toString();
      return finish();
    }
    traffic.lineRateBps = opened->lineRateBps;
    post([this, lineRate = opened->lineRateBps] {
      traffic_.lineRateBps = lineRate;
      emit this->opened();
    });
    if (setup.addressTest()) {
      bench::AddressSearchHooks hooks;
      hooks.stopRequested = stopRequested;
      hooks.trialDone = [this, caching = setup.test == Rfc2889Test::kCaching](const bench::AddressTrial& t) {
        post([this, caching, t] {
          (caching ? address_.caching.trials : address_.learning.trials).push_back(t);
          emit trialDone();
        });
      };
      runAddressTest(setup, opened->address, hooks, address);
    } else {
      auto trialDone = [this](const bench::TrafficTrial& t) {
        post([this, t] {
          traffic_.search.trials.push_back(t);
          emit this->trialDone();
        });
      };
      runTrafficTest(setup, opened->traffic, trialDone, stopRequested, traffic);
    }
    *opened = {};  // ends the probe's ports' traffic here, before the GUI hears the run ended
    finish();
  });
}

std::string Rfc2889Run::answer() const { return addressTest_ ? address_.answer() : traffic_.answer(); }

bool Rfc2889Run::complete() const { return addressTest_ ? address_.complete() : traffic_.complete(); }

std::string Rfc2889Run::resultJson() const {
  return addressTest_ ? bench::rfc2889ResultJson(address_) : bench::rfc2889TrafficJson(traffic_);
}

}  // namespace staccato::client
