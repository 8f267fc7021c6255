// The Benchmark page's screenshot for the docs, after a run on the simulated device (a 300 Mbit/s
// device behind a generator calibrated at 400 kpps per flow, on 1 Gbit/s ports):
// benchmark_screenshot OUT.png. Runs offscreen (QWidget::grab), or under Xvfb.
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
  return test::runAndGrab(page, page.benchmarkRun(), "benchmark", argv[1]);
}
