// The RFC 2889 page bound as the app binds it (DroneRfc2889Factory: the drone probes the CLI uses),
// on a drone of fake ports in the test process: real runs from the GUI, end to end. Fake ports are
// wires (a <-> b, c <-> d), not a switch: a meshed test between a and b delivers every frame, and
// an address test learns "every" address, since a wire floods nothing to the monitoring port;
// errored frames cross it all, and forward pressure's trial past the line rate cannot be offered
// (a's line is b's).
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "client/widgets/drone_rfc2889_factory.h"
#include "client/widgets/rfc2889_form.h"
#include "client/widgets/rfc2889_page.h"
#include "tests/client/benchmark/drone_page_lab.h"

namespace staccato::client {
namespace {

/// a <-> b and c <-> d at 10 Mbit/s (14,880 frames a second at 64 bytes).
std::vector<drone::fake::FakePortSpec> tenMegabitPorts() {
  auto ports = test::pairedPorts({"a", "b", "c", "d"});
  for (auto& p : ports) p.speedMbps = 10;
  return ports;
}

struct DroneLab : test::DronePageLab<Rfc2889Page, DroneRfc2889Factory> {
  DroneLab() : DronePageLab("rfc2889", tenMegabitPorts()) {}
  PortRef port(const char* name) const { return {key, name}; }
  bool type(const char* field, const QString& text) { return page.form()->settingsBox()->setText(field, text); }
  bool runToTheEnd() {
    QSignalSpy finished(page.rfc2889Run(), &Rfc2889Run::finished);
    if (!page.run()) {
      ADD_FAILURE() << page.statusText().toStdString();
      return false;
    }
    return finished.wait(180000);
  }
};

TEST(Rfc2889DronePage, FullyMeshedRunsThroughTheDroneProbeOnFakePorts) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  d.page.form()->setTest(Rfc2889Test::kMeshed);
  ASSERT_TRUE(d.page.form()->portsBox()->chooseMeshedPorts({d.port("a"), d.port("b")}));
  ASSERT_TRUE(d.type("Load", "20"));
  ASSERT_TRUE(d.type("Duration", "1"));
  ASSERT_TRUE(d.runToTheEnd()) << "no end after 3 minutes";
  const bench::Rfc2889TrafficResult& r = d.page.rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.ports, (std::vector<std::string>{"a@" + d.key.toStdString(), "b@" + d.key.toStdString()}));
  EXPECT_EQ(r.lineRateBps, 10e6);
  ASSERT_GE(r.search.trials.size(), 1u);
  const bench::TrafficTrial& first = r.search.trials[0];
  EXPECT_EQ(first.load, 0.2);
  ASSERT_EQ(first.pairs.size(), 2u) << "a to b and b to a";
  EXPECT_GT(first.sent(), 2000u) << "about 2,976 frames: 20 % of 14,880 a second for 1 s";
  // The wire delivers every frame to its peer: a judged trial passes (a busy machine may leave it
  // not judged, never failed).
  if (first.judged()) {
    EXPECT_TRUE(first.passed()) << first.lost() << " lost, " << first.elsewhere() << " elsewhere";
    EXPECT_EQ(r.search.trials.size(), 1u) << "the first load passed: the search ends there";
    EXPECT_TRUE(d.page.answerText().startsWith("Fully meshed: throughput 20 %")) << d.page.answerText().toStdString();
  }
  EXPECT_EQ(d.page.trials()->rowCount(), int(r.search.trials.size()));
  EXPECT_EQ(d.page.pairs()->rowCount(), 2);
}

TEST(Rfc2889DronePage, OneToManyOpensTheDroneProbeOnItsPattern) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  d.page.form()->setTest(Rfc2889Test::kOneToMany);
  ASSERT_TRUE(d.page.form()->portsBox()->chooseSenderPorts(d.port("a"), {d.port("b")}));
  ASSERT_TRUE(d.type("Load", "20"));
  ASSERT_TRUE(d.type("Duration", "1"));
  ASSERT_TRUE(d.runToTheEnd()) << "no end after 3 minutes";
  const bench::Rfc2889TrafficResult& r = d.page.rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.pattern, bench::TrafficPattern::kOneToMany);
  ASSERT_GE(r.search.trials.size(), 1u);
  const bench::TrafficTrial& first = r.search.trials[0];
  ASSERT_EQ(first.pairs.size(), 1u) << "a to b only: b does not send back as in a meshed test";
  EXPECT_EQ(first.pairs[0].tx, "a");
  EXPECT_EQ(first.pairs[0].rx, "b");
  EXPECT_GT(first.sent(), 2000u) << "about 2,976 frames: 20 % of 14,880 a second for 1 s";
  if (first.judged()) {
    EXPECT_TRUE(d.page.answerText().startsWith("One-to-many: throughput 20 %")) << d.page.answerText().toStdString();
  }
}

