#pragma once
/// The Benchmark page's test bench: a port tree with one drone of two 1 Gbit/s ports, and an
/// executor factory that runs trials on the benchmark tests' simulated device (a 300 Mbit/s
/// rate limiter behind a generator of at most 400 kpps per flow, calibrated), optionally taking
/// real time per trial. Tests only: the product binds the drone executor.
#include <QThread>

#include <atomic>
#include <chrono>

#include "client/models/port_tree_model.h"
#include "client/widgets/benchmark_executor_factory.h"
#include "tests/benchmark/simulated_device.h"

namespace staccato::client::test {

inline constexpr char kLabDrone[] = "unix:/run/lab.sock";
inline constexpr double kLabLineRate = 1e9;
inline constexpr double kLabGeneratorPps = 400e3;

inline void addLabPorts(PortTreeModel& tree) {
  tree.addDrone(kLabDrone);
  tree.setDroneInfo(kLabDrone, "lab", "connected", {}, true);
  std::vector<v1::Port> ports(2);
  for (int i = 0; i < 2; ++i) {
    ports[size_t(i)].set_name("eth" + std::to_string(i + 1));
    ports[size_t(i)].set_line_rate_bps(kLabLineRate);
    ports[size_t(i)].set_link_up(true);
  }
  tree.setPorts(kLabDrone, ports);
}

/// The simulated device, sleeping `trialDelay` in each trial (on the worker thread).
class SlowDevice : public bench::testing::SimulatedDevice {
 public:
  SlowDevice(bench::testing::DeviceModel model, std::chrono::milliseconds trialDelay)
      : SimulatedDevice(model), delay_(trialDelay) {}
  Result<bench::TrialResult> run(const bench::TrialRequest& request) override {
    if (delay_.count() > 0) QThread::msleep(static_cast<unsigned long>(delay_.count()));
    return SimulatedDevice::run(request);
  }

 private:
  std::chrono::milliseconds delay_;
};

class SimulatedFactory : public BenchmarkExecutorFactory {
 public:
  explicit SimulatedFactory(std::chrono::milliseconds trialDelay = {}) : delay_(trialDelay) {}

  Result<PreparedExecutor> create(const bench::BenchmarkConfig& config, const BenchmarkTarget& target) override {
    ++created;
    lastConfig = config;
    lastTarget = target;
    if (!failWith.empty()) return makeError("", failWith, ErrorKind::kUnavailable);
    PreparedExecutor p;
    p.calibration.setup = "lab: eth1 -> eth2, loop cable";
    for (const bench::FrameSize& size : config.sizes())
      p.calibration.points.push_back(
          {size, std::min(kLabGeneratorPps, bench::maxFrameRate(config.lineRateBps, size.averageBytes())), config.lineRateBps});
    p.executor = std::make_unique<SlowDevice>(
        bench::testing::DeviceModel{.lineRateBps = config.lineRateBps, .rateBps = 300e6, .queueFrames = 2000,
                                    .testerCeilingPps = kLabGeneratorPps, .receiverMissEvery = 11},
        delay_);
    return p;
  }

  int created = 0;
  bench::BenchmarkConfig lastConfig;
  BenchmarkTarget lastTarget;
  std::string failWith;  ///< when set, create() fails with it

 private:
  std::chrono::milliseconds delay_;
};

}  // namespace staccato::client::test
