// The RFC 2889 page's screenshot for the docs, after a fully meshed run on a model switch behind
// four 1 Gbit/s ports whose fabric forwards 40 % of the line rate from each port: the trials of
// the throughput search, the answer, and the twelve pairs of the trial at the throughput.
// rfc2889_screenshot OUT.png. Runs offscreen (QWidget::grab), or under Xvfb.
#include "client/widgets/rfc2889_form.h"
#include "client/widgets/rfc2889_page.h"
#include "tests/client/benchmark/page_screenshot.h"
#include "tests/client/benchmark/rfc2889_lab.h"

using namespace staccato;
using namespace staccato::client;

int main(int argc, char** argv) {
  if (!test::screenshotArgs(argc, argv)) return 2;
  test::ScreenshotApp app(argc, argv, "rfc2889");
  test::addSwitchPorts(app.tree);
  Rfc2889Page page(&app.tree);
  page.setExecutorFactory(std::make_shared<test::ModelSwitchFactory>(test::SwitchModel{.forwardShare = 0.4}));
  Rfc2889Form* form = page.form();
  form->setTest(Rfc2889Test::kMeshed);
  auto port = [](const char* name) { return PortRef{test::kLabDrone, name}; };
  form->portsBox()->chooseMeshedPorts({port("eth1"), port("eth2"), port("eth3"), port("eth4")});
  return test::runAndGrab(page, page.rfc2889Run(), "test", argv[1]);
}
