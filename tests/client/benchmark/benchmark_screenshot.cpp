// The Benchmark page's screenshot for the docs, after a run on the simulated device (a 300 Mbit/s
// device behind a generator calibrated at 400 kpps per flow, on 1 Gbit/s ports), and optionally
// its Ports box set to run through a reflector:
// benchmark_screenshot OUT.png [REFLECTOR.png]. Runs offscreen (QWidget::grab), or under Xvfb.
#include <QApplication>
#include <QGroupBox>

#include "client/widgets/benchmark_form.h"
#include "client/widgets/benchmark_page.h"
#include "tests/client/benchmark/benchmark_lab.h"
#include "tests/client/benchmark/page_screenshot.h"

using namespace staccato::client;

int main(int argc, char** argv) {
  if (!test::screenshotArgs(argc, argv)) return 2;
  test::ScreenshotApp app(argc, argv, "benchmark");
  BenchmarkPage page(&app.tree);
  page.setExecutorFactory(std::make_shared<test::SimulatedFactory>());
  page.form()->choosePorts({test::kLabDrone, "eth1"}, {test::kLabDrone, "eth2"});
  page.form()->advanced()->setExpanded(true);  // every option in the picture
  if (const int code = test::runAndGrab(page, page.benchmarkRun(), "benchmark", argv[1]); code != 0 || argc < 3) return code;
  page.form()->reflector()->setOn(true);
  QApplication::processEvents();
  auto* ports = page.form()->findChild<QGroupBox*>();
  if (!ports || !ports->grab().save(QString::fromLocal8Bit(argv[2]))) {
    std::fprintf(stderr, "cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
