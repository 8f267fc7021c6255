#include "client/app/local_drone.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include "client/core/drone_connection.h"

namespace staccato::client {

LocalDrone::LocalDrone(QObject* parent) : QObject(parent) {
  process_.setProcessChannelMode(QProcess::MergedChannels);
  // If the GUI dies without stopping it (crash, kill -9), the drone gets SIGTERM from the
  // kernel: no orphaned drone, and the demo lab goes with it.
  process_.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGTERM); });
  connect(&process_, &QProcess::readyRead, this, [this] {
    while (process_.canReadLine()) {
      const QString line = QString::fromLocal8Bit(process_.readLine()).trimmed();
      if (line.isEmpty()) continue;
      stderrTail_ = line;
      emit log(line);
    }
  });
  connect(&process_, &QProcess::finished, this, [this](int code, QProcess::ExitStatus) {
    if (code == 0) return;
    QString why = "the local drone stopped (exit code " + QString::number(code) + ")";
    if (!stderrTail_.isEmpty()) why += ": " + stderrTail_;
    if (stderrTail_.contains("sudo") || stderrTail_.contains("password"))
      why += ". Starting a local drone needs root: run `sudo -v` first, start the GUI as root, or install the "
             "drone as a service (installer/install-drone.sh)";
    emit failed(why);
  });
  connect(&process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
    if (e == QProcess::FailedToStart)
      emit failed("cannot start " + process_.program() + ": " + process_.errorString() +
                  " (build it, or set STACCATO_DRONE_BIN to the staccato-drone binary)");
  });
}

LocalDrone::~LocalDrone() { stop(); }

QString LocalDrone::findBinary() {
  if (QString env = qEnvironmentVariable("STACCATO_DRONE_BIN"); !env.isEmpty()) return env;
  const QString here = QCoreApplication::applicationDirPath();
  for (const QString& candidate : {here + "/staccato-drone", here + "/../../drone/staccato-drone"})
    if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).canonicalFilePath();
  return QStandardPaths::findExecutable("staccato-drone");
}

QString LocalDrone::start(LocalLab lab) {
  const QString binary = findBinary();
  if (binary.isEmpty()) {
    emit failed("staccato-drone not found next to this program nor on PATH (set STACCATO_DRONE_BIN)");
    return {};
  }
  QStringList args;
  QString address = kDefaultDroneTarget;
  if (lab == LocalLab::kRouter) {
    address = kRouterLabTarget;
    args << "--router-lab";  // on its default socket, where the CLI and scripts find it too
  } else if (lab == LocalLab::kDemo) {
    socketDir_ = std::make_unique<QTemporaryDir>(QDir::tempPath() + "/staccato-demo-XXXXXX");
    if (!socketDir_->isValid()) {
      emit failed("cannot create a directory for the demo drone's socket: " + socketDir_->errorString());
      return {};
    }
    address = "unix:" + socketDir_->path() + "/drone.sock";
    args << "--demo-lab" << "--listen" << address;
  }
  QString program = binary;
  if (geteuid() != 0) {  // the drone needs root (or capabilities) for raw sockets and the labs
    args.prepend(binary);
    args.prepend("-n");
    program = "sudo";
  }
  emit log("starting " + program + " " + args.join(' '));
  process_.start(program, args);
  return address;
}

void LocalDrone::stop() {
  if (process_.state() == QProcess::NotRunning) return;
  process_.terminate();
  if (!process_.waitForFinished(3000)) {
    process_.kill();
    process_.waitForFinished(1000);
  }
}

bool LocalDrone::running() const { return process_.state() != QProcess::NotRunning; }

}  // namespace staccato::client
