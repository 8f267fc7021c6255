#pragma once
/// The RFC 2889 page's test bench: a port tree with one drone of four 1 Gbit/s ports, and a
/// factory whose probe is a model switch (on the worker thread, as the drones' is): a table of
/// `capacity` addresses that learns at most `learnPps` a second and floods what it did not learn;
/// a fabric that forwards each port's traffic up to `forwardShare` of the line rate and loses
/// the rest; ports that send out at most their line rate, losing the excess or, with flow
/// control, holding their senders back. Optionally each trial takes real time. Tests only: the product binds the drones.
#include <QThread>

#include <algorithm>
#include <chrono>
#include <string>

#include "client/widgets/rfc2889_probe_factory.h"
#include "tests/client/benchmark/benchmark_lab.h"

namespace staccato::client::test {

/// The lab's drone with eth1..eth4 (1 Gbit/s each).
inline void addSwitchPorts(PortTreeModel& tree) {
  addLabPorts(tree);
  std::vector<v1::Port> ports(4);
  for (int i = 0; i < 4; ++i) {
    ports[size_t(i)].set_name("eth" + std::to_string(i + 1));
    ports[size_t(i)].set_line_rate_bps(kLabLineRate);
    ports[size_t(i)].set_link_up(true);
  }
  tree.setPorts(kLabDrone, ports);
}

struct SwitchModel {
  uint64_t capacity = 1000;
  double learnPps = 1e9;
  double forwardShare = 1.0;
  bool flowControl = false;  ///< a port offered more than its line rate pushes back on its senders (PAUSE)
  double latencyUs = 12.5;
  std::chrono::milliseconds trialTime{};
};

inline bench::AddressTrial addressTrial(const SwitchModel& model, uint64_t n, double pps) {
  if (model.trialTime.count() > 0) QThread::msleep(static_cast<unsigned long>(model.trialTime.count()));
  bench::AddressTrial t;
  t.addresses = n;
  t.askedPps = pps;
  t.learningPps = pps * 0.998;  // as sent: a little under the rate asked
  t.learningSent = t.testSent = n;
  const uint64_t learned = t.learningPps > model.learnPps ? uint64_t(double(n) * model.learnPps / t.learningPps) : n;
  t.forwarded = n;  // the learned ones go to the learning port only; the rest are flooded there too
  t.flooded = n - std::min(learned, model.capacity);
  return t;
}

/// A trial of the setup's pattern over its ports: each sender's traffic through the fabric (up
/// to forwardShare), then out of each port up to its line rate: the excess is lost, or with flow
/// control its senders are held back to what fits (and so are their frames to other ports).
inline bench::TrafficTrial trafficTrial(const SwitchModel& model, const Rfc2889Setup& setup, double load) {
  if (model.trialTime.count() > 0) QThread::msleep(static_cast<unsigned long>(model.trialTime.count()));
  const auto legs = bench::trafficLegs(setup.pattern(), setup.ports.size()).value();
  bench::TrafficTrial t;
  t.load = load;
  t.seconds = setup.traffic.seconds;
  t.offeredFps = load * kLabLineRate / ((setup.traffic.size.averageBytes() + 20) * 8);
  const double fabric = load > model.forwardShare ? model.forwardShare / load : 1;
  std::vector<double> out(setup.ports.size(), 0);  // each port's traffic out, in shares of its line rate
  for (const bench::TrafficLeg& leg : legs) out[leg.to] += load * fabric * leg.share;
  std::vector<double> pace(setup.ports.size(), 1);  // flow control: each sender's share of what it was asked
  if (model.flowControl)
    for (const bench::TrafficLeg& leg : legs) pace[leg.from] = std::min(pace[leg.from], 1 / std::max(out[leg.to], 1.0));
  for (const bench::TrafficLeg& leg : legs) {
    bench::PairCount p{setup.ports[leg.from].port, setup.ports[leg.to].port};
    p.asked = uint64_t(t.offeredFps * leg.share * t.seconds);
    p.sent = uint64_t(double(p.asked) * pace[leg.from]);
    p.heldBack = pace[leg.from] < 1;
    const double egress = model.flowControl ? 1 : 1 / std::max(out[leg.to], 1.0);
    p.received = uint64_t(double(p.sent) * fabric * egress);
    p.latencyAvgUs = model.latencyUs + 20 * load;
    t.pairs.push_back(p);
  }
  return t;
}

class ModelSwitchFactory : public Rfc2889ProbeFactory {
 public:
  explicit ModelSwitchFactory(SwitchModel model = {}) : model(model) {}

  Result<Opener> create(const Rfc2889Setup& setup) override {
    ++created;
    lastSetup = setup;
    if (!failWith.empty()) return makeError("", failWith, ErrorKind::kUnavailable);
    return Opener([model = model, setup]() -> Result<OpenedRfc2889Probe> {
      OpenedRfc2889Probe opened;
      opened.lineRateBps = kLabLineRate;
      opened.address = [model](uint64_t n, double pps) -> Result<bench::AddressTrial> { return addressTrial(model, n, pps); };
      opened.traffic = [model, setup](double load) -> Result<bench::TrafficTrial> { return trafficTrial(model, setup, load); };
      return opened;
    });
  }

  SwitchModel model;
  int created = 0;
  Rfc2889Setup lastSetup;
  std::string failWith;
};

}  // namespace staccato::client::test
