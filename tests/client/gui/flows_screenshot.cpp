// Not a test: the Flows page's pictures for docs/user-guide.md, against a real drone (a router
// lab: staccato-drone --router-lab, as root). Connects to TARGET, runs PROFILE with its clients
// on CLIENT_PORT and its servers on SERVER_PORT, grabs the page SECONDS into the run, then stops
// the run (both sides) and waits for it to end before quitting. With `search LOW HIGH RESOLUTION
// TRIAL_SECONDS` after SECONDS, runs an RFC 9411 search instead and grabs the page at its end.
// Usage: flows_screenshot TARGET PROFILE CLIENT_PORT SERVER_PORT OUT.png [SECONDS [search LOW HIGH RESOLUTION TRIAL_SECONDS]]
#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>

#include <array>
#include <cstdio>
#include <string>

#include "client/core/session/grpc_drone_session.h"
#include "client/widgets/flows_page.h"
#include "client/widgets/flows_search_box.h"
#include "client/widgets/flows_search_view.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/workspace.h"

using namespace staccato::client;

namespace {

bool waitFor(const std::function<bool()>& done, double seconds) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > seconds * 1000) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: %s TARGET PROFILE CLIENT_PORT SERVER_PORT OUT.png [SECONDS]\n", argv[0]);
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setApplicationVersion("0.1.0");
  QStandardPaths::setTestModeEnabled(true);
  QSettings().remove("flows");
  const double seconds = argc > 6 ? std::atof(argv[6]) : 15;
  Workspace workspace;
  DroneAddress address;
  address.target = argv[1];
  const QString key = workspace.addSession(std::make_unique<GrpcDroneSession>(address));
  FlowsPage page(&workspace);
  page.resize(1440, 900);
  page.show();
  if (!waitFor([&] { return page.serverPort()->count() >= 2; }, 20)) return std::fprintf(stderr, "no ports listed\n"), 1;
  if (!page.clientPort()->choose({key, argv[3]}) || !page.serverPort()->choose({key, argv[4]}))
    return std::fprintf(stderr, "no such port\n"), 1;
  if (!page.loadProfile(argv[2])) return std::fprintf(stderr, "%s\n", qPrintable(page.profileBox() ? page.statusText() : "")), 1;
  if (argc > 11 && std::string(argv[7]) == "search") {
    FlowsSearchBox* box = page.searchBox();
    box->setChecked(true);
    for (int i = 0; i < 4; ++i)
      box->field(std::array{FlowsSearchBox::kLow, FlowsSearchBox::kHigh, FlowsSearchBox::kResolution,
                            FlowsSearchBox::kTrialSeconds}[size_t(i)])
          ->setText(argv[8 + i]);
    if (!page.run()) return std::fprintf(stderr, "cannot search: %s\n", qPrintable(page.statusText())), 1;
    waitFor([&] { return !page.flowsSearch()->running(); }, 1800);
    waitFor([] { return false; }, 0.6);  // the charts' last redraw
    std::fprintf(stderr, "%s\n%s\n", qPrintable(page.searchView()->headlineText()), qPrintable(page.searchView()->detailText()));
    return page.grab().save(argv[5]) ? 0 : 1;
  }
  if (!page.run()) return std::fprintf(stderr, "cannot run: %s\n", qPrintable(page.statusText())), 1;
  FlowsRun* run = page.flowsRun();
  waitFor([&] { return !run->running() || (run->model()->hasClient() && run->model()->client().elapsed_ns() >= seconds * 1e9); },
          seconds + 60);
  waitFor([] { return false; }, 0.6);  // the charts' last redraw
  const bool saved = page.grab().save(argv[5]);
  std::fprintf(stderr, "%s\n%s\n", qPrintable(page.stepText()), qPrintable(page.statusText()));
  page.stop();
  waitFor([&] { return !run->running(); }, 90);
  std::fprintf(stderr, "%s\n%s\n", qPrintable(page.verdictText()), qPrintable(page.warningText()));
  return saved ? 0 : 1;
}
