// staccato: the desktop GUI. Connects to the drones given with --drone, else to the drones
// remembered from last time, else to a local drone, starting one when none answers.
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>

#include <iostream>
#include <memory>

#include "client/app/local_drone.h"
#include "client/app/quit_on_signal.h"
#include "client/core/session/grpc_drone_session.h"
#include "client/widgets/drone_benchmark_factory.h"
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
  QApplication app(argc, argv);
  QApplication::setApplicationName("staccato");
  QApplication::setOrganizationName("staccato");
  QApplication::setApplicationVersion("0.1.0");
  // The installed staccato.desktop and hicolor icon (packages); no icon when run from a build.
  QGuiApplication::setDesktopFileName("staccato");
  QApplication::setWindowIcon(QIcon::fromTheme("staccato"));
  quitOnTerminationSignals();

  QCommandLineParser cli;
  cli.setApplicationDescription("Staccato: build streams of packets, send them from drones, watch loss and latency.");
  cli.addHelpOption();
  cli.addVersionOption();
  QCommandLineOption droneOpt("drone", "Connect to a drone (host:port or unix:/path); repeatable.", "address");
  QCommandLineOption tokenOpt("token-file", "Access token for the drones given with --drone.", "file");
  QCommandLineOption tlsOpt("tls", "Use TLS for the drones given with --drone.");
  QCommandLineOption caOpt("ca", "Trust this CA certificate (PEM) for TLS.", "file");
  QCommandLineOption plainOpt("plaintext-token",
                              "Send the token to the drones given with --drone without TLS (trusted networks only).");
  QCommandLineOption demoOpt("demo-lab", "Start a local drone with a private veth pair (demo0 <-> demo1) and use it.");
  QCommandLineOption noLocalOpt("no-local-drone", "Never start a local drone.");
  QCommandLineOption intervalOpt("stats-interval", "Stats update interval in milliseconds (100-10000, default 500).",
                                 "ms", "500");
  QCommandLineOption openOpt("open", "Load a stream file into the first port once it is listed.", "file");
  cli.addOptions({droneOpt, tokenOpt, tlsOpt, caOpt, plainOpt, demoOpt, noLocalOpt, intervalOpt, openOpt});
  cli.process(app);

  bool intervalOk = false;
  const unsigned interval = cli.value(intervalOpt).toUInt(&intervalOk);
  if (!intervalOk || interval < 100 || interval > 10000) {
    std::cerr << "staccato: --stats-interval: give 100..10000 milliseconds\n";
    return 2;
  }
  std::string token;
  if (cli.isSet(tokenOpt)) {
    const std::string file = cli.value(tokenOpt).toStdString();
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
  LocalDrone localDrone;
  QObject::connect(&localDrone, &LocalDrone::log, &window,
                   [&](const QString& line) { window.logPane()->append(LogLevel::kInfo, "local drone", line); });
  QObject::connect(&localDrone, &LocalDrone::failed, &window, [&](const QString& why) {
    window.logPane()->append(LogLevel::kError, "local drone", why);
    window.bottomTabs()->setCurrentWidget(window.logPane());
  });
  auto add = [&](const DroneAddress& a) { workspace.addSession(std::make_unique<GrpcDroneSession>(a), interval); };

  if (cli.isSet(droneOpt)) {
    for (const QString& target : cli.values(droneOpt)) {
      DroneAddress a = addressOf(target, token);
      a.tls = cli.isSet(tlsOpt) || cli.isSet(caOpt);
      a.caCertFile = cli.value(caOpt).toStdString();
      a.plaintextToken = cli.isSet(plainOpt);
      add(a);
    }
  } else if (cli.isSet(demoOpt)) {
    const QString address = localDrone.start(/*demoLab=*/true);
    if (!address.isEmpty()) add(addressOf(address, {}));  // the session retries until the drone listens
  } else {
    QStringList remembered = QSettings().value("drones").toStringList();
    if (remembered.isEmpty()) remembered << kDefaultDroneTarget;
    // Before protocol 1.0 the local drone listened on TCP loopback; it now uses a unix socket.
    remembered.replaceInStrings(QRegularExpression("^127\\.0\\.0\\.1:7878$"), kDefaultDroneTarget);
    remembered.removeDuplicates();
    for (const QString& target : remembered) add(addressOf(target, {}));
    // Nothing on the default address at the first try: start a local drone there (once).
    if (!cli.isSet(noLocalOpt) && remembered.contains(kDefaultDroneTarget)) {
      DroneSession* s = workspace.session(kDefaultDroneTarget);
      auto decided = std::make_shared<bool>(false);
      QObject::connect(s, &DroneSession::stateChanged, &window, [&, s, decided] {
        if (*decided || s->state() == SessionState::kConnecting) return;
        *decided = true;
        if (s->state() != SessionState::kReconnecting) return;
        window.logPane()->append(LogLevel::kInfo, "client", QString("no drone at %1: starting a local one").arg(kDefaultDroneTarget));
        localDrone.start(/*demoLab=*/false);
      });
    }
  }

  if (cli.isSet(openOpt)) {
    const QString file = cli.value(openOpt);
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