TEST(Rfc2889DronePage, ForwardPressureSweepsThroughTheDroneProbeUntilTheSenderCannotOffer) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  d.page.form()->setTest(Rfc2889Test::kForwardPressure);
  ASSERT_TRUE(d.page.form()->portsBox()->choosePairPorts(d.port("a"), d.port("b")));
  ASSERT_TRUE(d.type("SweepMinLoad", "10"));
  ASSERT_TRUE(d.type("Step", "10"));
  ASSERT_TRUE(d.type("SweepMaxLoad", "20"));
  ASSERT_TRUE(d.type("Duration", "1"));
  ASSERT_TRUE(d.runToTheEnd()) << "no end after 3 minutes";
  const bench::Rfc2889TrafficResult& r = d.page.rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.pattern, bench::TrafficPattern::kForwardPressure);
  EXPECT_EQ(r.lineRateBps, 10e6) << "the receiving port's";
  EXPECT_DOUBLE_EQ(r.forwarding.maxLoad, 0.2);
  ASSERT_GE(r.search.trials.size(), 1u);
  const bench::TrafficTrial& first = r.search.trials[0];
  EXPECT_EQ(first.load, 0.1);
  ASSERT_EQ(first.pairs.size(), 1u);
  EXPECT_EQ(first.pairs[0].tx, "a");
  EXPECT_EQ(first.pairs[0].rx, "b");
  // a's line is no faster than b's: the trial past the line rate cannot be offered, and the sweep
  // ends incomplete there (or earlier, when a busy machine did not send a trial as asked).
  EXPECT_FALSE(r.complete());
  EXPECT_FALSE(r.search.trials.back().judged());
  if (r.search.trials.size() == 3) {
    EXPECT_GT(r.search.trials.back().load, 1);
    EXPECT_NE(r.search.trials.back().testerNote.find("cannot offer"), std::string::npos) << r.search.trials.back().testerNote;
  }
  EXPECT_TRUE(d.page.answerText().startsWith("Forward pressure: incomplete")) << d.page.answerText().toStdString();
}

TEST(Rfc2889DronePage, ErroredFramesOpensTheDroneProbeOnItsPattern) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  d.page.form()->setTest(Rfc2889Test::kErroredFrames);
  ASSERT_TRUE(d.page.form()->portsBox()->choosePairPorts(d.port("a"), d.port("b")));
  ASSERT_TRUE(d.type("Load", "20"));
  ASSERT_TRUE(d.type("Duration", "1"));
  ASSERT_TRUE(d.runToTheEnd()) << "no end after 3 minutes";
  const bench::Rfc2889TrafficResult& r = d.page.rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.pattern, bench::TrafficPattern::kErroredFrames);
  EXPECT_EQ(r.errored.undersize, 60u);
  ASSERT_EQ(r.search.trials.size(), 1u);
  const bench::TrafficTrial& t = r.search.trials[0];
  ASSERT_EQ(t.pairs.size(), 3u) << "valid, undersized and oversized frames, a to b";
  for (const bench::PairCount& p : t.pairs) EXPECT_EQ(p.tx + ">" + p.rx, "a>b");
  EXPECT_GT(t.pairs[0].sent, 0u);
  EXPECT_GT(t.pairs[1].sent, 0u);
  EXPECT_TRUE(d.page.answerText().startsWith("Errored frames: ")) << d.page.answerText().toStdString();
  if (t.judged())  // a wire filters nothing
    EXPECT_TRUE(d.page.answerText().startsWith("Errored frames: filters errored frames: no (undersized frames forwarded"))
        << d.page.answerText().toStdString();
}

TEST(Rfc2889DronePage, AnAddressTestOnAWireLearnsEveryAddress) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  d.page.form()->setTest(Rfc2889Test::kCaching);
  ASSERT_TRUE(d.page.form()->portsBox()->chooseAddressPorts(d.port("a"), d.port("b"), d.port("c")));
  ASSERT_TRUE(d.type("Aging", "0"));
  ASSERT_TRUE(d.type("MaxAddresses", "64"));
  ASSERT_TRUE(d.runToTheEnd()) << "no end after 3 minutes";
  const bench::Rfc2889AddressResult& r = d.page.rfc2889Run()->addressResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.caching.trials.size(), 1u);
  const bench::AddressTrial& t = r.caching.trials[0];
  EXPECT_EQ(t.learningSent, 64u);
  EXPECT_EQ(t.testSent, 64u);
  // b's test frames all cross the wire to a (the learning port); c, the monitor, is on another
  // wire and sees none: the largest trial passes, so the answer is "at least" it.
  if (t.judged()) {
    EXPECT_EQ(t.forwarded, 64u);
    EXPECT_EQ(t.flooded, 0u);
    EXPECT_TRUE(r.caching.atLeast);
    EXPECT_EQ(d.page.answerText(), "Address caching capacity: at least 64 addresses");
  }
  EXPECT_EQ(d.page.trials()->rowCount(), 1);
}

TEST(Rfc2889DronePage, APortOfNoConnectedDroneIsRefused) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  DroneRfc2889Factory factory(&d.workspace);
  Rfc2889Setup setup;
  setup.test = Rfc2889Test::kMeshed;
  setup.ports = {d.port("a"), {"10.9.9.9:7878", "b"}};
  auto open = factory.create(setup);
  ASSERT_FALSE(open);
  EXPECT_EQ(open.error().path, "10.9.9.9:7878");
  EXPECT_NE(open.error().message.find("no drone is connected"), std::string::npos);
}

}  // namespace
}  // namespace staccato::client
