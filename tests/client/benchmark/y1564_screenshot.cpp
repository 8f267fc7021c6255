// The Y.1564 page's screenshot for the docs, after a run on a modelled policer behind 1 Gbit/s
// ports: voice and video get through, data is policed 5 % below its CIR, and every service loses
// three seconds of the 15-minute performance test. y1564_screenshot OUT.png. Runs offscreen
// (QWidget::grab), or under Xvfb.
#include <QApplication>
#include <QEventLoop>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>

#include <cstdio>

#include "client/widgets/y1564_form.h"
#include "client/widgets/y1564_page.h"
#include "tests/client/benchmark/y1564_lab.h"

using namespace staccato;
using namespace staccato::client;

namespace {

bench::Y1564Config labConfig() {
  auto service = [](const char* name, const char* size, double cir, double eir, bench::AcceptanceCriteria sac) {
    bench::Y1564Service s;
    s.name = name;
    s.frameSize = bench::parseFrameSize(size).value();
    s.cirMbps = cir;
    s.eirMbps = eir;
    s.sac = sac;
    return s;
  };
  bench::Y1564Config c;
  c.services = {service("voice", "128", 5, 0, {10, 5, 0.005, 0.9999}), service("video", "1024", 50, 10, {20, 10, 0.005, 0.9999}),
                service("data", "imix", 100, 50, {30, 15, 0.001, 0.999})};
  c.services[0].dscp = 46;
  c.services[1].vlan = 100;
  c.services[1].pcp = 4;
  c.services[1].cbsBytes = 12000;
  c.services[2].vlan = 200;
  c.services[2].cbsBytes = 24000;
  c.services[2].ebsBytes = 24000;
  c.stepSeconds = 60;
  c.performanceSeconds = 900;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.png\n", argv[0]);
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setApplicationVersion("0.1.0");
  QStandardPaths::setTestModeEnabled(true);  // neither the user's saved fields nor a test's
  QSettings().remove("y1564");
  PortTreeModel tree;
  test::addLabPorts(tree);
  Y1564Page page(&tree);
  test::PolicerModel device;
  device.policeMbps = [](const bench::Y1564Service& s) { return s.name == "data" ? 0.95 * s.cirMbps : s.cirMbps + s.eirMbps; };
  device.lossFrom = 400;
  device.lossTo = 403;
  page.setExecutorFactory(std::make_shared<test::SimulatedY1564Factory>(device));
  page.form()->choosePorts({test::kLabDrone, "eth1"}, {test::kLabDrone, "eth2"});
  page.form()->setConfig(labConfig());
  page.resize(1440, 900);
  page.show();
  QEventLoop wait;
  QObject::connect(page.y1564Run(), &Y1564Run::finished, &wait, &QEventLoop::quit);
  QTimer::singleShot(120000, &wait, &QEventLoop::quit);
  if (!page.run() || (wait.exec(), page.y1564Run()->running())) {
    std::fprintf(stderr, "the test did not run: %s\n", page.statusText().toUtf8().constData());
    return 1;
  }
  QApplication::processEvents();
  // The end of the table: data's failed steps and every service's performance test.
  page.findChild<QTableView*>("y1564Results")->scrollToBottom();
  QApplication::processEvents();
  if (!page.grab().save(QString::fromLocal8Bit(argv[1]))) {
    std::fprintf(stderr, "cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
