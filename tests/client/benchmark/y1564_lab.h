#pragma once
/// The Y.1564 page's test bench: a device under test modelled as a policer (each service gets
/// through at most its police rate; every frame takes a fixed delay) that in the performance test
/// loses every frame of a stretch of seconds, behind 1 Gbit/s ports; and a factory that opens it
/// (on the worker thread, as the drones' is). Optionally each step and second takes real time.
/// Tests only: the product binds the drones.
#include <QThread>

#include <algorithm>
#include <chrono>
#include <functional>

#include "client/widgets/y1564_executor_factory.h"
#include "tests/client/benchmark/benchmark_lab.h"

namespace staccato::client::test {

struct PolicerModel {
  /// What the device lets through of a service, Mbit/s of frames.
  std::function<double(const bench::Y1564Service&)> policeMbps = [](const bench::Y1564Service& s) {
    return s.cirMbps + s.eirMbps;
  };
  double delayMs = 2.0, delayVariationMs = 0.3;
  uint32_t lossFrom = 0, lossTo = 0;  ///< performance seconds [from, to) that lose every frame
  std::chrono::milliseconds stepTime{}, secondTime{};
};

class PolicerDevice : public bench::Y1564Executor {
 public:
  explicit PolicerDevice(PolicerModel model) : model_(std::move(model)) {}

  Result<bench::Y1564Measurement> runStep(const bench::Y1564Config& c, const bench::Y1564Step& step) override {
    if (model_.stepTime.count() > 0) QThread::msleep(static_cast<unsigned long>(model_.stepTime.count()));
    const auto sent = frames(c.services[step.service], step.rateMbps, step.seconds);
    const auto through = frames(c.services[step.service], model_.policeMbps(c.services[step.service]), step.seconds);
    return bench::Y1564Measurement{sent, std::min(sent, through), step.seconds, true, model_.delayMs, model_.delayVariationMs, ""};
  }

  Result<std::vector<bench::Y1564ServiceRun>> runPerformance(const bench::Y1564Config& c, double seconds,
                                                             const bench::Y1564Hooks& hooks) override {
    std::vector<bench::Y1564ServiceRun> runs(c.services.size());
    for (uint32_t t = 0; t < uint32_t(seconds) && !(hooks.stopRequested && hooks.stopRequested()); ++t) {
      if (model_.secondTime.count() > 0) QThread::msleep(static_cast<unsigned long>(model_.secondTime.count()));
      std::vector<bench::SecondCounts> second;
      for (size_t i = 0; i < c.services.size(); ++i) {
        const auto sent = frames(c.services[i], c.services[i].cirMbps, 1);
        const bool lost = t >= model_.lossFrom && t < model_.lossTo;
        second.push_back({sent, lost ? 0 : std::min(sent, frames(c.services[i], model_.policeMbps(c.services[i]), 1))});
        runs[i].perSecond.push_back(second.back());
        runs[i].total.sent += second.back().sent;
        runs[i].total.received += second.back().received;
      }
      if (hooks.secondDone) hooks.secondDone(t, second);
    }
    for (bench::Y1564ServiceRun& r : runs) {
      r.total.seconds = double(r.perSecond.size());
      r.total.delayMeasured = true;
      r.total.ftdMs = model_.delayMs;
      r.total.fdvMs = model_.delayVariationMs;
    }
    return runs;
  }

 private:
  static uint64_t frames(const bench::Y1564Service& s, double mbps, double seconds) {
    return uint64_t(mbps * 1e6 * seconds / (s.frameSize.averageBytes() * 8));
  }
  PolicerModel model_;
};

class SimulatedY1564Factory : public Y1564ExecutorFactory {
 public:
  explicit SimulatedY1564Factory(PolicerModel model = {}) : model(std::move(model)) {}

  Result<Opener> create(const bench::Y1564Config& config, const Y1564Target& target) override {
    ++created;
    lastConfig = config;
    lastTarget = target;
    if (!failWith.empty()) return makeError("", failWith, ErrorKind::kUnavailable);
    return Opener([device = model]() -> Result<OpenedY1564Executor> {
      return OpenedY1564Executor{std::make_unique<PolicerDevice>(device), kLabLineRate};
    });
  }

  PolicerModel model;  ///< the next run's device
  int created = 0;
  bench::Y1564Config lastConfig;
  Y1564Target lastTarget;
  std::string failWith;  ///< when set, create() fails with it
};

}  // namespace staccato::client::test
