// The Benchmark page bound as the app binds it (DroneBenchmarkFactory: the drone executor the CLI
// uses), on a drone of fake ports in the test process: a real run from the GUI, end to end, and
// one through a reflector (which fake ports refuse to be).
#include <gtest/gtest.h>

#include <QProgressBar>
#include <QSignalSpy>

#include "client/widgets/benchmark_form.h"
#include "client/widgets/benchmark_page.h"
#include "client/widgets/drone_benchmark_factory.h"
#include "tests/client/benchmark/drone_page_lab.h"

namespace staccato::client {
namespace {

struct DroneLab : test::DronePageLab<BenchmarkPage, DroneBenchmarkFactory> {
  DroneLab() : DronePageLab("benchmark") {}
};

TEST(BenchmarkDronePage, RunsThroughTheDroneExecutorOnFakePorts) {
  DroneLab d;
  ASSERT_TRUE(d.sendsAToB());
  BenchmarkForm* form = d.page.form();
  form->applyPreset("quick");
  form->setTests({bench::TestKind::kThroughput});
  form->setFrameSizes("512");
  form->setLossGoals("0");
  form->setTrialSeconds(0.3);
  QSignalSpy finished(d.page.benchmarkRun(), &BenchmarkRun::finished);
  ASSERT_TRUE(d.page.run()) << d.page.statusText().toStdString();
  ASSERT_TRUE(finished.wait(180000)) << "no end after 3 minutes";
  const bench::BenchmarkResult& r = d.page.benchmarkRun()->result();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.config.portPairs[0].tx, "a@" + d.key.toStdString());
  ASSERT_EQ(r.sizes.size(), 1u);
  ASSERT_FALSE(r.trials.empty());
  // Fake ports join a to b without a device: what a counted trial sent arrived. (How far the
  // search gets depends on the machine's load: a busy one makes it tester-limited.)
  uint64_t sent = 0;
  for (const bench::TrialResult& t : r.trials) {
    sent += t.txFrames;
    if (t.counted) {
      EXPECT_EQ(t.rxFrames, t.txFrames) << "trial " << t.number << " at " << t.request.load;
    }
  }
  EXPECT_GT(sent, 0u);
  EXPECT_EQ(d.page.results()->rowCount(), 1);
  EXPECT_EQ(d.page.progressBar()->value(), d.page.progressBar()->maximum());
}

TEST(BenchmarkDronePage, AReflectorIsSetToReflect) {
  DroneLab d;
  ASSERT_TRUE(d.sendsAToB());
  BenchmarkForm* form = d.page.form();
  form->reflector()->setOn(true);  // b, the receive port chosen, is now the reflector
  form->reflector()->setSwap(v1::PortConfig::REFLECT_L4);
  form->setTests({bench::TestKind::kThroughput});
  form->setFrameSizes("512");
  form->setLossGoals("0");
  form->setTrialSeconds(0.3);
  QSignalSpy finished(d.page.benchmarkRun(), &BenchmarkRun::finished);
  ASSERT_TRUE(d.page.run()) << d.page.statusText().toStdString();
  ASSERT_TRUE(finished.wait(180000)) << "no end after 3 minutes";
  EXPECT_EQ(d.page.benchmarkRun()->result().config.portPairs[0].reflector, "b@" + d.key.toStdString());
  // The run asked b to reflect as chosen; fake ports cannot (an XDP program does): the drone
  // refuses, the run ends saying why, and b is as it was.
  const std::string error = d.page.benchmarkRun()->result().error;
  EXPECT_NE(error.find("b"), std::string::npos) << error;
  EXPECT_NE(error.find("cannot reflect"), std::string::npos) << error;
  PortTreeModel* tree = d.workspace.portTree();
  const v1::Port* b = tree->port(tree->portIndex(d.key, "b"));
  ASSERT_TRUE(b);
  EXPECT_EQ(b->config().reflect(), v1::PortConfig::REFLECT_OFF);
}

TEST(BenchmarkDronePage, APortOfNoConnectedDroneIsRefused) {
  DroneLab d;
  ASSERT_TRUE(d.ready);
  bench::BenchmarkConfig c;
  c.portPairs = {{"a@" + d.key.toStdString(), "b@10.9.9.9:7878"}};
  DroneBenchmarkFactory factory(&d.workspace);
  auto p = factory.create(c, {});
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().path, "10.9.9.9:7878");
  EXPECT_NE(p.error().message.find("no drone is connected"), std::string::npos);
}

}  // namespace
}  // namespace staccato::client
