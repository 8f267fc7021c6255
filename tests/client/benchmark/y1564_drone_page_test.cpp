// The Y.1564 page bound as the app binds it (DroneY1564Factory: the Y.1564 drone executor the CLI
// uses), on a drone of fake ports in the test process: a real run from the GUI, end to end.
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "client/widgets/drone_y1564_factory.h"
#include "client/widgets/y1564_form.h"
#include "client/widgets/y1564_page.h"
#include "tests/client/benchmark/drone_page_lab.h"

namespace staccato::client {
namespace {

struct DroneLab : test::DronePageLab<Y1564Page, DroneY1564Factory> {
  DroneLab() : DronePageLab("y1564") {}
};

TEST(Y1564DronePage, RunsThroughTheDroneExecutorOnFakePorts) {
  DroneLab d;
  ASSERT_TRUE(d.sendsAToB());
  Y1564Form* form = d.page.form();
  bench::Y1564Config c;
  bench::Y1564Service s;
  s.name = "data";
  s.cirMbps = 2;
  s.sac.maxFlr = 0.01;
  c.services = {s};
  c.cirSteps = {1};
  c.stepSeconds = 1;
  c.performanceSeconds = 3;
  form->setConfig(c);
  QSignalSpy finished(d.page.y1564Run(), &Y1564Run::finished);
  ASSERT_TRUE(d.page.run()) << d.page.statusText().toStdString();
  ASSERT_TRUE(finished.wait(180000)) << "no end after 3 minutes";
  const bench::Y1564Result& r = d.page.y1564Run()->result();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.ports, "a@" + d.key.toStdString() + " -> b@" + d.key.toStdString());
  EXPECT_GT(r.lineRateBps, 0);
  ASSERT_EQ(r.configuration.size(), 2u);  // CIR, policing
  ASSERT_EQ(r.performance.size(), 1u);
  EXPECT_GT(r.configuration[0].measured.sent, 0u);
  // Fake ports join a to b without a device: what was sent at CIR arrived (a busy machine may
  // leave the step not judged, never failed).
  EXPECT_NE(bench::verdictWord(r.configuration[0].verdict), "FAIL") << r.configuration[0].verdict.failures.at(0);
  EXPECT_EQ(r.performance[0].perSecond.size(), 3u);
  EXPECT_EQ(d.page.results()->rowCount(), 3);
}

TEST(Y1564DronePage, APortOfNoConnectedDroneIsRefused) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  DroneY1564Factory factory(&d.workspace);
  auto open = factory.create({}, {{d.key, "a"}, {"10.9.9.9:7878", "b"}});
  ASSERT_FALSE(open);
  EXPECT_EQ(open.error().path, "10.9.9.9:7878");
  EXPECT_NE(open.error().message.find("no drone is connected"), std::string::npos);
  // The reflector's drone is one the run needs too.
  open = factory.create({}, {{d.key, "a"}, {d.key, "a"}, 4, {"10.9.9.9:7878", "b"}, v1::PortConfig::REFLECT_L3});
  ASSERT_FALSE(open);
  EXPECT_EQ(open.error().path, "10.9.9.9:7878");
}

}  // namespace
}  // namespace staccato::client
