// The RFC 2889 page's forward pressure (5.6) and errored frames (5.9) tests on a fake probe that
// records the loads it is asked: the form builds the setup the CLI builds (the sweep, the errored
// frames' sizes, the pattern, the sender then the receiver), the run calls the CLI's procedure
// (forward pressure: sweepForwarding, its loads stepped then one past the line rate; errored
// frames: one trial), and the verdicts show (MFR and forward pressure yes/no/not judged; each
// kind of frame's outcome, bad FCS not tested). Their settings and ports are checked naming the field.
#include <gtest/gtest.h>

#include <QLabel>
#include <QLineEdit>

#include <memory>
#include <mutex>

#include "tests/client/benchmark/rfc2889_page_lab.h"

namespace staccato::client {
namespace {

using Lab = test::Rfc2889PageLab;
using test::labPort;

std::string text(const QString& s) { return s.toStdString(); }

/// A device as the fake probe runs it: one trial of `setup` at `load`.
using Device = std::function<bench::TrafficTrial(const Rfc2889Setup& setup, double load)>;

/// A factory whose probe is `device`, keeping every load it was asked (on the worker thread).
class FakeProbeFactory : public Rfc2889ProbeFactory {
 public:
  explicit FakeProbeFactory(Device device) : device_(std::move(device)) {}

  Result<Opener> create(const Rfc2889Setup& setup) override {
    ++created;
    lastSetup = setup;
    return Opener([device = device_, setup, loads = loads_]() -> Result<OpenedRfc2889Probe> {
      OpenedRfc2889Probe opened;
      opened.lineRateBps = test::kLabLineRate;
      opened.traffic = [device, setup, loads](double load) -> Result<bench::TrafficTrial> {
        loads->add(load);
        return device(setup, load);
      };
      return opened;
    });
  }
  std::vector<double> loads() const { return loads_->all(); }

  int created = 0;
  Rfc2889Setup lastSetup;

