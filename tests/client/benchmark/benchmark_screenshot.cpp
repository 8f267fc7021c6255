// The Benchmark page's screenshot for the docs, after a run on the simulated device (a 300 Mbit/s
// device behind a generator calibrated at 400 kpps per flow, on 1 Gbit/s ports):
// benchmark_screenshot OUT.png. Runs offscreen (QWidget::grab), or under Xvfb.
#include <QApplication>
#include <QEventLoop>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

#include "client/widgets/benchmark_form.h"
#include "client/widgets/benchmark_page.h"
#include "tests/client/benchmark/benchmark_lab.h"

using namespace staccato::client;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.png\n", argv[0]);
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setApplicationVersion("0.1.0");
  QStandardPaths::setTestModeEnabled(true);  // neither the user's saved fields nor a test's
  QSettings().remove("benchmark");
  PortTreeModel tree;
  test::addLabPorts(tree);
  BenchmarkPage page(&tree);
  page.setExecutorFactory(std::make_shared<test::SimulatedFactory>());
  page.form()->choosePorts({test::kLabDrone, "eth1"}, {test::kLabDrone, "eth2"});
  page.form()->advanced()->setExpanded(true);  // every option in the picture
  page.resize(1440, 900);
  page.show();
  QEventLoop wait;
  QObject::connect(page.benchmarkRun(), &BenchmarkRun::finished, &wait, &QEventLoop::quit);
  QTimer::singleShot(120000, &wait, &QEventLoop::quit);
  if (!page.run() || (wait.exec(), page.benchmarkRun()->running())) {
    std::fprintf(stderr, "the benchmark did not run: %s\n", page.statusText().toUtf8().constData());
    return 1;
  }
  QApplication::processEvents();
  if (!page.grab().save(QString::fromLocal8Bit(argv[1]))) {
    std::fprintf(stderr, "cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
