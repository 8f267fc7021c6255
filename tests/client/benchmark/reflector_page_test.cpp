// "Through a reflector" on the Benchmark and Y.1564 pages: the receive-port picker picks the
// reflector (a port of another drone here), the pair becomes {tx, tx, reflector} with the swap
// depth chosen, and both directions at once is not offered (nor run when a listed pair has one).
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>

#include "client/widgets/benchmark_form.h"
#include "client/widgets/benchmark_page.h"
#include "client/widgets/y1564_form.h"
#include "client/widgets/y1564_page.h"
#include "tests/client/benchmark/benchmark_lab.h"
#include "tests/client/benchmark/y1564_lab.h"

namespace staccato::client {
namespace {

constexpr char kFar[] = "10.0.0.2:7878";

/// The lab's drone and a far one with port ens1: the reflector, beyond the device.
void addPorts(PortTreeModel& tree) {
  test::addLabPorts(tree);
  tree.addDrone(kFar);
  tree.setDroneInfo(kFar, "far", "connected", {}, true);
  std::vector<v1::Port> far(1);
  far[0].set_name("ens1");
  far[0].set_line_rate_bps(10e9);
  tree.setPorts(kFar, far);
}

/// The Benchmark page's "Both directions at once" check box.
QCheckBox* bothDirections(QWidget& page) {
  for (QCheckBox* c : page.findChildren<QCheckBox*>())
    if (c->text() == "Both directions at once") return c;
  return nullptr;
}

/// The text of the label of the form row holding `field`.
QString rowLabel(QWidget* field) {
  auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout());
  auto* label = form ? qobject_cast<QLabel*>(form->labelForField(field)) : nullptr;
  return label ? label->text() : QString();
}

TEST(ReflectorPage, BenchmarkRunsFromTheSendingPortThroughTheReflector) {
  QSettings().remove("benchmark");
  PortTreeModel tree;
  addPorts(tree);
  auto factory = std::make_shared<test::SimulatedFactory>();
  BenchmarkPage page(&tree);
  page.setExecutorFactory(factory);
  BenchmarkForm* form = page.form();
  form->setFrameSizes("512");
  form->setTrialSeconds(1);
  auto* on = page.findChild<QCheckBox*>("benchmarkReflector");
  auto* swap = page.findChild<QComboBox*>("benchmarkReflectSwap");
  ASSERT_TRUE(on && swap);
  QCheckBox* both = bothDirections(page);
  ASSERT_TRUE(both);
  both->setChecked(true);
  EXPECT_EQ(swap->currentText(), "l3") << "the default";
  EXPECT_FALSE(swap->isEnabled());
  on->setChecked(true);
  EXPECT_TRUE(swap->isEnabled());
  EXPECT_FALSE(both->isEnabled()) << "a reflector returns every frame: both ways already";
  EXPECT_FALSE(both->isChecked());
  EXPECT_EQ(rowLabel(page.findChild<QWidget*>("benchmarkRx")), "Reflector");
  swap->setCurrentText("l4");
  ASSERT_TRUE(form->choosePorts({test::kLabDrone, "eth1"}, {kFar, "ens1"}));

  ASSERT_TRUE(page.run()) << page.statusText().toStdString();
  QSignalSpy done(page.benchmarkRun(), &BenchmarkRun::finished);
  ASSERT_TRUE(!page.benchmarkRun()->running() || done.wait(60000));
  const std::string eth1 = std::string("eth1@") + test::kLabDrone;
  EXPECT_EQ(factory->lastConfig.portPairs, (std::vector<bench::PortPair>{{eth1, eth1, "ens1@10.0.0.2:7878"}}));
  EXPECT_EQ(factory->lastConfig.direction, bench::Direction::kUnidirectional);
  EXPECT_EQ(factory->lastConfig.lineRateBps, test::kLabLineRate) << "only the sending port's";
  ASSERT_EQ(factory->lastTarget.pairs.size(), 1u);
  const BenchmarkTarget::Pair& p = factory->lastTarget.pairs[0];
  EXPECT_EQ(p.tx, (PortRef{test::kLabDrone, "eth1"}));
  EXPECT_EQ(p.rx, p.tx);
  EXPECT_EQ(p.reflector, (PortRef{kFar, "ens1"}));
  EXPECT_EQ(factory->lastTarget.reflect, v1::PortConfig::REFLECT_L4);

  on->setChecked(false);
  EXPECT_TRUE(both->isEnabled());
  EXPECT_EQ(rowLabel(page.findChild<QWidget*>("benchmarkRx")), "Receive on");
  EXPECT_TRUE(form->pairs()[0].reflector.port.empty());
}

TEST(ReflectorPage, BenchmarkRefusesBothDirectionsWithAListedReflectedPair) {
  QSettings().remove("benchmark");
  PortTreeModel tree;
  addPorts(tree);
  auto factory = std::make_shared<test::SimulatedFactory>();
  BenchmarkPage page(&tree);
  page.setExecutorFactory(factory);
  page.form()->reflector()->setOn(true);
  ASSERT_TRUE(page.form()->choosePorts({test::kLabDrone, "eth1"}, {kFar, "ens1"}));
  ASSERT_TRUE(page.form()->addChosenPair());
  page.form()->reflector()->setOn(false);
  ASSERT_TRUE(page.form()->choosePorts({test::kLabDrone, "eth1"}, {test::kLabDrone, "eth2"}));
  ASSERT_TRUE(page.form()->addChosenPair());
  ASSERT_TRUE(bothDirections(page));
  bothDirections(page)->setChecked(true);
  EXPECT_FALSE(page.run());
  EXPECT_TRUE(page.statusText().contains("reflector")) << page.statusText().toStdString();
  EXPECT_EQ(factory->created, 0);
}

TEST(ReflectorPage, Y1564PassesTheReflectorAsVia) {
  QSettings().remove("y1564");
  PortTreeModel tree;
  addPorts(tree);
  auto factory = std::make_shared<test::SimulatedY1564Factory>();
  Y1564Page page(&tree);
  page.setExecutorFactory(factory);
  page.form()->setStepSeconds(1);
  page.form()->setTests(bench::Y1564Tests::kConfiguration);
  auto* on = page.findChild<QCheckBox*>("y1564Reflector");
  auto* swap = page.findChild<QComboBox*>("y1564ReflectSwap");
  ASSERT_TRUE(on && swap);
  on->setChecked(true);
  swap->setCurrentText("l2");
  EXPECT_EQ(rowLabel(page.findChild<QWidget*>("y1564Rx")), "Reflector");
  ASSERT_TRUE(page.form()->choosePorts({test::kLabDrone, "eth2"}, {kFar, "ens1"}));
  ASSERT_TRUE(page.run()) << page.statusText().toStdString();
  QSignalSpy done(page.y1564Run(), &Y1564Run::finished);
  ASSERT_TRUE(!page.y1564Run()->running() || done.wait(60000));
  const Y1564Target& t = factory->lastTarget;
  EXPECT_EQ(t.tx, (PortRef{test::kLabDrone, "eth2"}));
  EXPECT_EQ(t.rx, t.tx);
  EXPECT_EQ(t.via, (PortRef{kFar, "ens1"}));
  EXPECT_EQ(t.reflect, v1::PortConfig::REFLECT_L2);
  const std::string eth2 = std::string("eth2@") + test::kLabDrone;
  EXPECT_EQ(page.y1564Run()->result().ports,
            eth2 + " -> ens1@10.0.0.2:7878 (reflector; delay is the round trip) -> " + eth2);
}

}  // namespace
}  // namespace staccato::client
