// The Y.1564 page's screenshot for the docs, after a run on a modelled policer behind 1 Gbit/s
// ports: voice and video get through, data is policed 5 % below its CIR, and every service loses
// three seconds of the 15-minute performance test. y1564_screenshot OUT.png. Runs offscreen
// (QWidget::grab), or under Xvfb.
#include <QTableView>

#include "client/widgets/y1564_form.h"
#include "client/widgets/y1564_page.h"
#include "tests/client/benchmark/page_screenshot.h"
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
  if (!test::screenshotArgs(argc, argv)) return 2;
  test::ScreenshotApp app(argc, argv, "y1564");
  Y1564Page page(&app.tree);
  test::PolicerModel device;
  device.policeMbps = [](const bench::Y1564Service& s) { return s.name == "data" ? 0.95 * s.cirMbps : s.cirMbps + s.eirMbps; };
  device.lossFrom = 400;
  device.lossTo = 403;
  page.setExecutorFactory(std::make_shared<test::SimulatedY1564Factory>(device));
  page.form()->choosePorts({test::kLabDrone, "eth1"}, {test::kLabDrone, "eth2"});
  page.form()->setConfig(labConfig());
  // The end of the table: data's failed steps and every service's performance test.
  return test::runAndGrab(page, page.y1564Run(), "test", argv[1],
                          [&] { page.findChild<QTableView*>("y1564Results")->scrollToBottom(); });
}