 private:
  struct Loads {
    void add(double load) {
      std::lock_guard lock(mutex);
      seen.push_back(load);
    }
    std::vector<double> all() {
      std::lock_guard lock(mutex);
      return seen;
    }
    std::mutex mutex;
    std::vector<double> seen;
  };
  Device device_;
  std::shared_ptr<Loads> loads_ = std::make_shared<Loads>();
};

/// The receiving port's line rate in 64-byte frames a second.
double lineFps() { return bench::maxFrameRate(test::kLabLineRate, 64); }

/// Forward pressure's one pair: the tester sends `load` of the line rate (at most `sendCap`), the
/// device forwards it up to `forwardCap` of the line rate.
bench::TrafficTrial pressureTrial(const Rfc2889Setup& setup, double load, double sendCap, double forwardCap) {
  bench::TrafficTrial t;
  t.load = load;
  t.seconds = setup.traffic.seconds;
  t.offeredFps = load * lineFps();
  bench::PairCount p{setup.ports[0].port, setup.ports[1].port};
  p.sentFps = std::min(load, sendCap) * lineFps();
  p.receivedFps = std::min(p.sentFps, forwardCap * lineFps());
  p.asked = p.sent = uint64_t(p.sentFps * t.seconds);
  p.received = uint64_t(p.receivedFps * t.seconds);
  t.pairs.push_back(p);
  return t;
}

/// Errored frames' three pairs (valid, undersize, oversize), 1000 frames each; the device
/// forwards the valid ones and, when `leaky`, the undersized ones too.
bench::TrafficTrial erroredTrial(const Rfc2889Setup& setup, double load, bool leaky) {
  bench::TrafficTrial t;
  t.load = load;
  t.seconds = setup.traffic.seconds;
  for (int kind = 0; kind < 3; ++kind) {
    bench::PairCount p{setup.ports[0].port, setup.ports[1].port};
    p.asked = p.sent = 1000;
    p.received = kind == 0 || (kind == 1 && leaky) ? 1000 : 0;
    t.pairs.push_back(p);
  }
  return t;
}

struct PressureRun {
  PressureRun(Device device, const std::vector<std::pair<const char*, const char*>>& fields = {})
      : factory(std::make_shared<FakeProbeFactory>(std::move(device))) {
    lab.page->setExecutorFactory(factory);
    lab.form()->setTest(Rfc2889Test::kForwardPressure);
    EXPECT_TRUE(lab.form()->portsBox()->choosePairPorts(labPort("eth1"), labPort("eth2")));
    lab.type("Duration", "1");
    for (const auto& [field, value] : fields) EXPECT_TRUE(lab.type(field, value)) << field;
    ran = lab.page->run() && lab.waitFinished();
  }
  QString detail() const { return lab.page->findChild<QLabel*>("rfc2889Detail")->text(); }
  Lab lab;
  std::shared_ptr<FakeProbeFactory> factory;
  bool ran = false;
};

TEST(Rfc2889PressurePage, ForwardPressureSweepsTheLoadsThenOnePastTheLineRate) {
  PressureRun keepsTheGap([](const Rfc2889Setup& s, double load) { return pressureTrial(s, load, 2, 1); },
                          {{"SweepMinLoad", "50"}, {"Step", "25"}, {"SweepMaxLoad", "100"}, {"Load", "5"}});
  ASSERT_TRUE(keepsTheGap.ran) << text(keepsTheGap.lab.page->statusText());
  const Rfc2889Setup& s = keepsTheGap.factory->lastSetup;
  EXPECT_EQ(s.test, Rfc2889Test::kForwardPressure);
  EXPECT_EQ(s.pattern(), bench::TrafficPattern::kForwardPressure);
  EXPECT_EQ(s.ports, (std::vector<PortRef>{labPort("eth1"), labPort("eth2")})) << "the sender, then the receiver";
  EXPECT_DOUBLE_EQ(s.forwarding.minLoad, 0.5);
  EXPECT_DOUBLE_EQ(s.forwarding.step, 0.25);
  EXPECT_DOUBLE_EQ(s.forwarding.maxLoad, 1.0);
  EXPECT_EQ(s.traffic.seconds, 1);
  // sweepForwarding: the stepped loads, then one with an 88-bit gap (84/83 of the line rate at 64 B);
  // Load (not forward pressure's) is not read.
  const std::vector<double> loads = keepsTheGap.factory->loads();
  ASSERT_EQ(loads.size(), 4u);
  EXPECT_DOUBLE_EQ(loads[0], 0.5);
  EXPECT_DOUBLE_EQ(loads[1], 0.75);
  EXPECT_DOUBLE_EQ(loads[2], 1.0);
  EXPECT_DOUBLE_EQ(loads[3], bench::overloadFor(64));
  EXPECT_EQ(keepsTheGap.lab.page->trials()->rowCount(), 4);
  EXPECT_EQ(text(keepsTheGap.lab.page->answerText()),
            "Forward pressure: maximum forwarding rate 1.488 Mfps (100 % of the line rate), forward pressure: no");
  EXPECT_TRUE(keepsTheGap.detail().startsWith("maximum forwarding rate 1.49 Mfps")) << text(keepsTheGap.detail());
  EXPECT_TRUE(keepsTheGap.detail().contains("with an 88-bit gap")) << text(keepsTheGap.detail());
  EXPECT_EQ(text(keepsTheGap.lab.page->pairsText()), "Pairs of the trial at 101.2 % (the forward pressure trial)");
  const std::string json = keepsTheGap.lab.page->rfc2889Run()->resultJson();
  EXPECT_NE(json.find("\"test\": \"forward_pressure\""), std::string::npos);
  EXPECT_NE(json.find("\"sweep_min_load\": 0.5"), std::string::npos) << json;
  EXPECT_NE(json.find("\"sweep_step\": 0.25"), std::string::npos);
  EXPECT_NE(json.find("\"forward_pressure\": false"), std::string::npos);

  PressureRun shortensTheGap([](const Rfc2889Setup& s, double load) { return pressureTrial(s, load, 2, 2); });
  ASSERT_TRUE(shortensTheGap.ran) << text(shortensTheGap.lab.page->statusText());
  const Rfc2889Setup& d = shortensTheGap.factory->lastSetup;
  EXPECT_DOUBLE_EQ(d.forwarding.minLoad, 0.1) << "the CLI's defaults: 10 % to 100 % in steps of 10";
  EXPECT_DOUBLE_EQ(d.forwarding.step, 0.1);
  EXPECT_DOUBLE_EQ(d.forwarding.maxLoad, 1.0);
  EXPECT_EQ(shortensTheGap.factory->loads().size(), 11u);
  EXPECT_TRUE(shortensTheGap.lab.page->answerText().endsWith("of the line rate), forward pressure: yes"))
      << text(shortensTheGap.lab.page->answerText());

  PressureRun slowTester([](const Rfc2889Setup& s, double load) { return pressureTrial(s, load, 1, 2); },
                         {{"SweepMinLoad", "100"}});
  ASSERT_TRUE(slowTester.ran) << text(slowTester.lab.page->statusText());
  EXPECT_EQ(slowTester.factory->loads().size(), 2u) << "100 %, then past it";
  EXPECT_TRUE(slowTester.lab.page->answerText().endsWith("forward pressure: not judged"))
      << text(slowTester.lab.page->answerText());
  EXPECT_TRUE(slowTester.detail().contains("not enough above it to show forward pressure")) << text(slowTester.detail());
}

struct ErroredRun {
  ErroredRun(bool leaky, const std::vector<std::pair<const char*, const char*>>& fields = {})
      : factory(std::make_shared<FakeProbeFactory>(
            [leaky](const Rfc2889Setup& s, double load) { return erroredTrial(s, load, leaky); })) {
    lab.page->setExecutorFactory(factory);
    lab.form()->setTest(Rfc2889Test::kErroredFrames);
    EXPECT_TRUE(lab.form()->portsBox()->choosePairPorts(labPort("eth3"), labPort("eth4")));
    lab.type("Duration", "1");
    for (const auto& [field, value] : fields) EXPECT_TRUE(lab.type(field, value)) << field;
    ran = lab.page->run() && lab.waitFinished();
  }
  QString detail() const { return lab.page->findChild<QLabel*>("rfc2889Detail")->text(); }
  Lab lab;
  std::shared_ptr<FakeProbeFactory> factory;
  bool ran = false;
};

TEST(Rfc2889PressurePage, ErroredFramesRunsOneTrialAndShowsEachKind) {
  ErroredRun filtering(false, {{"Undersize", "40"}, {"Oversize", "1600"}, {"Load", "50"}, {"SweepMinLoad", "500"}});
  ASSERT_TRUE(filtering.ran) << text(filtering.lab.page->statusText());
  const Rfc2889Setup& s = filtering.factory->lastSetup;
  EXPECT_EQ(s.pattern(), bench::TrafficPattern::kErroredFrames);
  EXPECT_EQ(s.ports, (std::vector<PortRef>{labPort("eth3"), labPort("eth4")}));
  EXPECT_EQ(s.traffic.errored.undersize, 40u);
  EXPECT_EQ(s.traffic.errored.oversize, 1600u);
  EXPECT_EQ(s.trialLoad, 0.5);
  EXPECT_EQ(filtering.factory->loads(), std::vector<double>{0.5}) << "oneTrial at the load";
  EXPECT_EQ(text(filtering.lab.page->answerText()), "Errored frames: filters errored frames: yes");
  EXPECT_EQ(text(filtering.detail()),
            "At 50 %:\nValid, 64 B: 1,000 of 1,000 forwarded: all\nUndersize, 40 B: 0 of 1,000 forwarded: filtered\n"
            "Oversize, 1600 B: 0 of 1,000 forwarded: filtered\nBad FCS: not tested (the drone's ports send the FCS "
            "their NIC computes (a veth carries none): frames with a bad FCS need a port that can send them)");
  EXPECT_EQ(text(filtering.lab.page->pairsText()),
            "Pairs of the trial at 50 % (the errored frames trial: valid, undersized, oversized frames)");
  EXPECT_EQ(filtering.lab.page->pairs()->rowCount(), 3);
  const std::string json = filtering.lab.page->rfc2889Run()->resultJson();
  EXPECT_NE(json.find("\"test\": \"errored_frames\""), std::string::npos);
  EXPECT_NE(json.find("\"undersize_bytes\": 40"), std::string::npos) << json;
  EXPECT_NE(json.find("\"oversize_bytes\": 1600"), std::string::npos);
  EXPECT_NE(json.find("\"passed\": true"), std::string::npos);

  ErroredRun leaky(true);
  ASSERT_TRUE(leaky.ran) << text(leaky.lab.page->statusText());
  EXPECT_EQ(leaky.factory->lastSetup.traffic.errored.undersize, 60u) << "the CLI's defaults";
  EXPECT_EQ(leaky.factory->lastSetup.traffic.errored.oversize, 1519u);
  EXPECT_EQ(leaky.factory->lastSetup.trialLoad, 1.0);
  EXPECT_EQ(text(leaky.lab.page->answerText()), "Errored frames: filters errored frames: no (undersized frames forwarded)");
  EXPECT_TRUE(leaky.detail().contains("Undersize, 60 B: 1,000 of 1,000 forwarded: not filtered")) << text(leaky.detail());
}

TEST(Rfc2889PressurePage, TheirPortsAndSettingsAreCheckedNamingTheField) {
  Lab lab;
  auto factory = std::make_shared<FakeProbeFactory>([](const Rfc2889Setup& s, double load) { return erroredTrial(s, load, false); });
  lab.page->setExecutorFactory(factory);
  auto refused = [&](const char* field, const QString& value, const std::string& status) {
    if (field) lab.type(field, value);
    EXPECT_FALSE(lab.page->run()) << field;
    EXPECT_EQ(text(lab.page->statusText()), status);
  };
  auto shown = [&](const char* field) { return !lab.page->findChild<QLineEdit*>(QString("rfc2889") + field)->isHidden(); };
  lab.form()->setTest(Rfc2889Test::kForwardPressure);
  EXPECT_TRUE(shown("SweepMinLoad") && shown("Step") && shown("SweepMaxLoad") && shown("Duration") && shown("FrameSize"));
  EXPECT_FALSE(shown("Load") || shown("MinLoad") || shown("Undersize")) << "the sweep's own fields";
  ASSERT_TRUE(lab.form()->portsBox()->choosePairPorts(labPort("eth1"), labPort("eth1")));
  refused(nullptr, {}, "Ports: the sender and the receiver must be two different ports");
  ASSERT_TRUE(lab.form()->portsBox()->choosePairPorts(labPort("eth1"), labPort("eth2")));
  lab.type("SweepMaxLoad", "50");
  refused("SweepMinLoad", "60", "Min load (%): must be at most Max load (50 %)");
  EXPECT_EQ(lab.page->findChild<QLineEdit*>("rfc2889SweepMinLoad")->selectedText(), "60") << "the field is shown";
  lab.type("SweepMinLoad", "10");
  refused("Step", "0.5", "Step (%): must be 1..100");
  lab.type("Step", "10");
  refused("SweepMaxLoad", "0", "Max load (%): must be above 0, at most 100");

  lab.form()->setTest(Rfc2889Test::kErroredFrames);
  EXPECT_TRUE(shown("Undersize") && shown("Oversize") && shown("Load") && shown("Duration"));
  EXPECT_FALSE(shown("SweepMinLoad") || shown("Step") || shown("MinLoad"));
  refused("Undersize", "64", "Undersize (B): must be a whole number 34..63");
  refused("Undersize", "33", "Undersize (B): must be a whole number 34..63");
  lab.type("Undersize", "60");
  refused("Oversize", "1518", "Oversize (B): must be a whole number 1519..16384");
  EXPECT_EQ(factory->created, 0);

  lab.type("Oversize", "9000");
  lab.type("Duration", "1");
  ASSERT_TRUE(lab.page->run()) << text(lab.page->statusText());
  ASSERT_TRUE(lab.waitFinished());
  EXPECT_EQ(factory->lastSetup.traffic.errored.oversize, 9000u) << "the pair of ports is shared with forward pressure";
  EXPECT_EQ(factory->lastSetup.ports, (std::vector<PortRef>{labPort("eth1"), labPort("eth2")}));
  Rfc2889Page again(&lab.tree);  // the test and its fields are remembered
  EXPECT_EQ(again.form()->test(), Rfc2889Test::kErroredFrames);
  EXPECT_EQ(again.findChild<QLineEdit*>("rfc2889Oversize")->text(), "9000");
}

}  // namespace
}  // namespace staccato::client
