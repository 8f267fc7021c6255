// staccato: the desktop GUI. Connects to the drones given with --drone, else to the drones
// remembered from last time, else to a local drone, starting one when none answers.
#include <QApplication>
#include <QIcon>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>

#include <iostream>
#include <memory>

#include "client/app/gui_options.h"
#include "client/app/local_drone.h"
#include "client/app/quit_on_signal.h"
#include "client/core/session/grpc_drone_session.h"
#include "client/widgets/drone_benchmark_factory.h"
#include "client/widgets/drone_rfc2889_factory.h"
#include "client/widgets/drone_y1564_factory.h"
#include "client/widgets/log_pane.h"
#include "client/widgets/main_window.h"
#include "common/files/stream_file.h"
#include "common/files/token_file.h"

using namespace staccato;
using namespace staccato::client;

namespace {

DroneAddress addressOf(const QString& target, const std::string& token) {
  DroneAddress a;
  a.target = withDefaultPort(target.toStdString());
  a.token = token;
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  if (asksHelpOrVersion(argc, argv)) {  // no display needed (a QApplication aborts without one)
    QCoreApplication app(argc, argv);
    setApplicationNames();
    GuiOptions options;
    options.parser.process(app);  // prints and exits
    return 0;
  }
  QApplication app(argc, argv);
  setApplicationNames();
  // The installed staccato.desktop and hicolor icon (packages); no icon when run from a build.
  QGuiApplication::setDesktopFileName("staccato");
  QApplication::setWindowIcon(QIcon::fromTheme("staccato"));
  quitOnTerminationSignals();

  GuiOptions options;
  QCommandLineParser& cli = options.parser;
  cli.process(app);

  bool intervalOk = false;
  const unsigned interval = cli.value(options.statsInterval).toUInt(&intervalOk);
  if (!intervalOk || interval < 100 || interval > 10000) {
    std::cerr << "staccato: --stats-interval: give 100..10000 milliseconds\n";
    return 2;
  }
  std::string token;
  if (cli.isSet(options.tokenFile)) {
    const std::string file = cli.value(options.tokenFile).toStdString();
    auto t = readTokenFile(file);
    if (!t) {
      std::cerr << "staccato: " << t.error().toString() << "\n";
      return 2;
    }
    if (t->othersCanRead) std::cerr << "staccato: warning: " << othersCanReadNote(file) << "\n";
    token = t->token;
  }

  Workspace workspace;
  MainWindow window(&workspace);
  window.setBenchmarkExecutorFactory(std::make_shared<DroneBenchmarkFactory>(&workspace));
  window.setY1564ExecutorFactory(std::make_shared<DroneY1564Factory>(&workspace));
  window.setRfc2889ProbeFactory(std::make_shared<DroneRfc2889Factory>(&workspace));
  LocalDrone localDrone;
  QObject::connect(&localDrone, &LocalDrone::log, &window,
                   [&](const QString& line) { window.logPane()->append(LogLevel::kInfo, "local drone", line); });
  QObject::connect(&localDrone, &LocalDrone::failed, &window, [&](const QString& why) {
    window.logPane()->append(LogLevel::kError, "local drone", why);
    window.bottomTabs()->setCurrentWidget(window.logPane());
  });
  auto add = [&](const DroneAddress& a) { workspace.addSession(std::make_unique<GrpcDroneSession>(a), interval); };
  // Nothing answers at `target` at the first try: start a local drone there (once).
  auto startWhenNoneAnswers = [&](const char* target, LocalLab lab) {
    DroneSession* s = workspace.session(target);
    auto decided = std::make_shared<bool>(false);
    QObject::connect(s, &DroneSession::stateChanged, &window, [&, s, decided, target, lab] {
      if (*decided || s->state() == SessionState::kConnecting) return;
      *decided = true;
      if (s->state() != SessionState::kReconnecting) return;
      window.logPane()->append(LogLevel::kInfo, "client", QString("no drone at %1: starting a local one").arg(target));
      localDrone.start(lab);
    });
  };

  if (cli.isSet(options.drone)) {
    for (const QString& target : cli.values(options.drone)) {
      DroneAddress a = addressOf(target, token);
      a.tls = cli.isSet(options.tls) || cli.isSet(options.ca);
      a.caCertFile = cli.value(options.ca).toStdString();
      a.plaintextToken = cli.isSet(options.plaintextToken);
      add(a);
    }
  } else if (cli.isSet(options.demoLab)) {
    const QString address = localDrone.start(LocalLab::kDemo);
    if (!address.isEmpty()) add(addressOf(address, {}));  // the session retries until the drone listens
  } else if (cli.isSet(options.routerLab)) {
    add(addressOf(kRouterLabTarget, {}));
    startWhenNoneAnswers(kRouterLabTarget, LocalLab::kRouter);
  } else {
    QStringList remembered = QSettings().value("drones").toStringList();
    if (remembered.isEmpty()) remembered << kDefaultDroneTarget;
    // Before protocol 1.0 the local drone listened on TCP loopback; it now uses a unix socket.
    remembered.replaceInStrings(QRegularExpression("^127\\.0\\.0\\.1:7878$"), kDefaultDroneTarget);
    remembered.removeDuplicates();
    for (const QString& target : remembered) add(addressOf(target, {}));
    if (!cli.isSet(options.noLocalDrone) && remembered.contains(kDefaultDroneTarget))
      startWhenNoneAnswers(kDefaultDroneTarget, LocalLab::kNone);
  }

  if (cli.isSet(options.open)) {
    const QString file = cli.value(options.open);
    auto loaded = std::make_shared<bool>(false);
    QObject::connect(workspace.portTree(), &QAbstractItemModel::rowsInserted, &window, [&, file, loaded] {
      if (auto ports = workspace.allPorts(); !*loaded && !ports.empty()) {
        *loaded = true;
        window.loadStreamFile(file, ports.front());
        window.selectPort(ports.front());
      }
    });
  }

  window.resize(1280, 820);
  window.show();
  const int rc = app.exec();
  workspace.disconnect();
  localDrone.stop();
  return rc;
}
